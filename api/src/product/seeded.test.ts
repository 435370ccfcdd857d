import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { INVENTORY_CONFIGURABLE, PRODUCT_EMBEDS, productDetail, reviewSummary, type ProductDetail } from "@store/contract";
import { seedDemoStore } from "../seed/generate";
import { createTestApp, type TestApp } from "../test/app";
import { rowsOf } from "./list-item";

/** The product calls over the demo store's generated catalogue: every product, every embed. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
let rows: Array<{ id: number; typeId: string; status: number; reviewsCount: number }>;
const details = new Map<number, ProductDetail>();

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  await seedDemoStore(ctx.database.db, { products: 60 });
  rows = await rowsOf(ctx.database.db, sql`select entity_id as "id", type_id as "typeId", status, reviews_count as "reviewsCount" from products order by entity_id`);
  const answers = await Promise.all(rows.map((r) => app.inject(`/api/rest/products/${r.id}?embed=${PRODUCT_EMBEDS.join(",")}`)));
  answers.forEach((response, i) => {
    if (response.statusCode === 200) details.set(rows[i]!.id, productDetail.parse(response.json()));
  });
}, 120_000);
afterAll(() => ctx.close());

describe("product answers over the demo store", () => {
  it("answers every enabled product, to the contract, and 404 for the rest", () => {
    expect(rows.length).toBeGreaterThan(60);
    for (const row of rows) expect(details.has(row.id), `product ${row.id}`).toBe(row.status === 1);
  });

  it("answers configurable products with swatches whose options name their children", () => {
    const configurables = [...details.values()].filter((d) => d.type_id === "configurable");
    expect(configurables.length).toBeGreaterThan(0);
    for (const p of configurables) {
      const childIds = new Set(p.simple_products.map((s) => s.entity_id));
      expect(p.attributes.length, p.sku).toBeGreaterThan(0);
      expect(childIds.has(p.configurable_default_simple_id!)).toBe(true);
      for (const option of p.attributes[0]!.options) for (const id of option.products) expect(childIds.has(id)).toBe(true);
      // every child is reachable from the first swatch
      expect(new Set(p.attributes[0]!.options.flatMap((o) => o.products))).toEqual(childIds);
    }
  });

  it("answers add-on links with pre-selection, and only to products that answer themselves", () => {
    const all = [...details.values()];
    const addOns = all.flatMap((d) => d.crosssells ?? []);
    expect(addOns.some((c) => c.pre_selected_add_on)).toBe(true);
    // every linked item is an enabled product with a page of its own answer
    for (const item of [...addOns, ...all.flatMap((d) => [...(d.relateds ?? []), ...(d.upsells ?? [])])]) {
      expect(details.has(Number(item.entity_id)), item.sku).toBe(true);
    }
  });

  it("keeps the review counts of the product answers equal to the review summaries", async () => {
    const reviewed = rows.filter((r) => r.reviewsCount > 0).slice(0, 10);
    expect(reviewed.length).toBeGreaterThan(0);
    for (const row of reviewed) {
      const summary = reviewSummary.parse((await app.inject(`/api/rest/products/${row.id}/reviews/summary`)).json());
      expect(summary.review_summary.count).toBe(details.get(row.id)!.reviews_count);
      const distribution = Object.values(summary.ratings_distribution).reduce((a, b) => a + b, 0);
      expect(distribution).toBe(summary.review_summary.count);
    }
  });

  it("refuses store stock of configurables and answers it for simple products", async () => {
    const configurable = rows.find((r) => r.typeId === "configurable")!;
    const refused = await app.inject(`/api/rest/products/${configurable.id}/inventory?zip=94103`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages.error[0].message).toBe(INVENTORY_CONFIGURABLE);
    const simple = rows.find((r) => r.typeId === "simple" && r.status === 1)!;
    const stock = await app.inject(`/api/rest/products/${simple.id}/inventory?zip=94103-1234`);
    expect(stock.statusCode, stock.body).toBe(200);
    const list = stock.json().store_list as Array<{ distance: number }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((s) => s.distance)).toEqual([...list.map((s) => s.distance)].sort((a, b) => a - b));
  });

  it("answers stores, shipping, banners and blog posts from the seeded tables", async () => {
    const simple = rows.find((r) => r.typeId === "simple" && r.status === 1)!;
    expect((await app.inject("/api/rest/locations?zip=90064")).json().length).toBeGreaterThan(0);
    const shipping = (await app.inject(`/api/rest/products/${simple.id}/shipping/94103`)).json();
    expect(shipping.methods.length).toBeGreaterThan(0);
    expect((await app.inject("/api/rest/blog")).json().length).toBeGreaterThan(0);
  });
});
