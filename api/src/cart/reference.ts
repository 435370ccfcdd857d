import { asc, eq, sql } from "drizzle-orm";
import { schema, type Db } from "../db/client";
import type { ChangeFeed } from "../db/changes";
import type { TotalsCoupon } from "./totals";
import type { ShippingMethodRow } from "./view";

export type StoreRow = typeof schema.storeLocations.$inferSelect;
export type TaxRateRow = typeof schema.taxRates.$inferSelect;

interface Tables {
  methods: ShippingMethodRow[];
  stores: StoreRow[];
  taxRates: TaxRateRow[];
  coupons: Map<string, TotalsCoupon>;
}

/** The tables read here; a change to any of them (change feed `d:<table>`) drops the copy. */
const TABLES = new Set(["shipping_methods", "store_locations", "tax_rates", "coupons"]);

/**
 * How current a read must be: false, the held copy as it is; true, caught up with every change
 * committed before the call; a change-feed mark (ChangeFeed.mark), caught up as of that mark, so
 * several reads can share one round.
 */
export type Freshness = boolean | number;

/**
 * The small tables every cart answer reads (enabled shipping methods, stores, tax rates, coupons),
 * held in memory while the change feed vouches for them. Reads go through the caller's `db` (a
 * transaction's: on the embedded database nothing else may run meanwhile). A `fresh` read (placing
 * an order decides money on it) takes the copy only once the feed has delivered every change
 * committed before the call, so it is as current as a read of the rows then; a coupon read fresh
 * always goes to the database (its use is counted there).
 */
export class CartReference {
  private copy: Promise<Tables> | null = null;
  private generation = 0;

  constructor(private readonly feed: ChangeFeed | null) {
    feed?.on("d", (table) => {
      if (TABLES.has(table)) this.drop();
    });
    feed?.onReset(() => this.drop());
  }

  private drop(): void {
    this.copy = null;
    this.generation++;
  }

  private async tables(db: Db): Promise<Tables> {
    if (this.copy) return this.copy;
    const generation = this.generation;
    const loading = load(db);
    this.copy = loading;
    loading.then(() => {
      // a change that arrived while loading: this copy may predate it
      if (this.generation !== generation && this.copy === loading) this.copy = null;
    }, () => {
      if (this.copy === loading) this.copy = null;
    });
    return loading;
  }

  /** Whether the held copy may answer: the feed listens, and for a fresh read it has caught up. */
  private async held(fresh: Freshness): Promise<boolean> {
    if (!this.feed?.live) return false;
    if (fresh === false) return true;
    return this.feed.settled(fresh === true ? undefined : fresh);
  }

  async shippingMethods(db: Db, fresh: Freshness = false): Promise<ShippingMethodRow[]> {
    return await this.held(fresh) ? (await this.tables(db)).methods : loadMethods(db);
  }

  async stores(db: Db): Promise<StoreRow[]> {
    return await this.held(false) ? (await this.tables(db)).stores : loadStores(db);
  }

  async store(db: Db, locationId: number, fresh: Freshness = false): Promise<StoreRow | undefined> {
    if (await this.held(fresh)) return (await this.tables(db)).stores.find((s) => s.locationId === locationId);
    return (await db.select().from(schema.storeLocations).where(eq(schema.storeLocations.locationId, locationId)))[0];
  }

  async taxRates(db: Db, fresh: Freshness = false): Promise<TaxRateRow[]> {
    return await this.held(fresh) ? (await this.tables(db)).taxRates : db.select().from(schema.taxRates);
  }

  /** A coupon by code, whatever its case. */
  async coupon(db: Db, code: string, fresh: Freshness = false): Promise<TotalsCoupon | null> {
    if (fresh === false && await this.held(false)) return (await this.tables(db)).coupons.get(code.toLowerCase()) ?? null;
    return (await db.select().from(schema.coupons).where(sql`lower(${schema.coupons.code}) = lower(${code})`))[0] ?? null;
  }
}

const loadStores = (db: Db) => db.select().from(schema.storeLocations).orderBy(asc(schema.storeLocations.storeName));
const loadMethods = (db: Db) => db.select().from(schema.shippingMethods).where(eq(schema.shippingMethods.enabled, true))
  .orderBy(asc(schema.shippingMethods.sort), asc(schema.shippingMethods.code));

async function load(db: Db): Promise<Tables> {
  const methods = await loadMethods(db);
  const stores = await loadStores(db);
  const taxRates = await db.select().from(schema.taxRates);
  const coupons = await db.select().from(schema.coupons);
  return { methods, stores, taxRates, coupons: new Map(coupons.map((c) => [c.code.toLowerCase(), c])) };
}
