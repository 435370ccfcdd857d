import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { useTestApp, within } from "../test/app";
import { F, insertProductFixtures } from "./test-fixtures";
import { nextSaleBoundary, repriceSaleWindows, scheduleSaleWindows } from "./sale-windows";

const t = useTestApp(insertProductFixtures);

type Tile = { entity_id: string; prices: { final_price_without_tax: number; on_sale: boolean } };
/** The product as the appliances listing shows it (stored final_price, through the in-memory catalogue). */
const tile = async (id: number) => ((await t.app.inject("/api/rest/categories/appliances?embed=products&limit=100")).json() as { products: Tile[] })
  .products.find((p) => p.entity_id === String(id));
/** The product as its own page prices it (the window worked out at request time). */
const page = async (id: number) => (await t.app.inject(`/api/rest/products/${id}`)).json().prices as { final_price_without_tax: number };
const stored = async (id: number) => (await t.db.select({ v: schema.products.finalPrice }).from(schema.products).where(eq(schema.products.entityId, id)))[0]!.v;

/** The test database with its first `execute` (the schedule's first statement) run through `first`, counting statements. */
function firstStatementThrough(first: (run: () => Promise<unknown>) => Promise<unknown>) {
  let statements = 0;
  const db = new Proxy(t.db, {
    get(target, key, receiver) {
      if (key !== "execute") return Reflect.get(target, key, receiver);
      return (query: Parameters<typeof t.db.execute>[0]) => {
        statements += 1;
        return statements === 1 ? first(() => target.execute(query)) : target.execute(query);
      };
    },
  });
  return { db, statements: () => statements };
}

