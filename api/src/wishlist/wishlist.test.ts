import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_NOT_FOUND, WISHLIST_SIGN_IN, wishlistAnswer } from "@store/contract";
import { createTestApp, Shopper, type TestApp } from "../test/app";
import { CUSTOMERS, F, insertProductFixtures } from "../product/test-fixtures";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
const URL = "/api/rest/customer/wishlist/items";

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  await insertProductFixtures(ctx.database.db);
});
afterAll(() => ctx.close());

async function signedIn(who: keyof typeof CUSTOMERS): Promise<Shopper> {
  const shopper = new Shopper(app);
  await shopper.startSession();
  const response = await shopper.send("POST", "/api/rest/customers/self/session", { login: CUSTOMERS[who].email, password: CUSTOMERS[who].password });
  expect(response.statusCode, response.body).toBe(200);
  shopper.csrf = response.json().customer_data.csrf_token;
  return shopper;
}

const ids = (body: unknown) => wishlistAnswer.parse(body).items.map((i) => i.product_id);

describe("wishlist permissions", () => {
  it("answers 401 in the error shape to a guest, with or without a session", async () => {
    const noSession = await app.inject(URL);
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json()).toEqual({ messages: { error: [{ message: WISHLIST_SIGN_IN }] } });
    const guest = new Shopper(app);
    await guest.startSession();
    expect((await guest.get(URL)).statusCode).toBe(401);
    const add = await guest.send("POST", URL, { product_id: F.dishwasher });
    expect(add.statusCode).toBe(401);
    expect(add.json().messages.error[0].message).toBe(WISHLIST_SIGN_IN);
  });

  it("refuses a change without the CSRF header (403), even signed in", async () => {
    const alice = await signedIn("alice");
    for (const method of ["POST", "DELETE"] as const) {
      const response = await alice.send(method, URL, { product_id: F.dishwasher }, { csrf: false });
      expect(response.statusCode).toBe(403);
      expect(response.json().messages.error[0].message).toMatch(/CSRF/);
    }
    expect(ids((await alice.get(URL)).json())).toEqual([]);
  });
});

describe("wishlist items", () => {
  let alice: Shopper;
  let bob: Shopper;
  beforeAll(async () => {
    alice = await signedIn("alice");
    bob = await signedIn("bob");
  });

  it("adds products (body or query), once each, newest first, with list data; never cached", async () => {
    const first = await alice.send("POST", URL, { product_id: F.dishwasher });
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    expect(ids(first.json())).toEqual(["120"]);
    expect(ids((await alice.send("POST", URL, { product_id: String(F.dishwasher) })).json())).toEqual(["120"]);
    await new Promise((r) => setTimeout(r, 5)); // distinct added_at
    expect(ids((await alice.send("POST", `${URL}?product_id=${F.filter}`)).json())).toEqual(["110", "120"]);
    const list = wishlistAnswer.parse((await alice.get(URL)).json());
    expect(list.items[1]!.product).toMatchObject({ entity_id: "120", name: "Frostline Dishwasher", url_key: "frostline-dishwasher", image_url: { normal: "" } });
    expect(list.items[1]!.product.prices.final_price_without_tax_formatted).toBe("$899.00");
    expect(Date.parse(list.items[1]!.added_at)).toBeLessThanOrEqual(Date.now());
  });

  it("answers 404 for an unknown or disabled product and 400 without a usable product_id", async () => {
    for (const id of [999999, F.disabled]) {
      const response = await alice.send("POST", URL, { product_id: id });
      expect(response.statusCode).toBe(404);
      expect(response.json().messages.error[0].message).toBe(PRODUCT_NOT_FOUND);
    }
    for (const body of [{}, { product_id: "abc" }, { product_id: -3 }, { product_id: 1.5 }]) {
      const response = await alice.send("POST", URL, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().messages.error).toHaveLength(1);
    }
  });

  it("keeps each customer's list to themselves", async () => {
    expect(ids((await bob.get(URL)).json())).toEqual([]);
    // bob removing alice's product changes only bob's (empty) list
    expect(ids((await bob.send("DELETE", URL, { product_id: F.dishwasher })).json())).toEqual([]);
    expect(ids((await bob.send("POST", URL, { product_id: F.poa })).json())).toEqual(["150"]);
    expect(ids((await alice.get(URL)).json())).toEqual(["110", "120"]);
    // a token of bob's does not work with alice's cookie
    const crossed = await app.inject({ method: "DELETE", url: URL, payload: { product_id: F.filter }, headers: { cookie: alice.cookie, "x-csrf-token": bob.csrf } });
    expect(crossed.statusCode).toBe(403);
  });

  it("removes by body or query; removing twice changes nothing", async () => {
    expect(ids((await alice.send("DELETE", URL, { product_id: F.dishwasher })).json())).toEqual(["110"]);
    expect(ids((await alice.send("DELETE", URL, { product_id: F.dishwasher })).json())).toEqual(["110"]);
    expect(ids((await alice.send("DELETE", `${URL}?product_id=${F.filter}`)).json())).toEqual([]);
    expect(ids((await bob.get(URL)).json())).toEqual(["150"]);
  });
});
