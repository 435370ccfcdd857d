import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { PROMOTION_ELEMENT_DEFAULT_LIMIT, categoryPage, posmProducts, specialCatalog } from "@store/contract";
import { schema, type Db } from "../db/client";
import { useTestApp } from "../test/app";
import { CATEGORY, VISIBLE_IN_CATALOG, insertCatalogFixtures } from "./test-fixtures";
import { CATEGORY_NOT_FOUND, PROMOTION_NOT_FOUND, SPECIAL_NOT_FOUND } from "./service";
import { NO_MATCHES } from "./listing";
import { readCatalogVersion } from "./load-model";
import {
  filterQuery, referenceCount, referenceFacet, referencePageByPrice, referencePriceRange, type ReferenceFilter,
} from "./sql-reference";

const t = useTestApp(insertCatalogFixtures);

const BASE = "/api/rest";

async function get(url: string) {
  return t.app.inject(`${BASE}${url}`);
}

/** A 200 answer, checked against the contract. */
async function category(url: string) {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return categoryPage.parse(response.json());
}

const ids = (page: { products?: Array<{ entity_id: string }> }) => (page.products ?? []).map((p) => Number(p.entity_id));
const facet = (page: { filters: Array<{ attribute: string; values: Array<{ value: string; product_count: number }> }> }, attribute: string) =>
  Object.fromEntries((page.filters.find((f) => f.attribute === attribute)?.values ?? []).map((v) => [v.value, v.product_count]));

async function expectError(url: string, status: number, message?: string | RegExp) {
  const response = await get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(status);
  const body = response.json();
  expect(Object.keys(body)).toEqual(["messages"]);
  expect(body.messages.error).toHaveLength(1);
  if (typeof message === "string") expect(body.messages.error[0].message).toBe(message);
  else if (message) expect(body.messages.error[0].message).toMatch(message);
}

