import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { buildApp } from "../app";
import { useTestApp, within } from "../test/app";
import { answersOf, indexEveryBase, insertCatalogFixtures } from "./test-fixtures";
import { loadCatalogModel, readCatalogVersion } from "./load-model";

/** Price changes are patched into the in-memory catalogue, and answer exactly as a full rebuild would. */

const t = useTestApp(insertCatalogFixtures);

const price = (from: number, to: number, i = 0) => `filter[${i}][attribute]=price&filter[${i}][from]=${from}&filter[${i}][to]=${to}`;

/** Listings and searches whose answers show prices, the price order, price filters and price facets. */
const URLS = [
  "/categories/refrigerators?embed=products&limit=100",
  "/categories/refrigerators?embed=products&limit=2&order=price&dir=desc",
  `/categories/appliances?embed=products&limit=100&order=price&${price(0, 500)}`,
  `/categories/appliances?embed=products&limit=3&order=price&dir=desc&${price(200, 2000)}`,
  "/categories/default-category?embed=products&limit=5&order=price",
  "/categories/default-category?embed=products&limit=100&page=1",
  `/categories/default-category?embed=products&limit=100&${price(0, 1000)}`,
  `/categories/default-category?embed=products&limit=4&order=price&dir=desc&filter[0][attribute]=color&filter[0][in]=black&${price(100, 900, 1)}`,
  "/dynamic-category/color/black?embed=products&order=price",
  "/dynamic-category/promotion/SPRING?embed=products,promotions&order=price",
  "/search/fridge?embed=products&limit=100",
  "/search/fridge?embed=products&order=price&dir=desc",
  `/search/fridge?embed=products&order=price&${price(0, 1000)}`,
  "/search/television?embed=products&order=price",
  "/search/fri/autocomplete",
  "/search/zzqqxx?embed=products",
];




const tile = async (url: string, id: number) => {
  const page = (await t.app.inject(`/api/rest${url}`)).json() as { products: Array<{ entity_id: string; prices: { final_price_without_tax: number } }> };
  return page.products.find((p) => p.entity_id === String(id));
};

