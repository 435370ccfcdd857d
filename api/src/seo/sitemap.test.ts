import { describe, expect, it } from "vitest";
import { sitemapPage } from "@store/contract";
import { schema, type Db } from "../db/client";
import { useTestApp } from "../test/app";
import { insertProductFixtures } from "../product/test-fixtures";

async function fixtures(db: Db) {
  await insertProductFixtures(db);
  await db.insert(schema.cmsPages).values([
    { identifier: "home", title: "Home" },
    { identifier: "about-us", title: "About us" },
    { identifier: "secret-sale", title: "Members only", noIndex: true },
    { identifier: "old-page", title: "Gone", isActive: false },
  ]);
  // the product fixtures' posts: fridge-guide, laundry-tips and tv-sizes are out, coming-soon is not yet
}

const t = useTestApp(fixtures);
const get = async (query = "") => {
  const response = await t.app.inject({ url: `/api/rest/sitemap${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return sitemapPage.parse(response.json());
};

describe("GET /sitemap", () => {
  it("lists categories, products shown on their own, indexable CMS pages and published posts", async () => {
    const map = await get();
    const keys = (type: string) => map.entries.filter((e) => e.type === type).map((e) => e.key);
    expect(keys("category")).toEqual(["appliances", "kitchen-packages", "refrigerators"]);
    // not the configurable's children, the open-box item, the add-on kept off its own page, nor the disabled product
    expect(keys("product")).toHaveLength(8);
    expect(keys("product")).toEqual([...keys("product")].sort());
    expect(keys("product")).toEqual(expect.arrayContaining(["frostline-dishwasher", "kitchen-package", "pf-filter", "plan-5", "poa-1"]));
    expect(keys("product")).not.toContain("fl-fd-ss");
    expect(keys("product")).not.toContain("disabled-product");
    expect(keys("product")).not.toContain("install-kit");
    expect(keys("page")).toEqual(["about-us", "home"]);
    expect(keys("post")).toEqual(["fridge-guide", "laundry-tips", "tv-sizes"]);
    expect(map.entries.map((e) => e.type)).toEqual([...keys("category").map(() => "category"), ...keys("product").map(() => "product"), "page", "page", "post", "post", "post"]);
    expect(map.entries.find((e) => e.type === "post")!.lastmod).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(map).toMatchObject({ page: 1, pages: 1, total: map.entries.length });
  });

  it("is paged for large catalogues", async () => {
    const all = await get();
    const first = await get("?limit=5");
    const second = await get("?limit=5&page=2");
    expect(first).toMatchObject({ page: 1, pages: Math.ceil(all.total / 5), total: all.total });
    expect([...first.entries, ...second.entries]).toEqual(all.entries.slice(0, 10));
    expect((await get(`?limit=5&page=${first.pages + 1}`)).entries).toEqual([]);
    const bad = await t.app.inject({ url: "/api/rest/sitemap?limit=0" });
    expect(bad.statusCode).toBe(400);
  });
});