describe("GET /categories/{key}", () => {
  it("answers the whole catalogue for default-category: enabled, catalogue-visible products only", async () => {
    const page = await category("/categories/default-category?embed=products&limit=100");
    expect(page.entity_id).toBe("2");
    expect(page.product_count).toBe(VISIBLE_IN_CATALOG.length);
    expect(ids(page).sort()).toEqual([...VISIBLE_IN_CATALOG].sort());
    // configurable children and outlets not visible individually, disabled and search-only products stay out
    for (const hidden of [110, 111, 113, 114, 115]) expect(ids(page)).not.toContain(hidden);
  });

  it("finds a category by url key or by id, and answers 404 in the error shape for anything else", async () => {
    const byKey = await category("/categories/refrigerators");
    const byId = await category(`/categories/${CATEGORY.refrigerators}`);
    expect(byId).toEqual(byKey);
    expect(byKey.product_count).toBe(5);
    await expectError("/categories/no-such-category", 404, CATEGORY_NOT_FOUND);
    await expectError("/categories/999999", 404, CATEGORY_NOT_FOUND);
    await expectError("/categories/root", 404, CATEGORY_NOT_FOUND); // the root of roots is not a catalogue
    expect(CATEGORY_NOT_FOUND).toBe("Category not found.");
  });

  it("answers the category's fields: sanitised descriptions, breadcrumbs, sort options and JSON-LD", async () => {
    const appliances = await category("/categories/appliances");
    expect(appliances).toMatchObject({ entity_id: "3", parent_id: "2", level: 2, name: "Appliances", url_key: "appliances", display_mode: "PRODUCTS", meta_title: "Appliances | Test", landing: null });
    expect(appliances.description).toContain("<b>appliances</b>");
    expect(appliances.description).not.toContain("<script");
    expect(appliances.breadcrumbs).toEqual([]);
    expect(appliances.sort_options.map((o) => `${o.code}:${o.dir}`)).toEqual([
      "position:asc", "price:asc", "price:desc", "name:asc", "name:desc", "top_rated:desc", "newest:desc",
    ]);
    expect(appliances.messages).toEqual({ error: [], notice: [], success: [] });

    const fridges = await category("/categories/refrigerators?embed=products&limit=2");
    expect(fridges.breadcrumbs).toEqual([{ entity_id: "3", name: "Appliances", url_key: "appliances", level: 2 }]);
    const ld = JSON.parse(fridges.structured_data);
    expect(ld["@context"]).toBe("https://schema.org");
    const [crumbs, list] = ld["@graph"];
    expect(crumbs["@type"]).toBe("BreadcrumbList");
    expect(crumbs.itemListElement.map((c: { name: string }) => c.name)).toEqual(["Appliances", "Refrigerators"]);
    expect(list).toMatchObject({ "@type": "ItemList", numberOfItems: 5 });
    expect(list.itemListElement.map((i: { url: string }) => i.url)).toEqual(fridges.products!.map((p) => `/product/${p.url_key}`));
  });

  it("embeds products and blocks only when asked", async () => {
    const plain = await get("/categories/appliances");
    expect(plain.json().products).toBeUndefined();
    expect(plain.json().blocks).toBeUndefined();
    const both = await category("/categories/appliances?embed=products,blocks");
    expect(both.products!.length).toBeGreaterThan(0);
    expect(both.blocks!.map((b) => b.identifier)).toEqual(["appliances-hero"]);
    expect(both.blocks![0].content).not.toContain("<script");
    await expectError("/categories/appliances?embed=products,reviews", 400, "Unknown embed 'reviews'. Allowed: products, blocks.");
  });

  it("answers landing data (and the blocks it names) for a PAGE category", async () => {
    const page = await category("/categories/kitchen-ideas?embed=blocks");
    expect(page.display_mode).toBe("PAGE");
    expect(page.landing).toEqual({ hero_block: "kitchen-ideas-hero", section_order: ["hero", "featured"] });
    expect(page.blocks!.map((b) => b.identifier)).toEqual(["kitchen-ideas-hero"]);
    const asProducts = await category("/categories/kitchen-ideas?display_mode=PRODUCTS");
    expect(asProducts.display_mode).toBe("PRODUCTS");
    expect(asProducts.landing).toBeNull();
    await expectError("/categories/kitchen-ideas?display_mode=GRID", 400, /display_mode/);
  });

  it("lists each product as a tile with prices, flags, swatches, outlets and running promotions", async () => {
    const page = await category("/categories/default-category?embed=products&limit=100");
    const byId = new Map(page.products!.map((p) => [p.entity_id, p]));
    const fridge = byId.get("101")!;
    expect(fridge).toMatchObject({
      sku: "FR-100", name: "Samsung French Door Refrigerator", url_key: "fr-100", type_id: "simple", manufacturer: "Samsung",
      model_number: "RF28R7351SG", image_url: { normal: "/media/test/101.png", small: "/media/test/101.png" },
      reviews_count: 20, reviews_rating: 4.5, is_outlet: false, outlet_of: null, promotions: ["SPRING"], in_stock: true,
    });
    expect(fridge.prices).toMatchObject({
      regular_price_without_tax: 1899, final_price_without_tax: 1699,
      regular_price_without_tax_formatted: "$1,899.00", final_price_without_tax_formatted: "$1,699.00",
      discount: { amount: 200, formatted: "$200.00", percent: 11 }, on_sale: true,
      msrp_enabled: true, msrp: { amount: 1999, formatted: "$1,999.00" }, display_price: { amount: 1699, formatted: "$1,699.00" },
      poa: false, display_add_to_cart: true,
    });
    expect(fridge.product_flags).toEqual([{ position: 1, visible: true, text: "New", color: "#00f" }]); // position 9 dropped
    // both open-box items count, also the one not listed on its own
    expect(fridge.outlets_count).toBe(2);
    expect(fridge.outlets_min_price).toEqual({ amount: 1299, formatted: "$1,299.00" });
    expect(byId.get("112")).toMatchObject({ is_outlet: true, outlet_of: "101", condition: "open_box" });
    expect(byId.get("102")!.promotions).toEqual([]); // its programme has ended
    expect(byId.get("102")!.prices.discount).toBeNull();
    const configurable = byId.get("109")!;
    expect(configurable.type_id).toBe("configurable");
    expect(configurable.in_stock).toBe(true); // a child has stock
    expect(configurable.swatches).toEqual([{
      attribute: "color", label: "Color",
      options: [{ value: "white", label: "White", swatch: "#ffffff", product_id: "111" }, { value: "silver", label: "Silver", swatch: "#b8bcc2", product_id: "110" }],
    }]);
  });

  it("sorts by category position, price, name, rating and newest, in either direction", async () => {
    const order = async (query: string) => ids(await category(`/categories/refrigerators?embed=products&${query}`));
    // refrigerators default to price (the category's default_sort_by)
    const byDefault = await category("/categories/refrigerators?embed=products");
    expect(byDefault.order).toBe("price");
    expect(byDefault.default_sort_by).toBe("price");
    expect(ids(byDefault)).toEqual([104, 103, 112, 102, 101]);
    expect(await order("order=price&dir=desc")).toEqual([101, 102, 112, 103, 104]);
    // the category's own positions, not the products' global ones
    expect(await order("order=position")).toEqual([112, 104, 103, 102, 101]);
    expect(await order("order=position&dir=desc")).toEqual([101, 102, 103, 104, 112]);
    expect(await order("order=name")).toEqual([102, 103, 104, 101, 112]);
    expect(await order("order=name&dir=desc")).toEqual([112, 101, 104, 103, 102]);
    expect(await order("order=top_rated")).toEqual([104, 101, 102, 103, 112]);
    expect(await order("order=rating")).toEqual(await order("order=top_rated"));
    expect(await order("order=newest")).toEqual([112, 104, 102, 101, 103]);
    expect(await order("order=newest&dir=asc")).toEqual([103, 101, 102, 104, 112]);
    await expectError("/categories/refrigerators?order=cheapest", 400, /Unknown sort order 'cheapest'/);
    await expectError("/categories/refrigerators?order=relevance", 400, /search results only/);
    await expectError("/categories/refrigerators?dir=up", 400, "dir must be asc or desc.");
  });

  it("pages through a listing: product_count is the whole set, a page past the end is an empty list", async () => {
    const seen: number[] = [];
    for (const n of [1, 2, 3]) {
      const page = await category(`/categories/default-category?embed=products&limit=4&page=${n}`);
      expect(page.product_count).toBe(11);
      expect(page.page_count).toBe(3);
      expect(page.page).toBe(n);
      expect(page.products).toHaveLength(n < 3 ? 4 : 3);
      seen.push(...ids(page));
    }
    expect(new Set(seen).size).toBe(11);
    const past = await category("/categories/default-category?embed=products&limit=4&page=4");
    expect(past.products).toEqual([]);
    expect(past.product_count).toBe(11);
  });

  it("takes the page size from the configuration (grid or list) and refuses sizes over 100", async () => {
    expect((await category("/categories/default-category")).limit).toBe(24);
    await t.app.services.config.update({ grid_product_limit: 3, list_product_limit: 2 });
    try {
      expect((await category("/categories/default-category?embed=products")).products).toHaveLength(3);
      expect((await category("/categories/default-category?embed=products&mode=list")).products).toHaveLength(2);
    } finally {
      await t.app.services.config.update({ grid_product_limit: 24, list_product_limit: 12 });
    }
    expect((await category("/categories/default-category?limit=100")).limit).toBe(100);
    for (const limit of ["101", "0", "-1", "abc", "2.5", ""]) await expectError(`/categories/default-category?limit=${limit}`, 400, "limit must be a whole number from 1 to 100.");
    for (const page of ["0", "-1", "x", "1.5"]) await expectError(`/categories/default-category?page=${page}`, 400, "page must be a whole number of 1 or more.");
    await expectError("/categories/default-category?limit=5&limit=6", 400);
  });

  it("lists only catalogue visibilities", async () => {
    const both = await category("/categories/dishwashers?embed=products&visibility=4");
    expect(ids(both).sort()).toEqual([105, 106]); // 116 is visibility 2
    const catalogOnly = await category("/categories/dishwashers?embed=products&visibility=2");
    expect(ids(catalogOnly)).toEqual([116]);
    await expectError("/categories/dishwashers?visibility=3", 400, "visibility for a catalogue may only be 2 or 4.");
    await expectError("/categories/dishwashers?visibility=1", 400, "visibility for a catalogue may only be 2 or 4.");
    await expectError("/categories/dishwashers?visibility=9", 400, /visibility/);
  });

  it("answers a category without products as an empty list, not an error", async () => {
    const empty = await category("/categories/empty?embed=products,blocks");
    expect(empty.product_count).toBe(0);
    expect(empty.products).toEqual([]);
    expect(empty.filters).toEqual([]);
    expect(empty.page_count).toBe(0);
    expect(empty.messages.notice).toEqual([]);
  });

  it("publishes the listing calls in the OpenAPI document", async () => {
    const doc = (await t.app.inject("/api/rest/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      "/api/rest/categories/{key}", "/api/rest/dynamic-category/{attribute}/{value}",
      "/api/rest/dynamic-category/brandsource_point_of_sale_marketing/{values}/products",
      "/api/rest/search/{term}", "/api/rest/search/{term}/autocomplete", "/api/rest/elasticsearch/log/query",
    ]));
    expect(doc.paths["/api/rest/categories/{key}"].get.responses["200"].content["application/json"].schema.properties.product_count).toBeDefined();
  });

  it("marks the answer as public catalogue data", async () => {
    const response = await get("/categories/appliances");
    expect(response.headers["cache-control"]).toMatch(/^public, max-age=30/);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });
});

