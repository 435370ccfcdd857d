import type { Db } from "../db/client";
import type { ChangeFeed } from "../db/changes";
import { Lru } from "../lib/lru";
import { lineProducts, storeStock, type LineProduct } from "./lines";

/** Tables a line product is read from (change feed `d:<table>`): a change to any drops every held product. */
const PRODUCT_TABLES = new Set(["products", "brands", "rebate_programs", "product_promotions", "product_fees"]);
/** Tables store stock is read from. */
const STOCK_TABLES = new Set(["inventory", "store_locations"]);

/** Held products and store stock, each with a generation that moves on every message about it. */
class Held<V> {
  readonly entries = new Lru<V, number>(20_000);
  generation = 0;

  drop(): void {
    this.entries.clear();
    this.generation++;
  }
}

/**
 * What carts read of the catalogue for their lines (prices, names, stock, brands, programmes,
 * fees: `LineProduct`) and the stores' stock of those products, kept per product while the change
 * feed vouches for them, so a cart change or answer reads no product row it has read before. The
 * same rule as the cart answers (answers.ts): every message about the tables read drops them all,
 * a read overtaken by such a message is not kept, and a held entry answers only once the feed has
 * delivered every change committed before the call (`settled`). Without a live feed every read
 * goes to the database. Placing an order never reads from here: it decides money and stock on rows
 * read in its own transaction.
 */
export class CartProducts {
  private readonly products = new Held<LineProduct>();
  private readonly stock = new Held<Map<number, number>>();

  constructor(private readonly feed: ChangeFeed | null) {
    feed?.on("d", (table) => {
      if (PRODUCT_TABLES.has(table)) this.products.drop();
      if (STOCK_TABLES.has(table)) this.stock.drop();
    });
    feed?.onReset(() => {
      this.products.drop();
      this.stock.drop();
    });
  }

  /** The line products of these ids (unknown ids are left out); reads through the caller's `db`. */
  async lineProducts(db: Db, ids: Iterable<number>): Promise<Map<number, LineProduct>> {
    return this.read(this.products, [...new Set(ids)], (missing) => lineProducts(db, missing));
  }

  /** Store stock of these products, by location then product (as storeStock answers it). */
  async storeStock(db: Db, ids: Iterable<number>): Promise<Map<number, Map<number, number>>> {
    const byProduct = await this.read(this.stock, [...new Set(ids)], async (missing) => {
      const read = await storeStock(db, missing);
      // every product asked for is kept, with no store at all when it has no inventory row
      const out = new Map<number, Map<number, number>>(missing.map((id) => [id, new Map()]));
      for (const [location, qtys] of read) for (const [id, qty] of qtys) out.get(id)!.set(location, qty);
      return out;
    });
    const out = new Map<number, Map<number, number>>();
    for (const [id, locations] of byProduct) {
      for (const [location, qty] of locations) {
        let m = out.get(location);
        if (!m) out.set(location, m = new Map());
        m.set(id, qty);
      }
    }
    return out;
  }

  private async read<V>(held: Held<V>, ids: number[], load: (missing: number[]) => Promise<Map<number, V>>): Promise<Map<number, V>> {
    const out = new Map<number, V>();
    if (ids.length === 0) return out;
    let missing = ids;
    if (this.feed?.live && await this.feed.settled()) {
      missing = [];
      for (const id of ids) {
        const hit = held.entries.get(id);
        if (hit === undefined) missing.push(id);
        else out.set(id, hit);
      }
    }
    if (missing.length === 0) return out;
    const generation = held.generation;
    const read = await load(missing);
    const keep = generation === held.generation && Boolean(this.feed?.live);
    for (const [id, value] of read) {
      out.set(id, value);
      if (keep) held.entries.set(id, value);
    }
    return out;
  }
}
