import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { autocompleteResult, categoryPage, searchResult } from "@store/contract";
import { schema } from "../db/client";
import { createTestApp, type TestApp } from "../test/app";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  await ctx.database.db.insert(schema.categories).values([
    { entityId: 1, parentId: null, path: "1", urlKey: "root", name: "Root Catalog", level: 0 },
    { entityId: 2, parentId: 1, path: "1/2", urlKey: "default-category", name: "Default Category", level: 1 },
  ]);
});
afterAll(() => ctx.close());

describe("a store without products", () => {
  it("answers the catalogue as an empty list with product_count 0", async () => {
    const response = await app.inject("/api/rest/categories/default-category?embed=products,blocks&filter[0][attribute]=price&filter[0][from]=1");
    expect(response.statusCode).toBe(200);
    const page = categoryPage.parse(response.json());
    expect(page).toMatchObject({ product_count: 0, products: [], page_count: 0, blocks: [] });
    expect(page.filters).toEqual([{ attribute: "price", label: "Price", type: "price", position: 0, values: [], selected_range: { from: 1, to: null } }]);
  });

  it("finds nothing and suggests nothing, without errors", async () => {
    const found = searchResult.parse((await app.inject("/api/rest/search/fridge?embed=products")).json());
    expect(found).toMatchObject({ product_count: 0, products: [], filters: [] });
    const typo = searchResult.parse((await app.inject("/api/rest/search/refridgerator?embed=products")).json());
    expect(typo.product_count).toBe(0);
    const suggestions = autocompleteResult.parse((await app.inject("/api/rest/search/fr/autocomplete")).json());
    expect(suggestions).toEqual({ term: "fr", searches: [], categories: [], products: [] });
    const special = await app.inject("/api/rest/dynamic-category/color/black");
    expect(special.statusCode).toBe(404);
  });
});