describe("filters and facet counts", () => {
  it("filters by a list of values (any of), by two attributes at once, and by a price range", async () => {
    const black = await category("/categories/default-category?embed=products&filter[0][attribute]=color&filter[0][in]=black");
    expect(ids(black).sort()).toEqual([103, 104, 107, 108]);
    const blackOrWhite = await category("/categories/default-category?embed=products&filter[0][attribute]=color&filter[0][in]=black,white");
    expect(ids(blackOrWhite).sort()).toEqual([102, 103, 104, 106, 107, 108, 109]); // 109 through its white child
    const pipes = await category("/categories/default-category?embed=products&filter[0][attribute]=color&filter[0][in]=black|white");
    expect(ids(pipes).sort()).toEqual(ids(blackOrWhite).sort());
    const two = await category("/categories/default-category?embed=products&filter[0][attribute]=color&filter[0][in]=black,white&filter[1][attribute]=capacity&filter[1][in]=small");
    expect(ids(two).sort()).toEqual([104, 106]);
    const range = await category("/categories/default-category?embed=products&filter[0][attribute]=price&filter[0][from]=500&filter[0][to]=1000");
    expect(ids(range).sort()).toEqual([103, 105, 106, 108, 109]);
    const from = await category("/categories/default-category?embed=products&filter[0][attribute]=price&filter[0][from]=1500");
    expect(ids(from).sort()).toEqual([101]);
    const to = await category("/categories/default-category?embed=products&filter[0][attribute]=price&filter[0][to]=249");
    expect(ids(to).sort()).toEqual([104, 116]);
    const multi = await category("/categories/default-category?embed=products&filter[0][attribute]=features&filter[0][in]=ice,wifi");
    expect(ids(multi).sort()).toEqual([101, 102, 105, 107]);
    const silver = await category("/categories/tvs?embed=products&filter[0][attribute]=color&filter[0][in]=silver");
    expect(ids(silver)).toEqual([109]); // a configurable matches the colours of its enabled children
  });

  it("counts facets disjunctively: a filter's own selection does not narrow its own counts, others do", async () => {
    const none = await category("/categories/default-category");
    const black = await category("/categories/default-category?filter[0][attribute]=color&filter[0][in]=black");
    expect(facet(black, "color")).toEqual(facet(none, "color"));
    expect(facet(none, "color")).toEqual({ stainless: 3, white: 3, black: 4, silver: 1 });
    expect(facet(black, "capacity")).toEqual({ small: 1, medium: 1 }); // 104 small, 103 medium; large has none: dropped
    const selected = black.filters.find((f) => f.attribute === "color")!.values.find((v) => v.value === "black")!;
    expect(selected).toMatchObject({ selected: true, display_name: "Black", swatch: "#000000", product_count: 4 });
    // the price facet is narrowed by the colour, not by its own range
    const blackInRange = await category("/categories/default-category?filter[0][attribute]=color&filter[0][in]=black&filter[1][attribute]=price&filter[1][from]=0&filter[1][to]=999.99");
    expect(blackInRange.product_count).toBe(3);
    const price = blackInRange.filters.find((f) => f.attribute === "price")!;
    expect(price.range).toEqual({ min: 249, max: 1299 });
    expect(price.selected_range).toEqual({ from: 0, to: 999.99 });
    expect(price.values.reduce((sum, v) => sum + v.product_count, 0)).toBe(4);
    expect(facet(blackInRange, "color")).toEqual({ black: 3, stainless: 1, white: 2, silver: 1 });
  });

  it("writes answers as JSON.stringify writes them (they are assembled from pre-built JSON), the price facet's fields in order", async () => {
    const text = async (url: string) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toBe(JSON.stringify(JSON.parse(response.body)));
      return JSON.parse(response.body) as { filters: Array<{ attribute: string; values: Array<{ value: string; selected: boolean }> }> };
    };
    const all = await text("/categories/default-category?embed=products,blocks");
    const bucket = all.filters.find((f) => f.attribute === "price")!.values[0]!;
    const [from, to] = bucket.value.split("-");
    const chosen = await text(`/categories/default-category?embed=products&filter[0][attribute]=price&filter[0][from]=${from}&filter[0][to]=${to}`);
    const price = chosen.filters.find((f) => f.attribute === "price")!;
    expect(Object.keys(price)).toEqual(["attribute", "label", "type", "position", "values", "selected_range", "range"]);
    expect(Object.keys(price.values[0]!)).toEqual(["value", "display_name", "product_count", "selected"]);
    expect(price.values.find((v) => v.value === bucket.value)).toMatchObject({ selected: true });
    await text("/categories/default-category?filter[0][attribute]=color&filter[0][in]=red"); // nothing matches: the notice
    await text("/search/refrigerator?embed=products");
  });

  it("keeps a selected value that matches nothing (count 0) and says nothing matches", async () => {
    const red = await category("/categories/default-category?embed=products&filter[0][attribute]=color&filter[0][in]=red");
    expect(red.product_count).toBe(0);
    expect(red.products).toEqual([]);
    expect(red.filters.find((f) => f.attribute === "color")!.values.find((v) => v.value === "red")).toMatchObject({ product_count: 0, selected: true });
    expect(red.messages.notice).toEqual([{ message: NO_MATCHES }]);
    // a value no option has is not an error either: it matches nothing
    const unknown = await category("/categories/default-category?filter[0][attribute]=color&filter[0][in]=plaid");
    expect(unknown.product_count).toBe(0);
  });

  it("filters by subcategory and counts subcategories", async () => {
    const appliances = await category("/categories/appliances");
    expect(facet(appliances, "cat")).toEqual({ refrigerators: 5, dishwashers: 3 });
    const dish = await category("/categories/appliances?embed=products&filter[0][attribute]=cat&filter[0][in]=dishwashers");
    expect(ids(dish).sort()).toEqual([105, 106, 116]);
    expect(facet(dish, "cat")).toEqual({ refrigerators: 5, dishwashers: 3 });
  });

  it("agrees with plain SQL counts for many filter combinations", async () => {
    const combos: Array<{ category: number | null; key: string; filters: ReferenceFilter[] }> = [
      { category: null, key: "default-category", filters: [] },
      { category: null, key: "default-category", filters: [{ attribute: "color", in: ["black", "stainless"] }] },
      { category: null, key: "default-category", filters: [{ attribute: "color", in: ["white"] }, { attribute: "features", in: ["wifi"] }] },
      { category: CATEGORY.appliances, key: "appliances", filters: [{ attribute: "capacity", in: ["large", "small"] }, { attribute: "price", from: 200, to: 1700 }] },
      { category: CATEGORY.tvs, key: "tvs", filters: [{ attribute: "color", in: ["silver", "black"] }] },
      { category: CATEGORY.refrigerators, key: "refrigerators", filters: [{ attribute: "price", from: 100 }, { attribute: "color", in: ["stainless", "black"] }, { attribute: "capacity", in: ["large"] }] },
    ];
    for (const combo of combos) {
      const page = await category(`/categories/${combo.key}?embed=products&limit=3&order=price&${filterQuery(combo.filters)}`);
      expect(page.product_count).toBe(await referenceCount(t.db, combo.category, combo.filters));
      expect(ids(page)).toEqual(await referencePageByPrice(t.db, combo.category, combo.filters, "asc", 3, 0));
      for (const attribute of ["color", "capacity", "features"]) {
        // a selected value stays listed with 0; SQL's GROUP BY only has values with products
        const counts = Object.fromEntries(Object.entries(facet(page, attribute)).filter(([, n]) => n > 0));
        expect(counts, `${combo.key} ${attribute}`).toEqual(await referenceFacet(t.db, combo.category, combo.filters, attribute));
      }
      const range = page.filters.find((f) => f.attribute === "price")?.range ?? null;
      expect(range).toEqual(await referencePriceRange(t.db, combo.category, combo.filters));
    }
  });

  it("refuses malformed filters with a 400 in the error shape", async () => {
    const bad: Array<[string, string | RegExp]> = [
      ["filter[x][attribute]=color&filter[x][in]=black", /Invalid filter parameter 'filter\[x\]\[attribute\]'/],
      ["filter[0][color]=black", /Invalid filter parameter/],
      ["filter=color", /Invalid filter parameter/],
      ["filter[20][attribute]=color&filter[20][in]=black", "Filter index 20 is out of range (0 to 19)."],
      ["filter[01][attribute]=color&filter[01][in]=black", /out of range/],
      ["filter[0][in]=black", "filter[0] needs an attribute."],
      ["filter[0][attribute]=color", "filter[0] needs in, or from and/or to."],
      ["filter[0][attribute]=color&filter[0][in]=", "filter[0][in] needs at least one value."],
      ["filter[0][attribute]=color&filter[0][in]=,,", "filter[0][in] needs at least one value."],
      ["filter[0][attribute]=price&filter[0][from]=500&filter[0][to]=100", "filter[0]: from must not be greater than to."],
      ["filter[0][attribute]=price&filter[0][from]=cheap", "filter[0][from] must be a number."],
      ["filter[0][attribute]=price&filter[0][to]=-5", "filter[0][to] must be a number."],
      ["filter[0][attribute]=price&filter[0][from]=1e3", "filter[0][from] must be a number."],
      ["filter[0][attribute]=price&filter[0][in]=100-200", "filter[0]: the price filter takes from and to, not in."],
      ["filter[0][attribute]=color&filter[0][from]=1&filter[0][to]=2", "filter[0]: the filter on 'color' takes a list of values (in), not a range."],
      ["filter[0][attribute]=color&filter[0][in]=black&filter[0][from]=1", "filter[0] takes either in, or from and to, not both."],
      ["filter[0][attribute]=flavour&filter[0][in]=mint", "Unknown filter attribute 'flavour'."],
      ["filter[0][attribute]=internal_code&filter[0][in]=x", "Unknown filter attribute 'internal_code'."],
      ["filter[0][attribute]=color&filter[0][in]=black&filter[1][attribute]=color&filter[1][in]=white", "Filter on 'color' is given more than once."],
      ["filter[0][attribute]=col%20or&filter[0][in]=black", "filter[0][attribute] is not a valid attribute code."],
      ["filter[0][attribute]=color&filter[0][in]=a&filter[0][in]=b", "Query parameter filter[0][in] may be given only once."],
    ];
    for (const [query, message] of bad) await expectError(`/categories/default-category?${query}`, 400, message);
  });
});