describe("price changes", () => {
  it("log a price change instead of moving catalog_version; anything else still moves it", async () => {
    const before = await readCatalogVersion(t.db);
    const logged = async () => (await t.db.execute(sql`SELECT product_id, kind FROM stock_changes ORDER BY id`) as unknown as {
      rows: Array<{ product_id: number; kind: string }> }).rows;
    const start = (await logged()).length;
    await t.db.update(schema.products).set({ msrp: 199_900 }).where(eq(schema.products.entityId, 101)); // unchanged value
    await t.db.update(schema.products).set({ specialToDate: new Date(Date.UTC(2030, 0, 1)) }).where(eq(schema.products.entityId, 104));
    await t.db.update(schema.products).set({ qty: 7 }).where(eq(schema.products.entityId, 104));
    expect(await readCatalogVersion(t.db)).toBe(before);
    expect((await logged()).slice(start)).toEqual([{ product_id: 104, kind: "price" }, { product_id: 104, kind: "stock" }]);
    // a price change together with a name change is a catalogue change
    await t.db.update(schema.products).set({ price: 150_000, name: "Frostline Side-by-Side Refrigerator XL" }).where(eq(schema.products.entityId, 102));
    expect(await readCatalogVersion(t.db)).toBeGreaterThan(before);
    expect((await logged()).slice(start + 2)).toEqual([]);
    await t.app.services.catalog.refresh(await t.app.services.config.get());
  });

  it("are patched in place: no rebuild, in the listing within a second, and every answer as a fresh model gives it", async () => {
    const config = await t.app.services.config.get();
    await indexEveryBase(t.app);
    const old = await answersOf(t.app, URLS); // answers, matches, outcomes and price indexes kept from the old prices
    const rebuilds = t.app.services.catalog.rebuilds;
    const version = await readCatalogVersion(t.db);
    const cheapest = "/categories/refrigerators?embed=products&limit=100";
    expect((await tile(URLS[2]!, 103))).toBeUndefined();

    const p = schema.products;
    await t.db.transaction(async (tx) => {
      // 103 falls into the $0–500 range and becomes the cheapest refrigerator
      await tx.update(p).set({ price: 9_999, finalPrice: 9_999 }).where(eq(p.entityId, 103));
      // 104 is on sale: a deeper sale price with its dates
      await tx.update(p).set({ specialPrice: 19_900, finalPrice: 19_900, specialFromDate: new Date(Date.UTC(2026, 0, 1)), specialToDate: new Date(Date.UTC(2031, 0, 1)) })
        .where(eq(p.entityId, 104));
      // 101: a new regular price and msrp; its open-box items (one listed, one not) get cheaper
      await tx.update(p).set({ price: 179_900, msrp: 209_900 }).where(eq(p.entityId, 101));
      await tx.update(p).set({ finalPrice: 99_900 }).where(eq(p.entityId, 112));
      await tx.update(p).set({ finalPrice: 89_900 }).where(eq(p.entityId, 113));
      // 108 becomes price on application; 107 moves between TVs in the price order
      await tx.update(p).set({ poa: true, displayAddToCart: false }).where(eq(p.entityId, 108));
      await tx.update(p).set({ price: 59_900, finalPrice: 59_900 }).where(eq(p.entityId, 107));
    });
    const took = await within(1_000, async () => (await tile(cheapest, 103))?.prices.final_price_without_tax === 99.99);
    expect(took).toBeLessThanOrEqual(1_000);
    // the whole transaction is one patch: everything else showed with it
    expect((await tile(cheapest, 104))!.prices.final_price_without_tax).toBe(199);
    expect(t.app.services.catalog.rebuilds).toBe(rebuilds);
    expect(await readCatalogVersion(t.db)).toBe(version);

    const patched = await answersOf(t.app, URLS);
    const byUrl = (list: string[], url: string) => JSON.parse(list[URLS.indexOf(url)]!) as {
      products: Array<{ entity_id: string; prices: Record<string, unknown>; outlets_min_price: unknown }>; filters: Array<{ attribute: string }>;
    };
    const filtered = byUrl(patched, URLS[2]!);
    expect(filtered.products.map((x) => x.entity_id)).toEqual(["116", "103", "104"]);
    expect(byUrl(patched, URLS[0]!).products.find((x) => x.entity_id === "101")!.outlets_min_price).toEqual({ amount: 899, formatted: "$899.00" });
    expect(byUrl(patched, URLS[0]!).products.find((x) => x.entity_id === "104")!.prices).toMatchObject({
      on_sale: true, special_from_date: "2026-01-01T00:00:00.000Z", special_to_date: "2031-01-01T00:00:00.000Z",
    });
    patched.forEach((answer, i) => {
      if (URLS[i] !== "/search/zzqqxx?embed=products") expect(answer, URLS[i]).not.toBe(old[i]);
    });

    // a second api process on the same database builds its model from scratch: the same bytes
    const fresh = await buildApp({ db: t.db, validateResponses: true });
    try {
      await indexEveryBase(fresh);
      const rebuilt = await answersOf(fresh, URLS);
      URLS.forEach((url, i) => expect(patched[i], url).toBe(rebuilt[i]));
    } finally {
      await fresh.close();
    }

    // and the model itself: tiles, suggestions, prices and the price order
    const model = await t.app.services.catalog.current(config);
    const reference = await loadCatalogModel(t.db, config.currency_code);
    expect(model.items).toEqual(reference.items);
    expect(model.suggestions).toEqual(reference.suggestions);
    expect([...model.price]).toEqual([...reference.price]);
    expect([...model.orders.price.order]).toEqual([...reference.orders.price.order]);
    expect([...model.orders.price.rank]).toEqual([...reference.orders.price.rank]);
  });

  it("reach another api process on the same database without a rebuild", async () => {
    const other = await buildApp({ db: t.db, validateResponses: true });
    try {
      const listing = "/categories/tvs?embed=products&limit=100&order=price";
      const ids = async () => ((await other.inject(`/api/rest${listing}`)).json() as { products: Array<{ entity_id: string }> }).products.map((x) => x.entity_id);
      const [first] = await ids();
      const rebuilds = other.services.catalog.rebuilds;
      await t.db.update(schema.products).set({ price: 999_900, finalPrice: 999_900 }).where(eq(schema.products.entityId, Number(first)));
      await within(1_500, async () => (await ids())[0] !== first);
      expect((await ids()).at(-1)).toBe(first);
      expect(other.services.catalog.rebuilds).toBe(rebuilds);
    } finally {
      await other.close();
    }
  });
});
