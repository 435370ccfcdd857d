import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count } from "drizzle-orm";
import { schema } from "../db/client";
import { Shopper, useTestApp } from "../test/app";
import { useRecaptchaPeer } from "../test/recaptcha";
import { STRONG_PASSWORD, signUp } from "../test/accounts";
import { F } from "../product/test-fixtures";
import { insertCartFixtures } from "../cart/test-fixtures";

// Guest checkout behind a captcha (spec 001 §6, spec 000 §5): when the store lists guest_checkout,
// POST /cart/place from a guest needs a token the verifier confirms; a signed-in customer needs none.
const captcha = useRecaptchaPeer();
const t = useTestApp(insertCartFixtures, { recaptcha: captcha.options });

let address = 0;
async function readyCart(): Promise<Shopper> {
  const s = new Shopper(t.app, { remoteAddress: `10.7.0.${++address}` });
  await s.startSession();
  const steps: Array<["POST" | "PUT", string, unknown]> = [
    ["POST", "/api/rest/cart/items", { product_id: F.filter }],
    ["PUT", "/api/rest/cart/billing_address", {
      firstname: "Pat", lastname: "Doe", street: ["1 Main St"], city: "Portland", region: "OR", postcode: "97201", country_id: "US",
      telephone: "503-555-0100", email: "pat@example.com",
    }],
    ["PUT", "/api/rest/cart/shipping_address", { same_as_billing: true }],
    ["PUT", "/api/rest/cart", { email: "pat@example.com" }],
    ["PUT", "/api/rest/cart/shipping", { method: "flatrate_flatrate" }],
    ["PUT", "/api/rest/cart/payment", { method: "checkmo" }],
  ];
  for (const [method, url, body] of steps) {
    const response = await s.send(method, url, body);
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  }
  return s;
}
const orders = async () => Number((await t.db.select({ n: count() }).from(schema.orders))[0]!.n);
const place = (s: Shopper, body: Record<string, unknown> = {}) => s.send("POST", "/api/rest/cart/place", body);

describe("POST /cart/place with guest_checkout in recaptcha_forms", () => {
  beforeAll(() => t.app.services.config.update({ recaptcha_enabled: "1", recaptcha_forms: "guest_checkout" }));
  afterAll(() => t.app.services.config.update({ recaptcha_enabled: "0", recaptcha_forms: "" }));

  it("refuses a guest without a token or with one the verifier rejects, and places nothing", async () => {
    const s = await readyCart();
    const before = await orders();
    const missing = await place(s);
    expect([missing.statusCode, missing.json()]).toEqual([400, { messages: { error: [{ message: "Please confirm that you are not a robot." }] } }]);
    const rejected = await place(s, { "g-recaptcha-response": "forged-token" });
    expect([rejected.statusCode, rejected.json()]).toEqual([400, { messages: { error: [{ message: "The captcha could not be verified. Please try it again." }] } }]);
    expect(await orders()).toBe(before);
  });

  it("places a guest's order with a token the verifier confirms", async () => {
    const s = await readyCart();
    const placed = await place(s, { "g-recaptcha-response": "good-token" });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().status).toBe("success");
  });

  it("asks a signed-in customer for no captcha", async () => {
    const s = await readyCart();
    await signUp(s, { email: "captcha.customer@example.com", password: STRONG_PASSWORD });
    // the guest cart's lines and addresses went with the sign-up; shipping and payment are chosen again
    expect((await s.send("PUT", "/api/rest/cart/shipping", { method: "flatrate_flatrate" })).statusCode).toBe(200);
    expect((await s.send("PUT", "/api/rest/cart/payment", { method: "checkmo" })).statusCode).toBe(200);
    const placed = await place(s);
    expect(placed.statusCode, placed.body).toBe(200);
  });
});