describe("GET /dynamic-category/{attribute}/{value}", () => {
  it("lists the products with an attribute value, 10 a page by default, without that attribute's facet", async () => {
    const response = await get("/dynamic-category/color/black?embed=products");
    expect(response.statusCode).toBe(200);
    const page = specialCatalog.parse(response.json());
    expect(page).toMatchObject({ attribute: "color", value: "black", name: "Black", product_count: 4, limit: 10 });
    expect(ids(page)).toEqual([103, 104, 107, 108]);
    expect(page.filters.map((f) => f.attribute)).not.toContain("color");
    const several = specialCatalog.parse((await get("/dynamic-category/color/black,white?limit=2&page=2&embed=products")).json());
    expect(several.product_count).toBe(7);
    expect(several.products).toHaveLength(2);
    const filtered = specialCatalog.parse((await get("/dynamic-category/color/black?embed=products&filter[0][attribute]=capacity&filter[0][in]=small")).json());
    expect(ids(filtered)).toEqual([104]);
    await expectError("/dynamic-category/color/black?filter[0][attribute]=color&filter[0][in]=white", 400, "Unknown filter attribute 'color'.");
  });

  it("embeds the special catalogue's block", async () => {
    const page = specialCatalog.parse((await get("/dynamic-category/color/red?embed=products,blocks")).json());
    expect(page.product_count).toBe(0);
    expect(page.products).toEqual([]);
    expect(page.blocks!.map((b) => b.identifier)).toEqual(["special-color-red"]);
  });

  it("lists a running promotion's products and embeds the programme", async () => {
    const page = specialCatalog.parse((await get("/dynamic-category/promotion/SPRING?embed=products,promotions")).json());
    expect(page.name).toBe("Spring Savings");
    expect(ids(page)).toEqual([101, 104]); // the disabled product is not listed
    expect(page.promotions).toHaveLength(1);
    expect(page.promotions![0]).toMatchObject({ program_id: "SPRING", promo_name: "Spring Savings", kind: "rebate", amount: { amount: 100, formatted: "$100.00" } });
    await expectError("/dynamic-category/promotion/OLD", 404, PROMOTION_NOT_FOUND);
    await expectError("/dynamic-category/promotion/NOPE", 404, PROMOTION_NOT_FOUND);
  });

  it("lists a promotion programme's elements 100 a page unless a limit is given (an attribute catalogue: 10)", async () => {
    const promotion = specialCatalog.parse((await get("/dynamic-category/promotion/SPRING?embed=products")).json());
    expect(promotion.limit).toBe(PROMOTION_ELEMENT_DEFAULT_LIMIT);
    expect(PROMOTION_ELEMENT_DEFAULT_LIMIT).toBe(100);
    expect(promotion.page_count).toBe(1);
    // the configured grid or list limit does not replace the default (an attribute catalogue's neither)
    expect(specialCatalog.parse((await get("/dynamic-category/promotion/SPRING?mode=list")).json()).limit).toBe(100);
    expect(specialCatalog.parse((await get("/dynamic-category/color/black")).json()).limit).toBe(10);
    const one = specialCatalog.parse((await get("/dynamic-category/promotion/SPRING?embed=products&limit=1&page=2")).json());
    expect(one).toMatchObject({ limit: 1, page: 2, page_count: 2 });
    expect(ids(one)).toEqual([104]);
  });

  it("answers 404 for an unknown attribute or value", async () => {
    await expectError("/dynamic-category/flavour/mint", 404, SPECIAL_NOT_FOUND);
    await expectError("/dynamic-category/color/plaid", 404, SPECIAL_NOT_FOUND);
    await expectError("/dynamic-category/color/black?limit=500", 400, "limit must be a whole number from 1 to 100.");
  });
});

