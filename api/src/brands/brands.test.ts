import { describe, expect, it } from "vitest";
import { brandsAnswer } from "@store/contract";
import { schema, type Db } from "../db/client";
import { useTestApp } from "../test/app";
import { insertProductFixtures } from "../product/test-fixtures";

async function fixtures(db: Db) {
  await insertProductFixtures(db);
  await db.insert(schema.brands).values([
    { brandId: 3, name: "Alder", urlKey: "alder", logoUrl: "/media/brand/alder.png" },
    { brandId: 4, name: "aardvark", urlKey: "aardvark", logoUrl: "" },
  ]);
  await db.insert(schema.products).values([
    // Alder's only product is not listed on its own: Alder has nothing to show
    { entityId: 900, sku: "ALD-1", urlKey: "ald-1", name: "Alder part", price: 100, finalPrice: 100, brandId: 3, visibility: 1 },
    { entityId: 901, sku: "ALD-2", urlKey: "ald-2", name: "Alder gone", price: 100, finalPrice: 100, brandId: 3, status: 2 },
    { entityId: 902, sku: "AAR-1", urlKey: "aar-1", name: "Aardvark lamp", price: 100, finalPrice: 100, brandId: 4 },
  ]);
}

const t = useTestApp(fixtures);

describe("GET /brands (the brands page)", () => {
  it("lists every brand with listable products by name, with its logo, url key and product count", async () => {
    const response = await t.app.inject({ url: "/api/rest/brands" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toContain("max-age=300");
    const brands = brandsAnswer.parse(response.json());
    expect(brands).toEqual([
      { name: "aardvark", url_key: "aardvark", logo_url: "", product_count: 1 },
      // the configurable, the dishwasher and the package; not the children nor the open-box item (not listed on their own)
      { name: "Frostline", url_key: "frostline", logo_url: "/media/brand/frostline.png", product_count: 3 },
      { name: "ShieldCare", url_key: "shieldcare", logo_url: "/media/brand/shieldcare.png", product_count: 2 },
    ]);
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/rest/openapi.json" })).json();
    expect(Object.keys(doc.paths)).toContain("/api/rest/brands");
  });
});
