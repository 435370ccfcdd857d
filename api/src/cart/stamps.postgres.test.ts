import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { listenerOf, schema } from "../db/client";
import { CHANGES_CHANNEL } from "../db/changes";
import { useTestApp } from "../test/app";
import { F } from "../product/test-fixtures";
import { cartShoppers, insertCartFixtures } from "./test-fixtures";

// Runs only in the PostgreSQL pass: the embedded database announces every cart write.
const t = useTestApp(insertCartFixtures);
const { shopper, ok } = cartShoppers(t);

describe("cart writes on the server", () => {
  it("send no notification from the api's connections, and still do from any other writer", async () => {
    const messages: string[] = [];
    const { stop, sync } = await listenerOf(t.db)!(CHANGES_CHANNEL, (payload) => messages.push(payload), () => undefined);
    try {
      const s = await shopper();
      const added = await ok(s, "POST", "/api/rest/cart/items", { product_id: F.plan });
      await ok(s, "PUT", `/api/rest/cart/items/${added.itemList![0]}`, { qty: 2 });
      await sync!();
      expect(messages.filter((m) => m.startsWith("c:"))).toEqual([]);
      const itemId = Number(added.itemList![0]);
      // a writer that has not said it checks stamps (an edit by hand, say) announces as before
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL store.announce_carts = 'on'`);
        await tx.update(schema.cartItems).set({ qty: 3 }).where(eq(schema.cartItems.itemId, itemId));
      });
      await sync!();
      expect(messages.filter((m) => m.startsWith("c:"))).toEqual([`c:s${s.cookie.slice("sid=".length)}`]);
    } finally {
      await stop();
    }
  });
});