describe("GET /dynamic-category/brandsource_point_of_sale_marketing/{values}/products", () => {
  it("answers an empty list while the store has no point-of-sale marketing data", async () => {
    const response = await get("/dynamic-category/brandsource_point_of_sale_marketing/summer-endcap/products?embed=images&limit=100&dir=asc");
    expect(response.statusCode).toBe(200);
    expect(posmProducts.parse(response.json())).toEqual({
      attribute: "brandsource_point_of_sale_marketing", values: ["summer-endcap"], product_count: 0, limit: 100, order: "position", dir: "asc", products: [],
    });
  });

  it("lists the products of the given sets, with their images when asked", async () => {
    const [attr] = await t.db.insert(schema.attributes).values({ code: "brandsource_point_of_sale_marketing", label: "POSM", isFilterable: false }).returning();
    const [summer, winter] = await t.db.insert(schema.attributeOptions).values([
      { attributeId: attr!.attributeId, value: "summer-endcap", label: "Summer endcap" },
      { attributeId: attr!.attributeId, value: "winter-window", label: "Winter window" },
    ]).returning();
    await t.db.insert(schema.productAttributeValues).values([
      { productId: 105, attributeId: attr!.attributeId, optionId: summer!.optionId },
      { productId: 101, attributeId: attr!.attributeId, optionId: summer!.optionId },
      { productId: 107, attributeId: attr!.attributeId, optionId: winter!.optionId },
    ]);
    await t.db.insert(schema.productAssets).values([
      { productId: 101, url: "/media/101-b.png", position: 2 },
      { productId: 101, url: "/media/101-a.png", position: 1 },
      { productId: 101, url: "/media/101.mp4", assetType: "video" },
    ]);
    await t.app.services.catalog.refresh(await t.app.services.config.get());

    const response = await get("/dynamic-category/brandsource_point_of_sale_marketing/summer-endcap/products?embed=images&limit=100&dir=asc");
    const answer = posmProducts.parse(response.json());
    expect(answer.product_count).toBe(2);
    expect(ids(answer)).toEqual([101, 105]);
    expect(answer.products[0].images!.map((i) => i.url)).toEqual(["/media/101-a.png", "/media/101-b.png"]);
    expect(answer.products[1].images).toEqual([]);
    const both = posmProducts.parse((await get("/dynamic-category/brandsource_point_of_sale_marketing/summer-endcap,winter-window/products?order=price&dir=desc")).json());
    expect(ids(both)).toEqual([101, 107, 105]);
    expect(both.products[0].images).toBeUndefined();
    await expectError("/dynamic-category/brandsource_point_of_sale_marketing/summer-endcap/products?limit=101", 400, "limit must be a whole number from 1 to 100.");
    await expectError("/dynamic-category/brandsource_point_of_sale_marketing/summer-endcap/products?embed=reviews", 400, /Unknown embed/);
  });
});

