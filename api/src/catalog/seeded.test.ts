import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { POSM_ATTRIBUTE, POSM_LIMIT, autocompleteResult, categoryPage, posmProducts, searchResult, siteConfig } from "@store/contract";
import type { Db } from "../db/client";
import { seedDemoStore } from "../seed/generate";
import { createTestApp, type TestApp } from "../test/app";
import { Rng } from "../seed/random";
import { POSM_SETS, POSM_SET_SIZE } from "../seed/posm-data";
import { rowsOf } from "../product/list-item";
import { CATALOG_VISIBILITY, SEARCH_VISIBILITY, visMaskOf, type SortCode } from "./index-model";
import { loadCatalogModel } from "./load-model";
import { buildApp } from "../app";
import { resolveFilters } from "./listing";
import { filterQuery, referenceCount, referenceFacet, referencePageByPrice, referencePriceRange, type ReferenceFilter } from "./sql-reference";

/** The engine against plain SQL on the generated demo store, over many filter combinations. */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
let db: Db;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  db = ctx.database.db;
  await seedDemoStore(db, { products: 400 });
}, 180_000);
afterAll(() => ctx.close());

async function category(url: string) {
  const response = await app.inject(`/api/rest${url}`);
  expect(response.statusCode, response.body).toBe(200);
  return categoryPage.parse(response.json());
}

