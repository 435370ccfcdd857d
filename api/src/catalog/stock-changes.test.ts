import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { schema } from "../db/client";
import { buildApp } from "../app";
import { useTestApp, within } from "../test/app";
import { answersOf, indexEveryBase, insertCatalogFixtures, VISIBLE_IN_CATALOG } from "./test-fixtures";
import { loadCatalogModel, readCatalogVersion } from "./load-model";
import type { CatalogModel } from "./index-model";
import { CatalogService } from "./service";

/** The availability facet, and stock changes patched into it in place exactly as a full rebuild builds it. */

const t = useTestApp(insertCatalogFixtures);

const inStock = (i = 0) => `filter[${i}][attribute]=availability&filter[${i}][in]=in_stock`;
const color = (values: string, i = 0) => `filter[${i}][attribute]=color&filter[${i}][in]=${values}`;
const price = (from: number, to: number, i = 0) => `filter[${i}][attribute]=price&filter[${i}][from]=${from}&filter[${i}][to]=${to}`;

/** Listings and searches with and without the availability filter, beside other filters, paged and sorted. */
const URLS = [
  "/categories/default-category?embed=products&limit=100",
  `/categories/default-category?embed=products&limit=100&${inStock()}`,
  `/categories/default-category?embed=products&limit=100&${price(0, 1000)}`,
  `/categories/default-category?embed=products&limit=3&order=price&${inStock()}&${price(0, 1500, 1)}`,
  `/categories/default-category?embed=products&limit=100&${color("black,silver")}`,
  `/categories/default-category?embed=products&limit=100&${color("black,silver")}&${inStock(1)}`,
  `/categories/refrigerators?embed=products&limit=2&order=price&${inStock()}`,
  `/categories/refrigerators?embed=products&limit=2&page=2&order=price&${inStock()}`,
  `/categories/appliances?embed=products&limit=100&${inStock()}&filter[1][attribute]=cat&filter[1][in]=refrigerators`,
  `/categories/tvs?embed=products&limit=100&${inStock()}`,
  "/categories/tvs?embed=products&limit=100",
  `/dynamic-category/color/black?embed=products&${inStock()}`,
  "/dynamic-category/availability/in_stock?embed=products&limit=100",
  `/dynamic-category/promotion/SPRING?embed=products,promotions&${inStock()}`,
  "/search/fridge?embed=products&limit=100",
  `/search/fridge?embed=products&limit=100&${inStock()}`,
  `/search/television?embed=products&${color("silver,white")}&${inStock(1)}`,
  "/search/television?embed=products&order=name",
];

type App = Awaited<ReturnType<typeof buildApp>>;
interface Listing {
  product_count: number;
  products: Array<{ entity_id: string; qty: number; in_stock: boolean }>;
  filters: Array<{ attribute: string; label: string; type: string; values: Array<{ value: string; display_name: string; product_count: number; selected: boolean }> }>;
}

const get = async (app: App, url: string) => {
  const response = await app.inject(`/api/rest${url}`);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as Listing;
};
const ids = (page: Listing) => page.products.map((p) => Number(p.entity_id));
const availability = (page: Listing) => page.filters.find((f) => f.attribute === "availability");



/** The model's availability data equals a full rebuild's: tiles, option lists, members, bitsets. */
async function expectModelAsRebuilt(model: CatalogModel) {
  const reference = await loadCatalogModel(t.db, (await t.app.services.config.get()).currency_code);
  expect(model.items).toEqual(reference.items);
  expect([...model.opts]).toEqual([...reference.opts]);
  expect([...model.optStart]).toEqual([...reference.optStart]);
  expect(model.optionMembers.map((m) => [...m])).toEqual(reference.optionMembers.map((m) => [...m]));
  expect(model.optionBits.map((b) => (b ? [...b] : null))).toEqual(reference.optionBits.map((b) => (b ? [...b] : null)));
  expect(model.postingsCost).toBe(reference.postingsCost);
}


const setQty = async (qty: Record<number, number>) => {
  await t.db.transaction(async (tx) => {
    for (const [id, q] of Object.entries(qty)) await tx.update(schema.products).set({ qty: q }).where(eq(schema.products.entityId, Number(id)));
  });
};