describe("keeping listings current", () => {
  it("bumps catalog_version on listing changes, not on detail-only ones", async () => {
    const before = await readCatalogVersion(t.db);
    await t.db.update(schema.products).set({ weight: 99 }).where(eq(schema.products.entityId, 103));
    expect(await readCatalogVersion(t.db)).toBe(before);
    await t.db.update(schema.products).set({ name: "Frostline Top Freezer Refrigerator" }).where(eq(schema.products.entityId, 103)); // unchanged value
    expect(await readCatalogVersion(t.db)).toBe(before);
    await t.db.update(schema.products).set({ reviewsCount: 9 }).where(eq(schema.products.entityId, 103));
    expect(await readCatalogVersion(t.db)).toBeGreaterThan(before);
    const again = await readCatalogVersion(t.db);
    await t.db.execute(sql`UPDATE attribute_options SET label = 'Jet Black' WHERE value = 'black'`);
    expect(await readCatalogVersion(t.db)).toBeGreaterThan(again);
  });

  it("answers a moved category's redirect, with its listing still there for anyone who asks", async () => {
    // one change: a model built between two statements would hold the category without its product
    await t.db.transaction(async (tx) => {
      await tx.insert(schema.categories).values({
        entityId: 30, parentId: 2, path: "1/2/30", urlKey: "old-fridges", name: "Old Fridges", level: 2, includeInMenu: "0", redirect: "/catalog/refrigerators",
      });
      await tx.insert(schema.productCategories).values({ categoryId: 30, productId: 103 });
    });
    const deadline = Date.now() + 15_000;
    let page = await t.app.inject("/api/rest/categories/old-fridges?embed=products");
    while (page.statusCode !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      page = await t.app.inject("/api/rest/categories/old-fridges?embed=products");
    }
    const moved = categoryPage.parse(page.json());
    expect(moved.redirect).toBe("/catalog/refrigerators");
    expect(moved.products!.map((p) => p.entity_id)).toEqual(["103"]);
    expect((await category("/categories/refrigerators")).redirect).toBe("");
  });

  it("shows a price changed in the database once the version check has run", async () => {
    const url = "/categories/refrigerators?embed=products&limit=100&filter[0][attribute]=price&filter[0][from]=0&filter[0][to]=100";
    expect(ids(await category(url))).toEqual([]);
    await t.db.update(schema.products).set({ price: 9_999, finalPrice: 9_999 }).where(eq(schema.products.entityId, 103));
    const deadline = Date.now() + 15_000;
    let found: number[] = [];
    while (Date.now() < deadline) {
      found = ids(await category(url));
      if (found.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(found).toEqual([103]);
    const page = await category("/categories/refrigerators?embed=products&limit=100");
    expect(page.products!.find((p) => p.entity_id === "103")!.prices.final_price_without_tax).toBe(99.99);
    expect(page.products![0].entity_id).toBe("103"); // cheapest first now
  });
});