describe("sale windows opening and closing", () => {
  it("a listing stops showing a sale that ended (and shows one that began) the way the product page does, with no rebuild", async () => {
    const id = 990;
    await t.db.insert(schema.products).values({ entityId: id, sku: "WIN-1", urlKey: "window-one", name: "Window Washer", price: 50000, finalPrice: 40000, specialPrice: 40000,
      specialFromDate: new Date(Date.now() - 86_400_000), specialToDate: new Date(Date.now() + 86_400_000), qty: 5 });
    await t.db.insert(schema.productCategories).values({ productId: id, categoryId: 10 });
    await within(3_000, async () => (await tile(id)) !== undefined);
    expect((await tile(id))!.prices).toMatchObject({ final_price_without_tax: 400, on_sale: true });
    const rebuilds = t.app.services.catalog.rebuilds;

    // the window closed a moment ago: the page already charges the price, the listing still says the sale price
    await t.db.update(schema.products).set({ specialToDate: new Date(Date.now() - 1000) }).where(eq(schema.products.entityId, id));
    await within(1_500, async () => (await page(id)).final_price_without_tax === 500);
    expect((await tile(id))!.prices.final_price_without_tax).toBe(400);
    expect(await repriceSaleWindows(t.db)).toBeGreaterThanOrEqual(1);
    expect(await stored(id)).toBe(50000);
    await within(1_500, async () => (await tile(id))!.prices.final_price_without_tax === 500);
    expect((await tile(id))!.prices).toMatchObject({ final_price_without_tax: 500, on_sale: false });

    // a window that opens: the special price (when lower) from its first instant
    const opens = new Date(Date.now() - 500);
    await t.db.update(schema.products).set({ specialPrice: 45000, specialFromDate: opens, specialToDate: null }).where(eq(schema.products.entityId, id));
    expect(await repriceSaleWindows(t.db)).toBeGreaterThanOrEqual(1);
    await within(1_500, async () => (await tile(id))!.prices.final_price_without_tax === 450);
    expect((await page(id)).final_price_without_tax).toBe(450);
    expect(t.app.services.catalog.rebuilds).toBe(rebuilds);

    // nothing left to do: a second run changes nothing, and moves no version (kept product answers stay)
    const detail = async () => ((await t.db.execute(sql`SELECT version::int AS v FROM product_detail_version`)) as unknown as { rows: Array<{ v: number }> }).rows[0]!.v;
    const version = await detail();
    expect(await repriceSaleWindows(t.db)).toBe(0);
    expect(await detail()).toBe(version);
  });

  it("the fixtures' expired and future specials are stored at their price once repriced", async () => {
    await repriceSaleWindows(t.db);
    expect(await stored(F.expiredSpecial)).toBe(10000);
    expect(await stored(F.futureSpecial)).toBe(10000);
  });

  it("names the next boundary ahead: a start or an end, whichever comes first", async () => {
    const now = new Date();
    const next = await nextSaleBoundary(t.db, now);
    // the future special starts in a day; nothing here ends sooner
    const [expected] = (await t.db.execute(sql`SELECT least(
      (SELECT min(special_from_date) FROM products WHERE special_price IS NOT NULL AND special_from_date > ${now.toISOString()}::timestamptz),
      (SELECT min(special_to_date) FROM products WHERE special_price IS NOT NULL AND special_to_date >= ${now.toISOString()}::timestamptz)) AS next`) as unknown as { rows: Array<{ next: string }> }).rows;
    expect(next?.getTime()).toBe(new Date(expected!.next).getTime());
    expect(next!.getTime()).toBeGreaterThan(now.getTime());
  });

  it("the schedule reprices just after a window ends, without waiting for its regular look", async () => {
    const id = 991;
    // wide enough that a loaded machine (the whole suite running beside it) still starts the
    // schedule while the sale runs
    const ends = new Date(Date.now() + 6_000);
    await t.db.insert(schema.products).values({ entityId: id, sku: "WIN-2", urlKey: "window-two", name: "Short Sale Dryer", price: 30000, finalPrice: 25000, specialPrice: 25000,
      specialFromDate: new Date(Date.now() - 86_400_000), specialToDate: ends, qty: 5 });
    const logged: string[] = [];
    // the regular look is an hour away: only the boundary can wake it in time
    const schedule = scheduleSaleWindows(t.db, { log: (m) => logged.push(m), maxWaitMs: 3_600_000 });
    try {
      const before = await stored(id);
      // the precondition: still inside the window when read (else the machine was too slow to tell)
      expect(ends.getTime() - Date.now(), "ms of the sale left when first read").toBeGreaterThan(0);
      expect(before).toBe(25000);
      await within(30_000, async () => (await stored(id)) === 30000);
      const late = Date.now() - ends.getTime();
      expect(late, `ms after the end when repriced (log: ${logged.join("; ")})`).toBeGreaterThan(0);
      // repriced soon after the boundary: the hour-long regular look cannot have done it (the
      // bound leaves room for a machine busy with the whole suite)
      expect(late, `ms after the end when repriced (log: ${logged.join("; ")})`).toBeLessThan(20_000);
      expect(logged.some((m) => /sale windows: \d+ products repriced/.test(m))).toBe(true);
    } finally {
      await schedule.stop();
    }
  }, 60_000);

  it("tries again a second after a failed look, not at its regular look", async () => {
    const id = 993;
    await t.db.insert(schema.products).values({ entityId: id, sku: "WIN-4", urlKey: "window-four", name: "Ended Sale Oven", price: 60000, finalPrice: 50000, specialPrice: 50000,
      specialFromDate: new Date(Date.now() - 86_400_000), specialToDate: new Date(Date.now() - 1_000), qty: 5 });
    // the first statement fails, as when the database restarts
    const failingFirst = firstStatementThrough(async () => {
      throw new Error("Connection terminated unexpectedly");
    });
    const logged: string[] = [];
    const schedule = scheduleSaleWindows(failingFirst.db, { log: (m) => logged.push(m), maxWaitMs: 3_600_000 });
    try {
      await within(20_000, async () => (await stored(id)) === 60000);
      expect(logged[0]).toBe("sale windows: repricing failed: Connection terminated unexpectedly");
      expect(failingFirst.statements()).toBeGreaterThanOrEqual(2);
    } finally {
      await schedule.stop();
    }
  });
});

describe("a sale window ending while the schedule looks", () => {
  it("is repriced at once when it ends between the schedule's reprice and its look for the next boundary", async () => {
    const id = 992;
    const ends = new Date(Date.now() + 1_500);
    await t.db.insert(schema.products).values({ entityId: id, sku: "WIN-3", urlKey: "window-three", name: "Boundary Range", price: 80000, finalPrice: 70000, specialPrice: 70000,
      specialFromDate: new Date(Date.now() - 86_400_000), specialToDate: ends, qty: 5 });
    // the schedule's first statement (its reprice) runs inside the window but answers only after
    // the window has ended, as on a machine busy at the wrong moment
    const slow = firstStatementThrough(async (run) => {
      const answer = await run();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, ends.getTime() - Date.now() + 100)));
      return answer;
    });
    const schedule = scheduleSaleWindows(slow.db, { log: () => {}, maxWaitMs: 3_600_000 });
    try {
      await within(6_000, async () => slow.statements() >= 2);
      // the first reprice ran inside the window; the hour-long regular look cannot be what reprices it
      await within(6_000, async () => (await stored(id)) === 80000);
      expect(Date.now()).toBeGreaterThan(ends.getTime());
    } finally {
      await schedule.stop();
    }
  });
});