describe("the availability facet", () => {
  it("counts the products in stock under the other filters, and filters like any option", async () => {
    const all = await get(t.app, "/categories/default-category?embed=products&limit=100");
    // every fixture product has stock; the configurable 109 through its silver child
    expect(availability(all)).toEqual({
      attribute: "availability", label: "Availability", type: "select", position: 0,
      values: [{ value: "in_stock", display_name: "In Stock", product_count: VISIBLE_IN_CATALOG.length, selected: false }],
    });
    // placed by its position: after the category facet, before price (position 1)
    expect(all.filters.map((f) => f.attribute)).toEqual(["cat", "availability", "price", "color", "capacity", "features"]);
    await setQty({ 104: 0, 110: 0 });
    await t.app.services.catalog.sync(await t.app.services.config.get());

    const filtered = await get(t.app, `/categories/default-category?embed=products&limit=100&${inStock()}`);
    expect(ids(filtered)).toEqual(VISIBLE_IN_CATALOG.filter((id) => id !== 104 && id !== 109));
    expect(filtered.products.every((p) => p.in_stock)).toBe(true);
    // its own selection does not narrow its count; the others' counts follow it
    expect(availability(filtered)!.values).toEqual([{ value: "in_stock", display_name: "In Stock", product_count: 9, selected: true }]);
    const colorsAll = (await get(t.app, "/categories/default-category?limit=1")).filters.find((f) => f.attribute === "color")!;
    const colorsInStock = filtered.filters.find((f) => f.attribute === "color")!;
    expect(colorsAll.values.find((v) => v.value === "black")!.product_count).toBe(4);
    expect(colorsInStock.values.find((v) => v.value === "black")!.product_count).toBe(3);
    expect(colorsInStock.values.find((v) => v.value === "silver")).toBeUndefined();
    // and it follows the other filters: black or silver products, of which 104 and 109 are out of stock
    const dark = await get(t.app, `/categories/default-category?limit=100&${color("black,silver")}`);
    expect(dark.product_count).toBe(5);
    expect(availability(dark)!.values[0]!.product_count).toBe(3);

    // special catalogues and search carry it too
    expect(availability(await get(t.app, "/dynamic-category/color/black?limit=1"))!.values[0]!.product_count).toBe(3);
    const found = await get(t.app, `/search/television?embed=products&${inStock()}`);
    expect(ids(found).sort()).toEqual([107, 108]);
    expect(availability(found)!.values[0]).toMatchObject({ product_count: 2, selected: true });
    expect(ids(await get(t.app, "/dynamic-category/availability/in_stock?limit=100&embed=products"))).not.toContain(104);

    // no product in stock: the facet is left out, and a filter on it is an empty listing with the notice
    const tvs = await get(t.app, `/categories/tvs?embed=products&${color("silver")}&${inStock(1)}`);
    expect(tvs.product_count).toBe(0);
    expect(availability(tvs)!.values).toEqual([{ value: "in_stock", display_name: "In Stock", product_count: 0, selected: true }]);
    expect(availability(await get(t.app, `/categories/tvs?${color("silver")}`))).toBeUndefined();
    // out of stock is not a value: asking for it matches nothing, as any unknown value does
    expect((await get(t.app, "/categories/default-category?filter[0][attribute]=availability&filter[0][in]=out_of_stock")).product_count).toBe(0);
    const range = await t.app.inject("/api/rest/categories/default-category?filter[0][attribute]=availability&filter[0][from]=1");
    expect(range.statusCode).toBe(400);
    expect(range.json().messages.error[0].message).toBe("filter[0]: the filter on 'availability' takes a list of values (in), not a range.");

    await setQty({ 104: 5, 110: 3 });
    await t.app.services.catalog.sync(await t.app.services.config.get());
  });

  it("is configured by an attributes row: label, position, or not shown", async () => {
    await t.db.insert(schema.attributes).values({ code: "availability", label: "Stock", frontendInput: "select", position: 3 });
    try {
      await t.app.services.catalog.refresh(await t.app.services.config.get());
      const page = await get(t.app, "/categories/default-category?limit=1");
      // after the attributes of its position (capacity is 3 too), as the store's attributes are ordered
      expect(page.filters.map((f) => f.attribute)).toEqual(["cat", "price", "color", "capacity", "availability", "features"]);
      expect(availability(page)!.label).toBe("Stock");
      await t.db.update(schema.attributes).set({ isFilterable: false }).where(eq(schema.attributes.code, "availability"));
      await t.app.services.catalog.refresh(await t.app.services.config.get());
      expect(availability(await get(t.app, "/categories/default-category?limit=1"))).toBeUndefined();
      expect((await t.app.inject(`/api/rest/categories/default-category?${inStock()}`)).statusCode).toBe(400);
    } finally {
      await t.db.delete(schema.attributes).where(eq(schema.attributes.code, "availability"));
      await t.app.services.catalog.refresh(await t.app.services.config.get());
    }
  });
});

