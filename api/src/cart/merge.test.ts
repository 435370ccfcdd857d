import { describe, expect, it } from "vitest";
import { cartAnswer, type CartAnswer } from "@store/contract";
import { schema } from "../db/client";
import type { Shopper } from "../test/app";
import { useTestApp } from "../test/app";
import { STRONG_PASSWORD, newcomer, signUp } from "../test/accounts";
import { F } from "../product/test-fixtures";
import { insertCartFixtures } from "./test-fixtures";

// A guest's cart survives signing in and signing up (issue 9): it is merged into the customer's
// cart, which is the same on every device the customer signs in on.
const t = useTestApp(insertCartFixtures);

let emails = 0;
const newEmail = () => `merge-${emails++}@example.com`;

async function guest(): Promise<Shopper> {
  const s = newcomer(t.app);
  await s.startSession();
  return s;
}

async function ok(s: Shopper, method: "POST" | "PUT", url: string, body: unknown): Promise<CartAnswer> {
  const response = await s.send(method, url, body);
  expect(response.statusCode, response.body).toBe(200);
  return cartAnswer.parse(response.json());
}

async function cart(s: Shopper): Promise<CartAnswer> {
  const response = await s.get("/api/rest/cart");
  expect(response.statusCode, response.body).toBe(200);
  return cartAnswer.parse(response.json());
}

async function signIn(s: Shopper, email: string): Promise<void> {
  const response = await s.send("POST", "/api/rest/customers/self/session", { login: email, password: STRONG_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  s.csrf = response.json().customer_data.csrf_token;
}

async function signOut(s: Shopper): Promise<void> {
  const response = await s.send("DELETE", "/api/rest/customers/self/session");
  expect(response.statusCode, response.body).toBe(200);
  s.csrf = response.json().customer_data.csrf_token;
}

/** product id → qty of the cart's lines */
const lines = (c: CartAnswer) => Object.fromEntries(Object.values(c.items!).map((i) => [i.product_id, i.qty]));

describe("the guest cart through sign-up and sign-in", () => {
  it("sign-up keeps the guest's lines, address and email", async () => {
    const s = await guest();
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.dishwasher, qty: 2 });
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.filter });
    await ok(s, "PUT", "/api/rest/cart", { email: "guest@example.com" });
    await s.send("PUT", "/api/rest/cart/shipping_address", { postcode: "94103", firstname: "Ann" });
    await signUp(s, { email: newEmail() });
    const after = await cart(s);
    expect(lines(after)).toEqual({ [F.dishwasher]: 2, [F.filter]: 1 });
    expect(after.info).toMatchObject({ qty: 3, email: "guest@example.com" });
    expect(after.addresses!.shipping).toMatchObject({ postcode: "94103", firstname: "Ann" });
  });

  it("sign-in merges the guest's lines into the customer's cart, seen on the customer's other device too", async () => {
    const email = newEmail();
    const laptop = await guest();
    await signUp(laptop, { email });
    await ok(laptop, "POST", "/api/rest/cart/items", { product_id: F.filter, qty: 2 });
    await laptop.send("PUT", "/api/rest/cart/shipping_address", { postcode: "10001", firstname: "Customer" });

    const phone = await guest();
    await ok(phone, "POST", "/api/rest/cart/items", { product_id: F.filter, qty: 3 });
    await ok(phone, "POST", "/api/rest/cart/items", { product_id: F.dishwasher });
    await phone.send("PUT", "/api/rest/cart/shipping_address", { postcode: "94103", firstname: "Guest" });
    await signIn(phone, email);

    const onPhone = await cart(phone);
    expect(lines(onPhone)).toEqual({ [F.filter]: 5, [F.dishwasher]: 1 });
    // the customer's own address stays; the guest's fills only what is empty
    expect(onPhone.addresses!.shipping).toMatchObject({ postcode: "10001", firstname: "Customer" });
    expect(lines(await cart(laptop))).toEqual({ [F.filter]: 5, [F.dishwasher]: 1 });

    // a change on one device is in the cart on the other
    await ok(laptop, "POST", "/api/rest/cart/items", { product_id: F.filter });
    expect(lines(await cart(phone))).toEqual({ [F.filter]: 6, [F.dishwasher]: 1 });
  });

  it("adds quantities up to the stock, no further", async () => {
    const email = newEmail();
    const s = await guest();
    await signUp(s, { email });
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.dishwasher, qty: 2 }); // 3 in stock
    await signOut(s);
    expect(lines(await cart(s))).toEqual({}); // a new guest starts with an empty cart
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.dishwasher, qty: 2 });
    await signIn(s, email);
    const after = await cart(s);
    expect(lines(after)).toEqual({ [F.dishwasher]: 3 });
    expect(after.info.has_error).toBe(false);
  });

  it("the customer's cart outlives sign-out, and the guest cart row goes after the merge", async () => {
    const email = newEmail();
    const s = await guest();
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.filter, qty: 4 });
    await signUp(s, { email });
    await signOut(s);
    const other = await guest();
    await signIn(other, email);
    expect(lines(await cart(other))).toEqual({ [F.filter]: 4 });
    const rows = await t.db.select({ sessionId: schema.carts.sessionId, customerId: schema.carts.customerId }).from(schema.carts);
    // one customer cart for this customer; no cart still hangs off a signed-in session
    const customerId = Number((await other.get("/api/rest/customers/self/session")).json().customer_id);
    expect(rows.filter((r) => r.customerId === customerId)).toHaveLength(1);
    expect(rows.every((r) => (r.sessionId === null) !== (r.customerId === null))).toBe(true);
  });

  it("signing in with no guest cart leaves the customer's cart as it was", async () => {
    const email = newEmail();
    const s = await guest();
    await signUp(s, { email });
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.filter });
    const fresh = newcomer(t.app); // never asked for a cart
    await fresh.startSession();
    await signIn(fresh, email);
    expect(lines(await cart(fresh))).toEqual({ [F.filter]: 1 });
  });
});
