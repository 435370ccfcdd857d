import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { useTestApp } from "../test/app";
import { indexEveryBase, insertCatalogFixtures } from "./test-fixtures";

// Runs only in the PostgreSQL pass: two transactions open at once need a server.
const t = useTestApp(insertCatalogFixtures);

describe("a stock change that commits after a later one was read", () => {
  it("is still applied: its id, lower than one already read, is asked for again", async () => {
    await indexEveryBase(t.app);
    const config = await t.app.services.config.get();
    const catalog = t.app.services.catalog;
    const rebuilds = catalog.rebuilds;
    const tile = async (id: number) => {
      const response = await t.app.inject("/api/rest/categories/default-category?embed=products&limit=100");
      expect(response.statusCode).toBe(200);
      return (response.json() as { products: Array<{ entity_id: string; qty: number }> }).products.find((p) => Number(p.entity_id) === id);
    };
    await catalog.sync(config);
    const before104 = (await tile(104))!.qty;

    // the first transaction takes its change-log id and stays open; a second one takes a higher id and commits
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: () => void;
    const tookId = new Promise<void>((resolve) => (taken = resolve));
    const slow = t.db.transaction(async (tx) => {
      // what the products' triggers write, by hand: their lock on the shared detail version would
      // hold the second writer back until this one commits (the ids would then commit in order)
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      await tx.update(schema.products).set({ qty: before104 + 5 }).where(eq(schema.products.entityId, 104));
      await tx.execute(sql`INSERT INTO stock_changes (product_id) VALUES (104)`);
      taken();
      await held;
    });
    await tookId;
    await t.db.update(schema.products).set({ qty: 9 }).where(eq(schema.products.entityId, 107));
    await catalog.sync(config);
    expect((await tile(107))!.qty).toBe(9);
    expect((await tile(104))!.qty).toBe(before104);

    release();
    await slow;
    await catalog.sync(config);
    expect((await tile(104))!.qty).toBe(before104 + 5);
    expect(catalog.rebuilds).toBe(rebuilds);
  });
});