describe("listings of the demo store", () => {
  it("agree with SQL on counts, disjunctive facets, price ranges and price order", async () => {
    const categories = (await app.inject("/api/rest/categories")).json() as Array<{ entity_id: string; url_key: string; level: number }>;
    const rng = new Rng(7);
    const picked = [{ entity_id: "2", url_key: "default-category", level: 1 }, ...rng.sample(categories.filter((c) => c.level >= 2), 7)];
    let checked = 0;
    for (const c of picked) {
      const plain = await category(`/categories/${c.url_key}`);
      const selectable = plain.filters.filter((f) => f.type !== "price" && f.type !== "category" && f.values.length > 0);
      for (let round = 0; round < 4; round++) {
        const filters: ReferenceFilter[] = [];
        for (const f of rng.sample(selectable, Math.min(selectable.length, 1 + (round % 3)))) {
          filters.push({ attribute: f.attribute, in: rng.sample(f.values.map((v) => v.value), rng.int(1, 2)) });
        }
        if (round % 2 === 1) filters.push({ attribute: "price", from: rng.int(0, 300), to: rng.int(400, 3000) });
        const id = c.level <= 1 ? null : Number(c.entity_id);
        const page = await category(`/categories/${c.url_key}?embed=products&limit=5&order=price&${filterQuery(filters)}`);
        expect(page.product_count, `${c.url_key} ${JSON.stringify(filters)}`).toBe(await referenceCount(db, id, filters));
        expect(page.products!.map((p) => Number(p.entity_id))).toEqual(await referencePageByPrice(db, id, filters, "asc", 5, 0));
        for (const attribute of new Set([...filters.map((f) => f.attribute), ...selectable.slice(0, 3).map((f) => f.attribute)])) {
          if (attribute === "price") continue;
          const counts = Object.fromEntries((page.filters.find((f) => f.attribute === attribute)?.values ?? []).filter((v) => v.product_count > 0).map((v) => [v.value, v.product_count]));
          expect(counts, `${c.url_key} ${attribute} ${JSON.stringify(filters)}`).toEqual(await referenceFacet(db, id, filters, attribute));
        }
        expect(page.filters.find((f) => f.attribute === "price")?.range ?? null).toEqual(await referencePriceRange(db, id, filters));
        checked++;
      }
    }
    expect(checked).toBe(32);
  });

  it("finds products despite typos and suggests while typing", async () => {
    for (const [term, word] of [["refridgerator", "Refrigerator"], ["dishwashr", "Dishwasher"], ["frostlin", "Frostline"]] as const) {
      const found = searchResult.parse((await app.inject(`/api/rest/search/${term}?embed=products&limit=5`)).json());
      expect(found.product_count, term).toBeGreaterThan(0);
      expect(found.products!.every((p) => p.name.includes(word)), term).toBe(true);
    }
    const suggestions = autocompleteResult.parse((await app.inject("/api/rest/search/refr/autocomplete")).json());
    expect(suggestions.products).toHaveLength(4);
    expect(suggestions.categories.length).toBeGreaterThan(0);
    expect(suggestions.categories.length).toBeLessThanOrEqual(5);
    const counts = suggestions.categories.map((c) => c.product_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(suggestions.searches[0]).toEqual({ query: "refrigerator", count: 40 });
  });

  it("answers price-only listings of large bases from the price index exactly as the general pass does", async () => {
    const model = await app.services.catalog.current(await app.services.config.get());
    const rng = new Rng(11);
    const bases: Array<{ key: string; base: Int32Array | null; parent: number }> = [
      { key: "root", base: null, parent: -1 },
      ...model.topLevel.map((c) => ({ key: `category:${c}`, base: model.categoryMembers[c], parent: c })),
    ];
    const saved = model.priceIndexMinBase;
    model.priceIndexMinBase = 0;
    try {
      let compared = 0;
      for (const { key, base, parent } of bases) {
        for (let round = 0; round < 6; round++) {
          const from = rng.int(0, 800);
          const groups = round === 0 ? [] : resolveFilters(model, [{ index: 0, attribute: "price", from, to: from + rng.int(0, 2500) }]);
          const request = {
            base, visMask: visMaskOf(CATALOG_VISIBILITY), groups, categoryFacetParent: parent,
            sort: rng.pick(["position", "price", "name", "top_rated", "newest"] as SortCode[]), dir: rng.pick(["asc", "desc"] as const),
            offset: rng.int(0, 3) * 10, limit: 10,
          };
          const general = model.run(request);
          const indexed = model.run({ ...request, baseKey: `test:${key}` });
          expect(indexed, `${key} ${JSON.stringify({ ...request, base: undefined, groups: groups.length })}`).toEqual(general);
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(12);
    } finally {
      model.priceIndexMinBase = saved;
    }
  });

  it("counts child categories of small results by walking them exactly as by testing each child", async () => {
    const model = await app.services.catalog.current(await app.services.config.get());
    const rng = new Rng(13);
    const ordinals = Int32Array.from({ length: model.n }, (_, i) => i);
    let walked = 0;
    for (let round = 0; round < 40; round++) {
      const base = Int32Array.from(rng.sample([...ordinals], rng.int(1, 60)));
      const parent = round % 2 === 0 ? -1 : rng.pick(model.topLevel);
      const children = parent < 0 ? model.topLevel : model.children[parent]!;
      const groups = resolveFilters(model, [
        ...(round % 3 === 0 ? [{ index: 0, attribute: "cat", in: rng.sample(children.map((c) => String(model.categories[c]!.id)), 1) }] : []),
        ...(round % 4 === 1 ? [{ index: 1, attribute: "price", from: rng.int(0, 500), to: rng.int(600, 3000) }] : []),
      ]);
      const request = { base, visMask: visMaskOf(SEARCH_VISIBILITY), groups, categoryFacetParent: parent, sort: "relevance" as SortCode, dir: "desc" as const, offset: 0, limit: 10 };
      try {
        model.categoryWalkFactor = Infinity;
        const byWalk = model.run(request);
        model.categoryWalkFactor = 0;
        expect(byWalk, `round ${round}`).toEqual(model.run(request));
        if (byWalk.filters.includes('"attribute":"cat"')) walked++;
      } finally {
        model.categoryWalkFactor = 1;
      }
    }
    expect(walked).toBeGreaterThan(10);
  });

  it("fills the point-of-sale marketing sets a few category listings show, from those sets' categories", async () => {
    const config = siteConfig.parse((await app.inject("/api/rest/config")).json());
    expect(config.available_posm_options).toEqual([]);
    const overrides = config.catalog_posm_overrides as Record<string, string[]>;
    expect(Object.keys(overrides).sort()).toEqual([...new Set(POSM_SETS.flatMap((s) => s.shownOn))].sort());
    for (const [key, values] of Object.entries(overrides)) {
      expect((await app.inject(`/api/rest/categories/${key}`)).statusCode, key).toBe(200);
      for (const value of values) {
        const set = POSM_SETS.find((s) => s.value === value)!;
        const response = await app.inject(`/api/rest/dynamic-category/${POSM_ATTRIBUTE}/${value}/products?embed=images&limit=${POSM_LIMIT}&dir=asc`);
        const answer = posmProducts.parse(response.json());
        expect(answer.product_count, value).toBeGreaterThan(0);
        expect(answer.product_count).toBeLessThanOrEqual(POSM_SET_SIZE);
        expect(answer.products).toHaveLength(answer.product_count);
        const inSet = await rowsOf<{ id: number }>(db, sql`
          SELECT DISTINCT pc.product_id AS id FROM product_categories pc JOIN categories c ON c.entity_id = pc.category_id
          WHERE c.url_key IN (${sql.join(set.from.map((k) => sql`${k}`), sql`, `)})`);
        const allowed = new Set(inSet.map((r) => String(r.id)));
        for (const p of answer.products) {
          expect(allowed.has(p.entity_id), `${value}: ${p.name}`).toBe(true);
          expect(p.images!.length).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe("price changes on the demo store", () => {
  it("patch the model to exactly what a full rebuild reads: tiles, suggestions, prices, price order, answers", async () => {
    const config = await app.services.config.get();
    const urls = [
      "/categories/default-category?embed=products&limit=48&order=price",
      "/categories/default-category?embed=products&limit=48&order=price&dir=desc&filter[0][attribute]=price&filter[0][from]=100&filter[0][to]=900",
      "/search/refrigerator?embed=products&limit=24&order=price",
      "/search/refr/autocomplete",
    ];
    for (const url of urls) await app.inject(`/api/rest${url}`);
    const before = await app.services.catalog.current(config);
    const rebuilds = app.services.catalog.rebuilds;
    // 40 products, outlets and sale items among them, some to a price another product has (ties in the price order)
    const listed = await rowsOf<{ id: number; price: number; final_price: number; outlet_of: number | null }>(db, sql`
      SELECT entity_id AS id, price, final_price, outlet_of FROM products WHERE status = 1 ORDER BY entity_id`);
    const rng = new Rng(17);
    const picked = rng.sample(listed, 40);
    for (const [i, p] of picked.entries()) {
      const final = i % 3 === 0 ? rng.pick(listed).final_price : Math.max(100, Math.round(p.final_price * rng.range(0.5, 1.5, 2)));
      await db.execute(sql`UPDATE products SET final_price = ${final}, price = greatest(price, ${final}) WHERE entity_id = ${p.id}`);
    }
    await app.services.catalog.sync(config);
    const model = await app.services.catalog.current(config);
    expect(model).toBe(before);
    expect(app.services.catalog.rebuilds).toBe(rebuilds);
    const reference = await loadCatalogModel(db, config.currency_code);
    expect(model.items).toEqual(reference.items);
    expect(model.suggestions).toEqual(reference.suggestions);
    expect([...model.price]).toEqual([...reference.price]);
    expect([...model.orders.price.order]).toEqual([...reference.orders.price.order]);
    expect([...model.orders.price.rank]).toEqual([...reference.orders.price.rank]);
    const fresh = await buildApp({ db, validateResponses: true });
    try {
      for (const url of urls) expect((await app.inject(`/api/rest${url}`)).body, url).toBe((await fresh.inject(`/api/rest${url}`)).body);
    } finally {
      await fresh.close();
    }
  });
});

describe("stock changes on the demo store", () => {
  it("patch the availability facet to exactly what a full rebuild reads: tiles, option lists, members, bitsets, answers", async () => {
    const config = await app.services.config.get();
    const inStock = "filter[0][attribute]=availability&filter[0][in]=in_stock";
    const urls = [
      `/categories/default-category?embed=products&limit=48&${inStock}`,
      "/categories/default-category?embed=products&limit=48&order=price&filter[0][attribute]=price&filter[0][from]=100&filter[0][to]=900",
      `/categories/default-category?embed=products&limit=48&order=name&${inStock}&filter[1][attribute]=price&filter[1][from]=100&filter[1][to]=900`,
      `/search/refrigerator?embed=products&limit=24&${inStock}`,
      "/search/refrigerator?embed=products&limit=24",
    ];
    for (const url of urls) await app.inject(`/api/rest${url}`);
    const before = await app.services.catalog.current(config);
    const rebuilds = app.services.catalog.rebuilds;
    // 40 products sell out or are restocked, configurable children among them
    const stock = await rowsOf<{ id: number; qty: number }>(db, sql`
      SELECT entity_id AS id, qty FROM products WHERE status = 1 ORDER BY (parent_id IS NULL), entity_id`);
    const rng = new Rng(19);
    const children = stock.slice(0, 15);
    const picked = [...rng.sample(children, Math.min(15, children.length)), ...rng.sample(stock.slice(15), 25)];
    for (const p of picked) await db.execute(sql`UPDATE products SET qty = ${p.qty > 0 ? 0 : rng.int(1, 9)} WHERE entity_id = ${p.id}`);
    // and one configurable sells out altogether (its own stock and every child's)
    const [parent] = await rowsOf<{ id: number }>(db, sql`SELECT min(parent_id) AS id FROM products WHERE parent_id IS NOT NULL`);
    await db.execute(sql`UPDATE products SET qty = 0 WHERE entity_id = ${parent!.id} OR parent_id = ${parent!.id}`);
    await app.services.catalog.sync(config);
    const model = await app.services.catalog.current(config);
    expect(model).toBe(before);
    expect(app.services.catalog.rebuilds).toBe(rebuilds);
    const reference = await loadCatalogModel(db, config.currency_code);
    expect(model.items).toEqual(reference.items);
    expect([...model.opts]).toEqual([...reference.opts]);
    expect(model.optionMembers.map((m) => [...m])).toEqual(reference.optionMembers.map((m) => [...m]));
    expect(model.optionBits.map((b) => (b ? [...b] : null))).toEqual(reference.optionBits.map((b) => (b ? [...b] : null)));
    expect(model.postingsCost).toBe(reference.postingsCost);
    const sold = model.ordinalById.get(parent!.id)!;
    expect(JSON.parse(model.items[sold]!)).toMatchObject({ type_id: "configurable", in_stock: false });
    expect(model.optionMembers[model.availability.inStock]!.includes(sold)).toBe(false);
    const fresh = await buildApp({ db, validateResponses: true });
    try {
      for (const url of urls) expect((await app.inject(`/api/rest${url}`)).body, url).toBe((await fresh.inject(`/api/rest${url}`)).body);
    } finally {
      await fresh.close();
    }
  });
});
