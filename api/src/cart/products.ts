import { inArray, sql } from "drizzle-orm";
import { schema, type Db } from "../db/client";
import type { ChangeFeed } from "../db/changes";
import { Lru } from "../lib/lru";
import { LINE_PRODUCT_FIELDS, storeStock, type LineProduct } from "./lines";

/** Tables a line product is read from besides products (change feed `d:<table>`): a change to any drops every held product. */
const PRODUCT_TABLES = new Set(["products", "brands", "rebate_programs", "product_promotions", "product_fees"]);
/** Tables store stock is read from. */
const STOCK_TABLES = new Set(["inventory", "store_locations"]);
/** Products held at most (the whole catalogue of a demo store and then some). */
const CAPACITY = 50_000;

/** A read in progress: the ids a message named meanwhile (not stored), or all of them. */
interface Read {
  changed: Set<number>;
  all: boolean;
}

/** Entries held per product id, and the reads in progress that a message must spoil. */
class Held<V> {
  readonly entries = new Lru<V, number>(CAPACITY);
  private readonly reads = new Set<Read>();

  begin(): Read {
    const read = { changed: new Set<number>(), all: false };
    this.reads.add(read);
    return read;
  }

  /** Stores what a read found, leaving out what a message named while it was reading. */
  finish(read: Read, found: Iterable<[number, V]>, keep: boolean): void {
    this.reads.delete(read);
    if (!keep || read.all) return;
    for (const [id, value] of found) if (!read.changed.has(id)) this.entries.set(id, value);
  }

  drop(id?: number): void {
    if (id === undefined) {
      this.entries.clear();
      for (const read of this.reads) read.all = true;
    } else {
      this.entries.delete(id);
      for (const read of this.reads) read.changed.add(id);
    }
  }
}

type StoreQtys = Map<number, number>;

/**
 * What carts read of the catalogue for their lines (prices, names, stock, brands, programmes,
 * fees: `LineProduct`) and the stores' stock of those products, held per product while the change
 * feed vouches for them, so a cart change or answer reads no product row. The whole catalogue is
 * read once in the background on first use; a product changed (`p:<id>`, an order taking stock
 * included) is dropped alone, and any other change to the tables read drops everything (read again
 * as it is asked for). A read overtaken by a message about what it read is not kept, and a held
 * entry answers only once the feed has delivered every change committed before the call
 * (`settled`). Without a live feed every read goes to the database. Placing an order never reads
 * from here: it decides money and stock on rows read in its own transaction.
 */
export class CartProducts {
  private readonly products = new Held<LineProduct>();
  private readonly stock = new Held<StoreQtys>();
  private warming: Promise<void> | null = null;
  private warmed = false;
  /** products read from the database so far, one per product (tests check what is held) */
  productReads = 0;
  /** a request's transaction, and the change feed's mark when that request arrived */
  private readonly marks = new WeakMap<Db, number>();

  constructor(private readonly db: Db, private readonly feed: ChangeFeed | null) {
    feed?.on("p", (id) => {
      this.products.drop(Number(id));
    });
    feed?.on("d", (table) => {
      if (PRODUCT_TABLES.has(table)) this.dropProducts();
      if (STOCK_TABLES.has(table)) this.stock.drop();
    });
    feed?.onReset(() => {
      this.dropProducts();
      this.stock.drop();
    });
  }

  private dropProducts(): void {
    this.products.drop();
    this.warmed = false;
  }

  /** Reads through this transaction (of one request) are as fresh as `since`, the request's arrival. */
  asOf(tx: Db, since: number | undefined): void {
    if (since !== undefined) this.marks.set(tx, since);
  }

  /**
   * The line products of these ids (unknown ids are left out); reads through the caller's `db`.
   * `since`: a change feed mark; held entries answer as fresh as that moment (see ChangeFeed.mark).
   */
  async lineProducts(db: Db, ids: Iterable<number>, since = this.marks.get(db)): Promise<Map<number, LineProduct>> {
    return this.read(this.products, [...new Set(ids)], async (missing) => (await this.load(db, missing)).products, since);
  }

  /** Store stock of these products, by location then product (as storeStock answers it). */
  async storeStock(db: Db, ids: Iterable<number>, since = this.marks.get(db)): Promise<Map<number, Map<number, number>>> {
    const byProduct = await this.read(this.stock, [...new Set(ids)], async (missing) => {
      const read = await storeStock(db, missing);
      // every product asked for is kept, with no store at all when it has no inventory row
      const out = new Map<number, StoreQtys>(missing.map((id) => [id, new Map()]));
      for (const [location, qtys] of read) for (const [id, qty] of qtys) out.get(id)!.set(location, qty);
      return out;
    }, since);
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

  /** Whether held entries may answer now. */
  private async vouched(since?: number): Promise<boolean> {
    return Boolean(this.feed?.live) && await this.feed!.settled(since);
  }

  private async read<V>(held: Held<V>, ids: number[], load: (missing: number[]) => Promise<Map<number, V>>, since?: number): Promise<Map<number, V>> {
    const out = new Map<number, V>();
    if (ids.length === 0) return out;
    let missing = ids;
    if (await this.vouched(since)) {
      if (!this.warmed) this.warmUp();
      missing = [];
      for (const id of ids) {
        const hit = held.entries.get(id);
        if (hit === undefined) missing.push(id);
        else out.set(id, hit);
      }
    }
    if (missing.length > 0) for (const [id, value] of await load(missing)) out.set(id, value);
    return out;
  }

  /**
   * Products and their store stock in one statement (every product up to CAPACITY without `ids`),
   * kept unless a message about them came meanwhile.
   */
  private async load(db: Db, ids?: number[]): Promise<{ products: Map<number, LineProduct> }> {
    const productRead = this.products.begin();
    const stockRead = this.stock.begin();
    const p = schema.products;
    let rows: Array<LineProduct & { stores: Record<string, number> }> = [];
    try {
      const query = db.select({
        ...LINE_PRODUCT_FIELDS,
        stores: sql<Record<string, number>>`(select coalesce(json_object_agg(i.location_id, greatest(i.qty, 0)), '{}'::json)
          from inventory i where i.product_id = products.entity_id)`,
      }).from(p);
      rows = ids ? await query.where(inArray(p.entityId, ids)) : await query.orderBy(p.entityId).limit(CAPACITY);
      this.productReads += rows.length;
    } finally {
      const keep = Boolean(this.feed?.live);
      this.products.finish(productRead, rows.map(({ stores: _stores, ...product }) => [product.entityId, product]), keep);
      this.stock.finish(stockRead, rows.map((r) => [r.entityId, new Map(Object.entries(r.stores).map(([l, q]) => [Number(l), q]))]), keep);
    }
    return { products: new Map(rows.map(({ stores: _stores, ...product }) => [product.entityId, product])) };
  }

  /** Resolves once a warm-up under way is over. */
  async settledWarmUp(): Promise<void> {
    await this.warming;
  }

  /** The whole catalogue read in the background (later reads find it held): at start, and after everything was dropped. */
  warmUp(): void {
    if (this.warming || !this.feed?.live) return;
    this.warmed = true;
    this.warming = this.load(this.db).then(() => undefined, (error: unknown) => {
      this.warmed = false;
      process.emitWarning(`cart products warm-up failed: ${error instanceof Error ? error.message : String(error)}`);
    }).finally(() => {
      this.warming = null;
    });
  }
}
