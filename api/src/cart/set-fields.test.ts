import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import type { CartAnswer } from "@store/contract";
import { schema } from "../db/client";
import { F } from "../product/test-fixtures";
import { cartShoppers, insertCartFixtures } from "./test-fixtures";
import { useTestApp, type Shopper } from "../test/app";

// A change of the cart's own fields (email, shipping method) runs as one statement from the cart
// as this process last left it; these are the ways that cart can have moved on without it.
const t = useTestApp(insertCartFixtures);
const ITEMS = "/api/rest/cart/items";
const { shopper, ok } = cartShoppers(t);

const cartOf = async (s: Shopper) => {
  const sid = s.cookie.replace(/^sid=/, "");
  const [row] = await t.db.select().from(schema.carts).where(eq(schema.carts.sessionId, sid));
  return row!;
};
const fetched = async (s: Shopper): Promise<CartAnswer> => (await s.get("/api/rest/cart")).json();
/** what another api process's change of quantity does: the line, and the version moved under the lock */
const elsewhereSetQty = (cartId: number, qty: number) => t.db.transaction(async (tx) => {
  await tx.execute(sql`SELECT 1 FROM carts WHERE cart_id = ${cartId} FOR UPDATE`);
  await tx.update(schema.cartItems).set({ qty }).where(eq(schema.cartItems.cartId, cartId));
  await tx.update(schema.carts).set({ version: sql`${schema.carts.version} + 1` }).where(eq(schema.carts.cartId, cartId));
});

describe("changing the cart's own fields in one statement", () => {
  it("sets the email and the shipping method each in one statement, answering as a fresh read shows the cart", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const before = t.app.services.cart.fieldSets;
    const emailed = await ok(s, "PUT", "/api/rest/cart", { email: "  shopper@example.com " });
    expect(emailed.totals).toEqual((await (await s.get("/api/rest/cart?embed=totals")).json()).totals);
    const shipped = await ok(s, "PUT", "/api/rest/cart/shipping", { method: "flatrate_flatrate" });
    expect(t.app.services.cart.fieldSets - before).toBe(2);
    const row = await cartOf(s);
    expect(row.email).toBe("shopper@example.com");
    expect(row.shippingMethod).toBe("flatrate_flatrate");
    const read = await fetched(s);
    expect(shipped.totals).toEqual(read.totals);
    expect(shipped.items).toEqual(read.items);
    expect(read.totals!.shipping!.amount).toBe(49.99);
  });

  it("checks the change against the cart as it is when another process changed it (free shipping reached elsewhere is accepted)", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan }); // $199.99, below the $499 free shipping
    const { cartId } = await cartOf(s);
    await elsewhereSetQty(cartId, 3); // $599.97
    const before = t.app.services.cart.fieldSets;
    const answer = await ok(s, "PUT", "/api/rest/cart/shipping", { method: "freeshipping_freeshipping" });
    expect(t.app.services.cart.fieldSets - before).toBe(0);
    expect(answer.totals!.subtotal!.amount).toBe(599.97);
    expect((await cartOf(s)).shippingMethod).toBe("freeshipping_freeshipping");
  });

  it("writes nothing over a cart that moved on: free shipping lost elsewhere is refused with the spec's text", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan, qty: 3 }); // $599.97: free shipping as this process knows the cart
    const { cartId } = await cartOf(s);
    await elsewhereSetQty(cartId, 1); // $199.99
    const response = await s.send("PUT", "/api/rest/cart/shipping", { method: "freeshipping_freeshipping" });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages.error[0].message).toBe("The shipping method is not available.");
    expect((await cartOf(s)).shippingMethod).toBeNull();
    const viaUpdate = await s.send("PUT", "/api/rest/cart", { shipping_method: "freeshipping_freeshipping" });
    expect(viaUpdate.statusCode).toBe(400);
    expect(viaUpdate.json().messages.error[0].message).toBe("The shipping method is not available.");
    expect((await cartOf(s)).shippingMethod).toBeNull();
  });

  it("refuses a bad email with the spec's text and keeps the one the cart had", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    await ok(s, "PUT", "/api/rest/cart", { email: "first@example.com" });
    const response = await s.send("PUT", "/api/rest/cart", { email: "not an email" });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages.error[0].message).toBe("Please enter a valid email address.");
    expect((await cartOf(s)).email).toBe("first@example.com");
  });

  it("a field change racing an add loses neither", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const [emailed, added] = await Promise.all([
      s.send("PUT", "/api/rest/cart", { email: "race@example.com" }),
      s.send("POST", ITEMS, { product_id: F.filter }),
    ]);
    expect([emailed.statusCode, added.statusCode]).toEqual([200, 200]);
    const row = await cartOf(s);
    expect(row.email).toBe("race@example.com");
    expect(Object.values((await fetched(s)).items!).map((i) => i.product_id).sort()).toEqual([F.filter, F.plan].sort());
  });

  it("sets an address in one statement, merged into the address the cart has", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const before = t.app.services.cart.fieldSets;
    await s.send("PUT", "/api/rest/cart/billing_address", { firstname: "Ann", postcode: "94103-1234" });
    const answer = (await s.send("PUT", "/api/rest/cart/billing_address", { lastname: "Lee" })).json();
    expect(t.app.services.cart.fieldSets - before).toBe(2);
    expect(answer.validation_errors).toEqual([]);
    expect(answer.address).toMatchObject({ firstname: "Ann", lastname: "Lee", postcode: "94103" });
    expect((await cartOf(s)).billingAddress).toEqual({ firstname: "Ann", lastname: "Lee", postcode: "94103" });
  });

  it("merges into an address another process wrote instead of the one this process knew", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    await s.send("PUT", "/api/rest/cart/billing_address", { firstname: "Ann", city: "Boston" });
    const { cartId } = await cartOf(s);
    // another process's address change: the version moves, as every address writer's does
    await t.db.update(schema.carts).set({ billingAddress: { firstname: "Bea", city: "Denver" }, version: sql`${schema.carts.version} + 1` })
      .where(eq(schema.carts.cartId, cartId));
    const answer = (await s.send("PUT", "/api/rest/cart/billing_address", { lastname: "Lee" })).json();
    expect(answer.address).toMatchObject({ firstname: "Bea", lastname: "Lee", city: "Denver" });
    expect((await cartOf(s)).billingAddress).toEqual({ firstname: "Bea", lastname: "Lee", city: "Denver" });
  });

  it("brings nothing of a cleared address back", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    await s.send("PUT", "/api/rest/cart/billing_address", { firstname: "Ann", city: "Boston" });
    expect((await s.send("DELETE", "/api/rest/cart/billing_address")).statusCode).toBe(200);
    await s.send("PUT", "/api/rest/cart/billing_address", { postcode: "10001" });
    expect((await cartOf(s)).billingAddress).toEqual({ postcode: "10001" });
  });

  it("answers an invalid address with the spec's texts and leaves the address as it was", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    await s.send("PUT", "/api/rest/cart/shipping_address", { postcode: "10001", firstname: "Ann" });
    const bad = (await s.send("PUT", "/api/rest/cart/shipping_address", { postcode: "941" })).json();
    expect(bad.validation_errors).toEqual([{ field: "postcode", message: "'941' is not a valid postcode." }]);
    expect(bad.address).toMatchObject({ postcode: "10001", firstname: "Ann" });
    expect((await cartOf(s)).shippingAddress).toEqual({ postcode: "10001", firstname: "Ann" });
  });
});
