import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { useTestApp, within } from "../test/app";
import { F, insertProductFixtures } from "./test-fixtures";

const t = useTestApp(insertProductFixtures);

/** product_detail_version as stored: every api process drops all its kept product answers when it moves. */
const detailVersion = async () =>
  ((await t.db.execute(sql`SELECT version::int AS v FROM product_detail_version WHERE id = 1`)) as unknown as { rows: Array<{ v: number }> }).rows[0]!.v;

const ALL = "images,promotions,crosssells,relateds,upsells,parentbundles,assets,outlets,retailbanner";
async function product(id: number) {
  const answer = await t.app.inject(`/api/rest/products/${id}?embed=${ALL}`);
  expect(answer.statusCode).toBe(200);
  return answer.json() as { qty: number; in_stock: boolean; description: string; relateds: Array<{ entity_id: string; qty: number }>; simple_products: Array<{ entity_id: string; qty: number }> };
}
const built = () => t.app.services.products.answersBuilt;
const setQty = (id: number, qty: number) => t.db.update(schema.products).set({ qty }).where(eq(schema.products.entityId, id));
/** The change feed's message comes with the commit on the embedded database, a moment after it from a server. */
const soon = (check: () => Promise<boolean>) => within(1_000, check);
/**
 * Every change made so far has reached the product answers by both of its paths, the change feed's
 * `p:<id>` and the page versions' `v:p<id>` (which a server may deliver after the first has been
 * acted on and an answer built again): a marker change (`v:cms`, no rows) is published after them.
 */
async function settled() {
  const versions = t.app.services.pageVersions;
  const at = versions.position;
  await t.db.execute(sql`UPDATE cms_blocks SET title = title WHERE false`);
  await within(5_000, async () => versions.since(at, versions.epoch).includes("cms"));
}

describe("kept product answers follow the products they were built from (migration 0028)", () => {
  it("a products update leaves the detail version alone; a link still moves it", async () => {
    const before = await detailVersion();
    await t.db.update(schema.products).set({ description: "A quieter dishwasher, now with a third rack." }).where(eq(schema.products.entityId, F.dishwasher));
    await setQty(F.dishwasher, 7);
    expect(await detailVersion()).toBe(before);
    await t.db.insert(schema.productLinks).values({ productId: F.filter, linkedProductId: F.plan, linkType: "related" });
    expect(await detailVersion()).toBe(before + 1);
  });

  it("an order's stock change shows on its product, its configurable parent and the pages that link it, and no other answer is built again", async () => {
    await settled();
    t.app.services.products.clearCache();
    const { qty } = await product(F.dishwasher);
    await product(F.configurable); // relates the dishwasher; its children are the steel and white models
    await product(F.bundle);
    await product(F.poa);
    const before = built();
    // served from memory while nothing changes
    await product(F.dishwasher);
    await product(F.configurable);
    await product(F.bundle);
    expect(built()).toBe(before);

    // one sold: the dishwasher's page, and the configurable's that relates it
    await setQty(F.dishwasher, qty - 1);
    await settled();
    await soon(async () => (await product(F.dishwasher)).qty === qty - 1);
    const configurable = await product(F.configurable);
    expect(configurable.relateds.find((r) => r.entity_id === String(F.dishwasher))?.qty).toBe(qty - 1);
    expect(built()).toBe(before + 2);
    // a product that shows neither is not built again
    await product(F.poa);
    expect(built()).toBe(before + 2);

    // a child's stock: the parent's answer sums its children's
    const steel = configurable.simple_products.find((c) => c.entity_id === String(F.childSteel))!.qty;
    expect(steel).toBeGreaterThan(1);
    await setQty(F.childSteel, steel - 2);
    await settled();
    await soon(async () => (await product(F.configurable)).qty === configurable.qty - 2);
    expect(built()).toBe(before + 3);
    await product(F.dishwasher);
    await product(F.poa);
    expect(built()).toBe(before + 3);
  });

  it("a new product drops every kept answer", async () => {
    await settled();
    t.app.services.products.clearCache();
    await product(F.dishwasher);
    await product(F.poa);
    const before = built();
    await t.db.insert(schema.products).values({ entityId: 190, sku: "NEW-190", urlKey: "new-190", name: "New arrival", price: 1000, finalPrice: 1000, qty: 1 });
    await settled();
    await soon(async () => {
      await product(F.dishwasher);
      return built() > before;
    });
    await product(F.poa);
    expect(built()).toBe(before + 2);
  });
});