describe("stock changes", () => {
  it("are patched into the facet in place: no rebuild, within a second, and every answer as a fresh model gives it", async () => {
    const model = await indexEveryBase(t.app);
    const rebuilds = t.app.services.catalog.rebuilds;
    const version = await readCatalogVersion(t.db);
    const listed = async () => ids(await get(t.app, `/categories/default-category?embed=products&limit=100&${inStock()}`));

    // three rounds, each answered first from what was kept from the round before
    const rounds: Array<{ qty: Record<number, number>; gone: number[]; back: number[] }> = [
      // 104 sells its last unit; the configurable 109's only child in stock sells out; 107 merely sells one; a search-only product sells out
      { qty: { 104: 0, 110: 0, 107: 4, 115: 0 }, gone: [104, 109], back: [] },
      // 104 is restocked; 109 is back through its other child; 102 sells out
      { qty: { 104: 3, 111: 2, 102: 0 }, gone: [102], back: [104, 109] },
      // 109's child is sold out again while the configurable gets stock of its own: still in stock
      { qty: { 111: 0, 109: 1, 102: 0 }, gone: [], back: [] },
    ];
    let old = await answersOf(t.app, URLS);
    for (const [round, { qty, gone, back }] of rounds.entries()) {
      const before = await listed();
      await setQty(qty);
      const expected = [...before.filter((id) => !gone.includes(id)), ...back].sort((a, b) => VISIBLE_IN_CATALOG.indexOf(a) - VISIBLE_IN_CATALOG.indexOf(b));
      const took = await within(1_000, async () => JSON.stringify(await listed()) === JSON.stringify(expected));
      expect(took, `round ${round}`).toBeLessThanOrEqual(1_000);
      // a round that moves nothing in or out passes at once: make sure its qty changes are applied too
      await t.app.services.catalog.sync(await t.app.services.config.get());
      expect(t.app.services.catalog.rebuilds).toBe(rebuilds);
      expect(await readCatalogVersion(t.db)).toBe(version);
      expect(await t.app.services.catalog.current(await t.app.services.config.get())).toBe(model);

      const patched = await answersOf(t.app, URLS);
      if (gone.length + back.length > 0) expect(patched[1], `round ${round}`).not.toBe(old[1]);
      // a second api process on the same database builds its model from scratch: the same bytes
      const fresh = await buildApp({ db: t.db, validateResponses: true });
      try {
        await indexEveryBase(fresh);
        const rebuilt = await answersOf(fresh, URLS);
        URLS.forEach((url, i) => expect(patched[i], `round ${round}: ${url}`).toBe(rebuilt[i]));
      } finally {
        await fresh.close();
      }
      await expectModelAsRebuilt(model);
      old = patched;
    }
    const tvs = await get(t.app, "/categories/tvs?embed=products&limit=100");
    expect(tvs.products.find((p) => p.entity_id === "109")).toMatchObject({ qty: 1, in_stock: true });
  });

  it("too many at once rebuild the model once, and the changes after it are patched again", async () => {
    const catalog = new CatalogService(t.db, { maxPatchedProducts: 2 });
    const config = await t.app.services.config.get();
    const model = await catalog.current(config);
    const qtyOf = (m: CatalogModel, id: number) => (JSON.parse(m.items[m.ids.indexOf(id)]!) as { qty: number }).qty;
    await catalog.sync(config); // the window as it stands
    const rebuilds = catalog.rebuilds;
    await setQty({ 101: 31, 103: 32, 105: 33 });
    await catalog.sync(config);
    expect(catalog.rebuilds).toBe(rebuilds + 1);
    const rebuilt = await catalog.current(config);
    expect(rebuilt).not.toBe(model);
    expect([101, 103, 105].map((id) => qtyOf(rebuilt, id))).toEqual([31, 32, 33]);
    // the three are not read again (they would be too many once more): one more change is patched in place
    await setQty({ 107: 34 });
    await catalog.sync(config);
    await catalog.sync(config);
    expect(catalog.rebuilds).toBe(rebuilds + 1);
    expect(await catalog.current(config)).toBe(rebuilt);
    expect(qtyOf(rebuilt, 107)).toBe(34);
  });

  it("reach another api process on the same database without a rebuild", async () => {
    const other = await buildApp({ db: t.db, validateResponses: true });
    try {
      const url = `/categories/tvs?embed=products&limit=100&${inStock()}`;
      expect(ids(await get(other, url))).toContain(108);
      const rebuilds = other.services.catalog.rebuilds;
      await setQty({ 108: 0 });
      await within(1_500, async () => !ids(await get(other, url)).includes(108));
      expect(availability(await get(other, "/categories/tvs?limit=1"))!.values[0]!.product_count).toBe(ids(await get(other, url)).length);
      await setQty({ 108: 7 });
      await within(1_500, async () => ids(await get(other, url)).includes(108));
      expect(other.services.catalog.rebuilds).toBe(rebuilds);
    } finally {
      await other.close();
    }
    await t.db.update(schema.products).set({ qty: 5 }).where(inArray(schema.products.entityId, [102, 104, 107, 115]));
  });
});
