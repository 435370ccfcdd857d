import { describe, expect, it } from "vitest";
import { CART_INVALID_EMAIL, CART_INVALID_TELEPHONE, cartAddressAnswer, invalidPostcodeMessage } from "@store/contract";
import { Shopper, useTestApp } from "../test/app";
import { F, insertProductFixtures } from "../product/test-fixtures";

const t = useTestApp(insertProductFixtures);
const SHIPPING = "/api/rest/cart/shipping_address";
const BILLING = "/api/rest/cart/billing_address";

async function shopper(): Promise<Shopper> {
  const s = new Shopper(t.app);
  await s.startSession();
  return s;
}

async function put(s: Shopper, url: string, body: unknown) {
  const response = await s.send("PUT", url, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toBe("no-store");
  return cartAddressAnswer.parse(response.json());
}

describe("PUT /cart/shipping_address (estimated shipping)", () => {
  it("stores the postcode cut at its dash, country US by default, and answers the same methods as the product estimate", async () => {
    const s = await shopper();
    const answer = await put(s, SHIPPING, { postcode: "94103-1234" });
    expect(answer.validation_errors).toEqual([]);
    expect(answer.address).toMatchObject({ postcode: "94103", country_id: "", formatted: "94103" });
    const product = await t.app.inject(`/api/rest/products/${F.dishwasher}/shipping/94103`);
    expect(answer.estimated_shipping).toEqual({ postcode: "94103", country_id: "US", methods: product.json().methods });
    expect(answer.estimated_shipping!.methods.map((m) => m.price.formatted)).toEqual(["$0.00", "$49.99", "$149.99"]);
  });

  it("reads country_id (upper-cased) and checks the postcode for that country", async () => {
    const s = await shopper();
    const canada = await put(s, SHIPPING, { postcode: "K1A 0B1", country_id: "ca" });
    expect(canada.estimated_shipping).toMatchObject({ postcode: "K1A 0B1", country_id: "CA" });
    expect(canada.estimated_shipping!.methods.map((m) => m.price.formatted)).toEqual(["$129.99"]);
    const bad = await put(s, SHIPPING, { postcode: "941", country_id: "US" });
    expect(bad.validation_errors).toEqual([{ field: "postcode", message: invalidPostcodeMessage("941") }]);
  });

  it("changes nothing when the update has validation errors", async () => {
    const s = await shopper();
    await put(s, SHIPPING, { postcode: "10001", firstname: "Ann" });
    const bad = await put(s, SHIPPING, { postcode: "abcde", email: "not-an-email", telephone: "call me" });
    expect(bad.validation_errors.map((e) => e.field)).toEqual(["postcode", "email", "telephone"]);
    expect(bad.validation_errors.map((e) => e.message)).toEqual([invalidPostcodeMessage("abcde"), CART_INVALID_EMAIL, CART_INVALID_TELEPHONE]);
    expect(bad.address).toMatchObject({ postcode: "10001", firstname: "Ann", email: "", telephone: "" });
    expect(bad.estimated_shipping!.methods.map((m) => m.price.formatted)).toEqual(["$0.00", "$89.99", "$199.99"]);
  });

  it("keeps fields not sent, clears a field sent empty, and formats the whole address", async () => {
    const s = await shopper();
    await put(s, SHIPPING, { postcode: "94110", country_id: "US" });
    await put(s, SHIPPING, { firstname: "Ann", lastname: "Lee", company: "Acme", street: "1 Main St", city: "San Francisco", region: "CA", telephone: "(415) 555-0100" });
    const answer = await put(s, SHIPPING, { company: "" });
    expect(answer.address).toEqual({
      firstname: "Ann", lastname: "Lee", company: "", street: ["1 Main St"], city: "San Francisco", region: "CA", region_id: "",
      postcode: "94110", country_id: "US", telephone: "(415) 555-0100", email: "",
      formatted: "Ann Lee\n1 Main St\nSan Francisco, CA 94110\nUS",
    });
  });

  it("ships to the billing address when same_as_billing", async () => {
    const s = await shopper();
    await put(s, SHIPPING, { postcode: "94103" });
    const billing = await put(s, BILLING, { postcode: "10001", firstname: "Ann", email: "ann@example.com", telephone: "415 555 0100" });
    expect(billing.address_type).toBe("billing");
    expect(billing.estimated_shipping!.postcode).toBe("94103");
    const same = await put(s, SHIPPING, { same_as_billing: true });
    expect(same.same_as_billing).toBe(true);
    expect(same.estimated_shipping!.postcode).toBe("10001");
  });

  it("keeps every field of concurrent partial updates from one session", async () => {
    const s = await shopper();
    const fields = { firstname: "Ann", lastname: "Lee", city: "Oakland", region: "CA", postcode: "94607", telephone: "5105550100", company: "Acme" };
    await Promise.all(Object.entries(fields).map(([k, v]) => s.send("PUT", SHIPPING, { [k]: v })));
    const answer = await put(s, SHIPPING, {});
    expect(answer.address).toMatchObject(fields);
  });

  it("keeps each session's cart to itself", async () => {
    const a = await shopper();
    const b = await shopper();
    await put(a, SHIPPING, { postcode: "94103", firstname: "Ann" });
    const other = await put(b, SHIPPING, {});
    expect(other.address.formatted).toBe("");
    expect(other.address.firstname).toBe("");
    expect(other.estimated_shipping).toBeNull();
  });
});

describe("cart address refusals and clearing", () => {
  it("refuses a change without the CSRF header (403) or without a session", async () => {
    const s = await shopper();
    for (const [method, url] of [["PUT", SHIPPING], ["PUT", BILLING], ["DELETE", SHIPPING], ["DELETE", BILLING]] as const) {
      const response = await s.send(method, url, { postcode: "94103" }, { csrf: false });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().messages.error[0].message).toMatch(/CSRF/);
    }
    const none = await t.app.inject({ method: "PUT", url: SHIPPING, payload: { postcode: "94103" } });
    expect(none.statusCode).toBe(403);
    expect((await put(s, SHIPPING, {})).address.postcode).toBe("");
  });

  it("answers 400 in the error shape for a malformed body", async () => {
    const s = await shopper();
    for (const body of [{ country_id: "USA" }, { postcode: 94103 }, { street: ["a", "b", "c", "d"] }, { same_as_billing: "yes" }, { firstname: "x".repeat(101) }]) {
      const response = await s.send("PUT", SHIPPING, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().messages.error[0].message).toEqual(expect.any(String));
    }
  });

  it("DELETE forgets one address and leaves the other", async () => {
    const s = await shopper();
    await put(s, SHIPPING, { postcode: "94103", same_as_billing: false });
    await put(s, BILLING, { postcode: "10001" });
    const cleared = await s.send("DELETE", SHIPPING);
    expect(cleared.statusCode, cleared.body).toBe(200);
    const answer = cartAddressAnswer.parse(cleared.json());
    expect(answer.address.postcode).toBe("");
    expect(answer.estimated_shipping).toBeNull();
    expect((await put(s, BILLING, {})).address.postcode).toBe("10001");
    const fresh = await shopper();
    expect((await fresh.send("DELETE", BILLING)).statusCode).toBe(200);
  });
});
