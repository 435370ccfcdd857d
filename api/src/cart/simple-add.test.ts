import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import type { CartAnswer } from "@store/contract";
import { schema } from "../db/client";
import { F } from "../product/test-fixtures";
import { cartShoppers, insertCartFixtures } from "./test-fixtures";
import { useTestApp, type Shopper } from "../test/app";

// The common add (one simple product) runs as one statement from the cart as this process last
// left it; these are the ways that cart can have moved on without it, and what must still hold.
const t = useTestApp(insertCartFixtures);
const ITEMS = "/api/rest/cart/items";
const { shopper, ok } = cartShoppers(t);

const lines = (c: CartAnswer) => Object.values(c.items!).map((i) => [i.product_id, i.qty]).sort((a, b) => a[0]! - b[0]!);
const cartIdOf = async (s: Shopper) => {
  const sid = s.cookie.replace(/^sid=/, "");
  const [row] = await t.db.select({ id: schema.carts.cartId }).from(schema.carts).where(eq(schema.carts.sessionId, sid));
  return row!.id;
};
const fetched = async (s: Shopper): Promise<CartAnswer> => (await s.get("/api/rest/cart")).json();

describe("adding a simple product in one statement", () => {
  it("answers the cart as a fresh read shows it, adding a line or raising one", async () => {
    const s = await shopper();
    const before = t.app.services.cart.simpleAdds;
    const first = await ok(s, "POST", ITEMS, { product_id: F.plan });
    const second = await ok(s, "POST", ITEMS, { product_id: F.filter, qty: 2 });
    const third = await ok(s, "POST", ITEMS, { product_id: F.plan });
    // every one of them took the one-statement path (the first creates the cart with its line)
    expect(t.app.services.cart.simpleAdds - before).toBe(3);
    expect(lines(first)).toEqual([[F.plan, 1]]);
    expect(lines(second)).toEqual([[F.filter, 2], [F.plan, 1]]);
    expect(lines(third)).toEqual([[F.filter, 2], [F.plan, 2]]);
    const read = await fetched(s);
    expect(third.totals).toEqual(read.totals);
    expect(third.items).toEqual(read.items);
    expect(third.methods).toEqual(read.methods);
  });

  it("loses no change another writer made meanwhile (another api process): the cart's version moved, so the claim path adds", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const cartId = await cartIdOf(s);
    // what another process's change of quantity does: the line, and the version moved under the lock
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM carts WHERE cart_id = ${cartId} FOR UPDATE`);
      await tx.update(schema.cartItems).set({ qty: 3 }).where(eq(schema.cartItems.cartId, cartId));
      await tx.update(schema.carts).set({ version: sql`${schema.carts.version} + 1` }).where(eq(schema.carts.cartId, cartId));
    });
    const answer = await ok(s, "POST", ITEMS, { product_id: F.plan });
    expect(lines(answer)).toEqual([[F.plan, 4]]);
    expect(lines(await fetched(s))).toEqual([[F.plan, 4]]);
  });

  it("does not answer a line that went without the version moving (a product deleted takes its lines with it)", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    await ok(s, "POST", ITEMS, { product_id: F.filter });
    const cartId = await cartIdOf(s);
    await t.db.delete(schema.cartItems).where(and(eq(schema.cartItems.cartId, cartId), eq(schema.cartItems.productId, F.filter)));
    const answer = await ok(s, "POST", ITEMS, { product_id: F.plan });
    expect(lines(answer)).toEqual([[F.plan, 2]]);
  });

  it("a cart the session already has (made elsewhere) is added to, not replaced", async () => {
    const s = await shopper();
    const sid = s.cookie.replace(/^sid=/, "");
    // another process made this session's cart: this process knows nothing of it
    const [cart] = await t.db.insert(schema.carts).values({ sessionId: sid }).returning();
    await t.db.insert(schema.cartItems).values({ cartId: cart!.cartId, productId: F.filter, qty: 1 });
    const answer = await ok(s, "POST", ITEMS, { product_id: F.plan });
    expect(lines(answer)).toEqual([[F.filter, 1], [F.plan, 1]]);
    expect(await cartIdOf(s)).toBe(cart!.cartId);
  });

  it("concurrent adds of different products to one cart keep every line once", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const ids = [F.filter, F.installKit, F.dishwasher, F.outlet];
    const responses = await Promise.all(ids.map((id) => s.send("POST", ITEMS, { product_id: id })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(lines(await fetched(s))).toEqual([F.plan, ...ids].sort((a, b) => a - b).map((id) => [id, 1]));
  });

  it("concurrent adds onto a known cart never pass the stock: one fills it, the rest are refused", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const responses = await Promise.all(Array.from({ length: 3 }, () => s.send("POST", ITEMS, { product_id: F.dishwasher, qty: 2 }))); // 3 in stock
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(lines(await fetched(s))).toEqual([[F.plan, 1], [F.dishwasher, 2]].sort((a, b) => a[0]! - b[0]!));
  });

  it("refuses what the store cannot fill, counting what the cart holds", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher, qty: 2 });
    const response = await s.send("POST", ITEMS, { product_id: F.dishwasher, qty: 2 }); // 3 in stock
    expect(response.statusCode).toBe(409);
    expect(response.json().messages.error[0].message).toBe('The requested quantity for "Frostline Dishwasher" is not available.');
    expect(lines(await fetched(s))).toEqual([[F.dishwasher, 2]]);
  });
});

describe("adding several simple products in one statement (items[])", () => {
  const order = (c: CartAnswer) => Object.values(c.items!).sort((a, b) => Number(a.item_id) - Number(b.item_id)).map((i) => [i.product_id, i.qty]);

  it("makes a guest's cart with every line, in the order given, as a fresh read shows it", async () => {
    const s = await shopper();
    const before = t.app.services.cart.simpleAdds;
    const answer = await ok(s, "POST", ITEMS, { items: [{ product_id: F.filter, qty: 2 }, { product_id: F.plan }] });
    expect(t.app.services.cart.simpleAdds - before).toBe(1);
    expect(order(answer)).toEqual([[F.filter, 2], [F.plan, 1]]);
    const read = await fetched(s);
    expect(answer.items).toEqual(read.items);
    expect(answer.totals).toEqual(read.totals);
  });

  it("adds new lines to a known cart in one statement; a product the cart holds goes the claim path and is raised", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const before = t.app.services.cart.simpleAdds;
    const added = await ok(s, "POST", ITEMS, { items: [{ product_id: F.installKit }, { product_id: F.filter }] });
    expect(t.app.services.cart.simpleAdds - before).toBe(1);
    expect(order(added)).toEqual([[F.plan, 1], [F.installKit, 1], [F.filter, 1]]);
    const raised = await ok(s, "POST", ITEMS, { items: [{ product_id: F.outlet }, { product_id: F.plan, qty: 2 }] });
    expect(t.app.services.cart.simpleAdds - before).toBe(1);
    expect(order(raised)).toEqual([[F.plan, 3], [F.installKit, 1], [F.filter, 1], [F.outlet, 1]]);
    expect(order(await fetched(s))).toEqual(order(raised));
  });

  it("refuses the whole list when one product cannot be filled, adding none of it", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const response = await s.send("POST", ITEMS, { items: [{ product_id: F.filter }, { product_id: F.dishwasher, qty: 4 }] }); // 3 in stock
    expect(response.statusCode).toBe(409);
    expect(response.json().messages.error[0].message).toBe('The requested quantity for "Frostline Dishwasher" is not available.');
    expect(lines(await fetched(s))).toEqual([[F.plan, 1]]);
  });

  it("a product given twice goes the claim path, which adds up its quantities", async () => {
    const s = await shopper();
    const before = t.app.services.cart.simpleAdds;
    const answer = await ok(s, "POST", ITEMS, { items: [{ product_id: F.filter }, { product_id: F.filter, qty: 2 }] });
    expect(t.app.services.cart.simpleAdds - before).toBe(0);
    expect(lines(answer)).toEqual([[F.filter, 3]]);
  });

  it("concurrent lists onto one known cart never pass the stock: one is added whole, the other refused", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const list = { items: [{ product_id: F.filter }, { product_id: F.dishwasher, qty: 2 }] }; // 3 dishwashers in stock
    const responses = await Promise.all([s.send("POST", ITEMS, list), s.send("POST", ITEMS, list)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(lines(await fetched(s))).toEqual([[F.plan, 1], [F.filter, 1], [F.dishwasher, 2]].sort((a, b) => a[0]! - b[0]!));
  });
});
