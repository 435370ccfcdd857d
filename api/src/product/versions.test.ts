import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { useTestApp } from "../test/app";
import { F, insertProductFixtures } from "./test-fixtures";

const t = useTestApp(insertProductFixtures);

/** product_detail_version as stored: every api process drops its kept product answers when it moves. */
const detailVersion = async () =>
  ((await t.db.execute(sql`SELECT version::int AS v FROM product_detail_version WHERE id = 1`)) as unknown as { rows: Array<{ v: number }> }).rows[0]!.v;

describe("the product detail version (migrations 0003, 0024)", () => {
  it("does not move for an update that matches no product, nor for one that writes a product as it was", async () => {
    const before = await detailVersion();
    await t.db.update(schema.products).set({ description: "never stored" }).where(eq(schema.products.entityId, 999_999));
    const [dishwasher] = await t.db.select({ description: schema.products.description, qty: schema.products.qty })
      .from(schema.products).where(eq(schema.products.entityId, F.dishwasher));
    await t.db.update(schema.products).set({ description: dishwasher!.description, qty: dishwasher!.qty }).where(eq(schema.products.entityId, F.dishwasher));
    expect(await detailVersion()).toBe(before);
  });

  it("moves once for a statement that changes products, a description or the stock a product page shows", async () => {
    const before = await detailVersion();
    await t.db.update(schema.products).set({ description: "A quieter dishwasher, now with a third rack." }).where(eq(schema.products.entityId, F.dishwasher));
    expect(await detailVersion()).toBe(before + 1);
    // two products in one statement, one of them unchanged: still one move
    await t.db.update(schema.products).set({ qty: sql`CASE WHEN ${schema.products.entityId} = ${F.dishwasher} THEN ${schema.products.qty} + 1 ELSE ${schema.products.qty} END` })
      .where(sql`${schema.products.entityId} IN (${F.dishwasher}, ${F.filter})`);
    expect(await detailVersion()).toBe(before + 2);
  });
});
