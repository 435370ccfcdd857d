import { describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { autocompleteResult, searchResult } from "@store/contract";
import { schema, type Db } from "../db/client";
import { Shopper, useTestApp } from "../test/app";
import { insertCatalogFixtures } from "../catalog/test-fixtures";
import { CatalogModel } from "../catalog/index-model";
import { SEARCH_TERM_INVALID } from "./service";

const t = useTestApp(async (db) => {
  await insertCatalogFixtures(db);
  // two more top-level categories holding a few products, so that more than five categories match
  await db.insert(schema.categories).values([
    { entityId: 20, parentId: 2, path: "1/2/20", urlKey: "deals", name: "Deals", level: 2, position: 5 },
    { entityId: 21, parentId: 2, path: "1/2/21", urlKey: "gifts", name: "Gifts", level: 2, position: 6 },
  ]);
  await db.insert(schema.productCategories).values([
    { categoryId: 20, productId: 101 }, { categoryId: 20, productId: 107 },
    { categoryId: 21, productId: 104 },
  ]);
});

async function search(term: string, query = "") {
  const response = await t.app.inject(`/api/rest/search/${encodeURIComponent(term)}${query ? `?${query}` : ""}`);
  expect(response.statusCode, response.body).toBe(200);
  return searchResult.parse(response.json());
}

const ids = (page: { products?: Array<{ entity_id: string }> }) => (page.products ?? []).map((p) => Number(p.entity_id));

/** Search until the answer holds exactly `expected` (in any order): the catalogue model reloads after a change. */
async function searchUntil(term: string, expected: number[]): Promise<number[]> {
  const want = [...expected].sort().join();
  const deadline = Date.now() + 15_000;
  let found: number[] = [];
  while (Date.now() < deadline) {
    found = ids(await search(term, "embed=products&limit=100"));
    if ([...found].sort().join() === want) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return found;
}

describe("GET /search/{term}", () => {
  it("finds products by their words, stemmed, best matches first", async () => {
    const page = await search("refrigerators", "embed=products&limit=100");
    expect(page.fuzzy).toBe(false);
    expect(page.redirect).toBeNull();
    expect(ids(page).sort()).toEqual([101, 102, 103, 104, 112, 115]);
    expect(page.order).toBe("relevance");
    const quiet = await search("quiet dishwasher", "embed=products");
    expect(ids(quiet)).toEqual([105]);
  });

  it("matches the start of words, so a term being typed finds products", async () => {
    expect(ids(await search("refr", "embed=products&limit=100")).sort()).toEqual([101, 102, 103, 104, 112, 115]);
    expect(ids(await search("dishw", "embed=products")).sort()).toEqual([105, 106]);
    expect(ids(await search("lumetra tel", "embed=products")).sort()).toEqual([107, 108, 109]); // "television" in the description
  });

  it("tolerates typos when nothing matches as typed", async () => {
    const fridge = await search("refridgerator", "embed=products&limit=100");
    expect(fridge.fuzzy).toBe(true);
    expect(ids(fridge)).toEqual(expect.arrayContaining([101, 102, 103, 104, 112]));
    expect(ids(fridge)).not.toContain(105);
    const brand = await search("samsng", "embed=products");
    expect(ids(brand).sort()).toEqual([101, 104, 112]);
    const dish = await search("dishwashr", "embed=products");
    expect(ids(dish).sort()).toEqual([105, 106]);
    const two = await search("samsng compakt", "embed=products");
    expect(ids(two)).toEqual([104]);
    const nothing = await search("xylophone", "embed=products");
    expect(nothing.product_count).toBe(0);
    expect(nothing.products).toEqual([]);
  });

  it("reads `or` and `-word` as web search does", async () => {
    expect(ids(await search("refrigerator -samsung", "embed=products&limit=100")).sort()).toEqual([102, 103, 115]);
    expect(ids(await search("oled or dishwasher", "embed=products&limit=100")).sort()).toEqual([105, 106, 107]);
    // stop words constrain nothing; 102 has the Ice Maker feature, 101 also the merchandiser's words "ice maker"
    expect(ids(await search("the refrigerator with ice", "embed=products&limit=100"))).toEqual([101, 102]);
  });

  it("finds a renamed product by its new name once the catalogue version check has run", async () => {
    expect(ids(await search("zephyrine", "embed=products"))).toEqual([]);
    await t.db.update(schema.products).set({ name: "Kessler Zephyrine Dishwasher" }).where(eq(schema.products.entityId, 106));
    const deadline = Date.now() + 15_000;
    let found: number[] = [];
    while (Date.now() < deadline) {
      found = ids(await search("zephyrine", "embed=products"));
      if (found.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(found).toEqual([106]);
    expect(ids(await search("zefyrine", "embed=products"))).toEqual([106]); // and typo-tolerant at once
  });

  it("finds products by their brand, category and attribute names as the database holds them, after any change", async () => {
    // the fixtures' merchandiser words never name these: the facts come from the relational data
    expect(ids(await search("brightwave sudsmasters alabaster", "embed=products&limit=100"))).toEqual([]);
    expect(ids(await search("wi-fi", "embed=products&limit=100")).sort()).toEqual([101, 105, 107]);
    await t.db.update(schema.brands).set({ name: "Brightwave" }).where(eq(schema.brands.brandId, 4));
    await t.db.update(schema.categories).set({ name: "Sudsmasters" }).where(eq(schema.categories.entityId, 5));
    await t.db.update(schema.attributeOptions).set({ label: "Alabaster" }).where(eq(schema.attributeOptions.optionId, 2));
    await t.db.delete(schema.productAttributeValues).where(eq(schema.productAttributeValues.productId, 107));
    await t.db.insert(schema.productCategories).values({ categoryId: 5, productId: 103 });
    await t.db.update(schema.products).set({ sku: "FR-NEWSKU" }).where(eq(schema.products.entityId, 104));
    try {
      expect(await searchUntil("brightwave", [107, 108, 109])).toEqual([107, 108, 109]);
      expect((await searchUntil("sudsmasters", [103, 105, 106])).sort()).toEqual([103, 105, 106]); // 116 is catalogue-only
      expect((await searchUntil("alabaster", [102, 106])).sort()).toEqual([102, 106]);
      expect(ids(await search("wi-fi", "embed=products&limit=100")).sort()).toEqual([101, 105]);
      // each change moves the catalogue version: the sku's may land in a rebuild after the others'
      let first: number | undefined;
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
        first = ids(await search("FR-NEWSKU", "embed=products"))[0];
        if (first === 104) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(first).toBe(104);
    } finally {
      // put the fixtures back for the tests after this one, whatever failed above
      await t.db.update(schema.brands).set({ name: "Lumetra" }).where(eq(schema.brands.brandId, 4));
      await t.db.update(schema.categories).set({ name: "Dishwashers" }).where(eq(schema.categories.entityId, 5));
      await t.db.update(schema.attributeOptions).set({ label: "White" }).where(eq(schema.attributeOptions.optionId, 2));
      await t.db.insert(schema.productAttributeValues).values([{ productId: 107, attributeId: 1, optionId: 3 }, { productId: 107, attributeId: 3, optionId: 10 }]);
      await t.db.delete(schema.productCategories).where(and(eq(schema.productCategories.categoryId, 5), eq(schema.productCategories.productId, 103)));
      await t.db.update(schema.products).set({ sku: "FR-400" }).where(eq(schema.products.entityId, 104));
    }
    expect((await searchUntil("wi-fi", [101, 105, 107])).sort()).toEqual([101, 105, 107]);
  });

  it("stems a word outside ASCII through PostgreSQL and answers it like any other", async () => {
    const page = await search("réfrigérateur über", "embed=products");
    expect(page.product_count).toBe(0);
    expect(page.products).toEqual([]);
    // "über" is no word of the store and close to none: the products with the other word answer
    expect(ids(await search("über refrigerator", "embed=products&limit=100")).sort()).toEqual([101, 102, 103, 104, 112, 115]);
  });

  it("ranks an exact SKU or model number first", async () => {
    const bySku = await search("FR-300", "embed=products");
    expect(ids(bySku)[0]).toBe(103);
    const byModel = await search("rf28r7351sg", "embed=products");
    expect(ids(byModel)[0]).toBe(101);
  });

  it("lists search-visible products only: search-only yes, catalogue-only and hidden no", async () => {
    expect(ids(await search("water filter", "embed=products"))).toEqual([115]);
    expect(ids(await search("rack", "embed=products"))).toEqual([105]); // 116 is catalogue-only
    expect(ids(await search("disabled", "embed=products"))).toEqual([]);
    expect(ids(await search("QLED", "embed=products"))).toEqual([109]); // not its children
  });

  it("answers a configured redirect instead of results", async () => {
    for (const term of ["store locator", "  Store   LOCATOR "]) {
      const page = await search(term, "embed=products");
      expect(page.redirect).toBe("/contact");
      expect(page.product_count).toBe(0);
      expect(page.products).toEqual([]);
      expect(page.filters).toEqual([]);
    }
  });

  it("counts facets on the matches, filters, sorts and pages them", async () => {
    const all = await search("refrigerator");
    const color = all.filters.find((f) => f.attribute === "color")!;
    expect(Object.fromEntries(color.values.map((v) => [v.value, v.product_count]))).toEqual({ stainless: 2, white: 1, black: 2 });
    expect(all.filters.find((f) => f.attribute === "cat")!.values.map((v) => v.value)).toEqual(["appliances", "deals", "gifts"]);
    const black = await search("refrigerator", "embed=products&order=price&dir=desc&filter[0][attribute]=color&filter[0][in]=black");
    expect(ids(black)).toEqual([103, 104]);
    const cheapest = await search("refrigerator", "embed=products&order=price&limit=2&page=2");
    expect(ids(cheapest)).toEqual([103, 112]);
    expect(cheapest.page_count).toBe(3);
    expect(cheapest.product_count).toBe(6);
    expect(cheapest.sort_options[0]).toEqual({ code: "relevance", dir: "desc", name: "Relevance" });
  });

  it("stores an answer once its URL comes again: a search asked once is built and not kept", async () => {
    const run = vi.spyOn(CatalogModel.prototype, "run");
    try {
      const url = "/api/rest/search/stainless%20refrigerator?embed=products&limit=3";
      const first = await t.app.inject(url);
      expect(run).toHaveBeenCalledTimes(1);
      const second = await t.app.inject(url);
      expect(run).toHaveBeenCalledTimes(2); // built again, and now stored
      const third = await t.app.inject(url);
      expect(run).toHaveBeenCalledTimes(2); // from the store
      expect(second.body).toBe(first.body);
      expect(third.body).toBe(first.body);
      expect(ids(searchResult.parse(third.json())).length).toBeGreaterThan(0);
      // another page of the same term is another URL: built, not kept, until asked again
      await t.app.inject(`${url}&page=2`);
      await t.app.inject(`${url}&page=2`);
      await t.app.inject(`${url}&page=2`);
      expect(run).toHaveBeenCalledTimes(4);
    } finally {
      run.mockRestore();
    }
  });

  it("refuses an empty or oversized term and bad listing parameters with a 400", async () => {
    for (const term of ["%20", "%20%20%20", "a".repeat(101)]) {
      for (const suffix of ["", "/autocomplete"]) {
        const response = await t.app.inject(`/api/rest/search/${term}${suffix}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ messages: { error: [{ message: SEARCH_TERM_INVALID }] } });
      }
    }
    expect(SEARCH_TERM_INVALID).toBe("The search term must be 1 to 100 characters.");
    expect((await t.app.inject(`/api/rest/search/${"a".repeat(100)}`)).statusCode).toBe(200);
    for (const query of ["limit=1000", "page=0", "filter[0][attribute]=nope&filter[0][in]=x", "visibility=2", "embed=blocks"]) {
      const response = await t.app.inject(`/api/rest/search/fridge?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.error).toHaveLength(1);
    }
  });
});

describe("search suggestions and history", () => {
  it("records a search with the result size the server finds, not the one claimed, and answers its history id; needs the CSRF token and valid input", async () => {
    const shopper = new Shopper(t.app);
    await shopper.startSession();
    const logged = await shopper.send("PUT", "/api/rest/elasticsearch/log/query", { query: "  refrigerator ", result_size: 999 });
    expect(logged.statusCode).toBe(200);
    expect(logged.json()).toEqual({ history_id: expect.stringMatching(/^\d+$/) });
    const [row] = await t.db.select().from(schema.searchQueries).where(eq(schema.searchQueries.historyId, Number(logged.json().history_id)));
    // what the search page lists for the term: 101-104, 112 and the search-only 115
    expect((await search("refrigerator")).product_count).toBe(6);
    expect(row).toMatchObject({ query: "refrigerator", resultSize: 6 });
    expect(row!.sessionId).toBeTruthy();
    expect(row!.client).toBeTruthy();
    expect(row!.client).not.toContain("127.0.0.1");
    expect((await shopper.send("PUT", "/api/rest/elasticsearch/log/query", { query: "x", result_size: 1 }, { csrf: false })).statusCode).toBe(403);
    for (const body of [{ query: "", result_size: 1 }, { query: "tv", result_size: -1 }, { query: "tv" }, { query: "a".repeat(101), result_size: 1 }]) {
      const response = await shopper.send("PUT", "/api/rest/elasticsearch/log/query", body);
      expect(response.statusCode).toBe(400);
      expect(response.json().messages.error).toHaveLength(1);
    }
  });

  it("suggests earlier searches that found something, most frequent first, with top categories and four products", async () => {
    // each logged by a different shopper: three are needed before a term is suggested
    await t.db.insert(schema.searchQueries).values([
      ...Array.from({ length: 3 }, (_, k) => ({ query: "Refrigerator", resultSize: 6, client: `fridge-${k}` })),
      ...Array.from({ length: 3 }, (_, k) => ({ query: "refrigerator water filter", resultSize: 1, client: `filter-${k}` })),
      ...Array.from({ length: 3 }, (_, k) => ({ query: "refrigerators with nothing", resultSize: 0, client: `nothing-${k}` })),
      ...Array.from({ length: 2 }, (_, k) => ({ query: "refrigerator by two", resultSize: 2, client: `two-${k}` })),
      ...Array.from({ length: 3 }, (_, k) => ({ query: "range", resultSize: 4, client: `range-${k}` })),
    ]);
    // earlier searches are read again at most once a second (search-terms.ts)
    const expected = [{ query: "refrigerator", count: 4 }, { query: "refrigerator water filter", count: 3 }];
    let answer = autocompleteResult.parse((await t.app.inject("/api/rest/search/refr/autocomplete")).json());
    for (const deadline = Date.now() + 5_000; Date.now() < deadline && JSON.stringify(answer.searches) !== JSON.stringify(expected);) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      answer = autocompleteResult.parse((await t.app.inject("/api/rest/search/refr/autocomplete")).json());
    }
    // "refrigerator" was also logged once in the test above
    expect(answer.searches).toEqual(expected);
    expect(answer.products).toHaveLength(4);
    expect(answer.products[0]).toEqual({
      entity_id: "101", sku: "FR-100", name: "Samsung French Door Refrigerator", url_key: "fr-100", image_url: "/media/test/101.png",
      price: { amount: 1699, formatted: "$1,699.00" },
    });
    expect(answer.categories.map((c) => [c.url_key, c.product_count])).toEqual([["appliances", 6], ["refrigerators", 6], ["deals", 1], ["gifts", 1]]);
  });

  it("suggests the five most frequent of many matching searches, ties alphabetically", async () => {
    const counts: Array<[string, number]> = [["oven mitt", 1], ["oven", 6], ["oven range", 3], ["oven white", 3],
      ["oven black", 3], ["oven cleaner", 2], ["ovens", 5], ["oven compact", 1]];
    await t.db.insert(schema.searchQueries).values(counts.flatMap(([query, n]) => Array.from({ length: n }, (_, k) => ({ query, resultSize: 1, client: `${query}-${k}` }))));
    const deadline = Date.now() + 15_000;
    let searches: Array<{ query: string; count: number }> = [];
    while (Date.now() < deadline) {
      searches = autocompleteResult.parse((await t.app.inject("/api/rest/search/ove/autocomplete")).json()).searches;
      if (searches[0]?.query === "oven") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(searches).toEqual([
      { query: "oven", count: 6 }, { query: "ovens", count: 5 }, { query: "oven black", count: 3 },
      { query: "oven range", count: 3 }, { query: "oven white", count: 3 },
    ]);
  });

  it("answers at most five categories, by product count", async () => {
    const answer = autocompleteResult.parse((await t.app.inject("/api/rest/search/lumetra%20or%20samsung%20or%20kessler/autocomplete")).json());
    expect(answer.categories).toHaveLength(5);
    const counts = answer.categories.map((c) => c.product_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(answer.categories[0]).toMatchObject({ url_key: "appliances", product_count: 5 });
    expect(answer.products.length).toBeLessThanOrEqual(4);
  });

  it("suggests a search three shoppers logged after suggestions were first read, within a few seconds", async () => {
    const suggested = async () => autocompleteResult.parse((await t.app.inject("/api/rest/search/dishw/autocomplete")).json()).searches;
    expect(await suggested()).toEqual([]);
    for (const address of ["198.51.100.1", "198.51.100.2", "2001:db8:1::1"]) {
      const shopper = new Shopper(t.app, { remoteAddress: address });
      await shopper.startSession();
      expect((await shopper.send("PUT", "/api/rest/elasticsearch/log/query", { query: "Dishwasher Quiet", result_size: 1 })).statusCode).toBe(200);
    }
    const deadline = Date.now() + 15_000;
    let searches = await suggested();
    while (searches.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      searches = await suggested();
    }
    expect(searches).toEqual([{ query: "dishwasher quiet", count: 3 }]);
  });

  it("never suggests what one shopper logs, however often and from however many sessions, nor a search that found nothing", async () => {
    const log = async (shopper: Shopper, query: string, resultSize: number) => {
      const response = await shopper.send("PUT", "/api/rest/elasticsearch/log/query", { query, result_size: resultSize });
      expect(response.statusCode, response.body).toBe(200);
    };
    // one visitor: five searches in one session, then two fresh sessions from the same address
    const one = new Shopper(t.app, { remoteAddress: "203.0.113.7" });
    await one.startSession();
    for (let i = 0; i < 5; i++) await log(one, "Kessler Dishwasher", 40);
    for (let i = 0; i < 2; i++) {
      const again = new Shopper(t.app, { remoteAddress: "203.0.113.7" });
      await again.startSession();
      await log(again, "Kessler Dishwasher", 40);
    }
    // and from two addresses of one IPv6 subscriber (one /64)
    for (const address of ["2001:db8:7:7::1", "2001:db8:7:7::2"]) {
      const shopper = new Shopper(t.app, { remoteAddress: address });
      await shopper.startSession();
      await log(shopper, "Kessler Dishwasher", 40);
    }
    // many shoppers claim results for a term that finds nothing; and a control term three shoppers really found
    for (const address of ["192.0.2.1", "192.0.2.2", "192.0.2.3", "192.0.2.4"]) {
      const shopper = new Shopper(t.app, { remoteAddress: address });
      await shopper.startSession();
      await log(shopper, "kessler zzqxw", 12);
      await log(shopper, "kessler compact", 0);
    }
    const [nothing] = await t.db.select().from(schema.searchQueries).where(eq(schema.searchQueries.query, "kessler zzqxw")).limit(1);
    expect(nothing!.resultSize).toBe(0);
    const [found] = await t.db.select().from(schema.searchQueries).where(eq(schema.searchQueries.query, "Kessler Dishwasher")).limit(1);
    expect(found!.resultSize).toBe(2);

    const suggested = async () => autocompleteResult.parse((await t.app.inject("/api/rest/search/kessler/autocomplete")).json()).searches;
    const deadline = Date.now() + 15_000;
    let searches = await suggested();
    while (!searches.some((s) => s.query === "kessler compact") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      searches = await suggested();
    }
    expect(searches).toEqual([{ query: "kessler compact", count: 4 }]);
  });

  it("limits logging to twenty searches a minute per session and sixty per address, answering 429 in the error shape", async () => {
    const TOO_MANY = { messages: { error: [{ message: "Too many requests. Please wait a minute and try again." }] } };
    const log = (shopper: Shopper, i: number) => shopper.send("PUT", "/api/rest/elasticsearch/log/query", { query: `tv ${i}`, result_size: 1 });
    const first = new Shopper(t.app, { remoteAddress: "203.0.113.60" });
    await first.startSession();
    for (let i = 0; i < 20; i++) expect((await log(first, i)).statusCode).toBe(200);
    const refused = await log(first, 20);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    // fresh sessions from the same address go on until the address has logged sixty
    const codes: number[] = [];
    for (let k = 0; k < 3; k++) {
      const next = new Shopper(t.app, { remoteAddress: "203.0.113.60" });
      await next.startSession();
      for (let i = 0; i < 14; i++) codes.push((await log(next, i)).statusCode);
    }
    expect(codes.filter((code) => code === 200)).toHaveLength(60 - 21);
    expect(codes.slice(60 - 21)).toEqual(Array(3 * 14 - (60 - 21)).fill(429));
  });

  it("suggests close searches even when mistyped", async () => {
    const answer = autocompleteResult.parse((await t.app.inject("/api/rest/search/refrigerater/autocomplete")).json());
    expect(answer.searches.map((s) => s.query)).toContain("refrigerator");
    expect(answer.products.length).toBeGreaterThan(0);
  });
});
