import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { CSRF_HEADER, placeOrderAnswer } from "@store/contract";
import { schema } from "../db/client";
import { Shopper, useTestApp, within } from "../test/app";
import { buildApp, type AppOptions } from "../app";
import { SmtpPeer } from "../test/smtp";
import { CUSTOMERS, F } from "../product/test-fixtures";
import { insertCartFixtures } from "../cart/test-fixtures";
import { startSandboxCardGateway, type SandboxCardGateway } from "../payments/sandbox/card-gateway";
import { testPaymentsConfig } from "../payments/testing";

const payments = testPaymentsConfig();
const options: Partial<AppOptions> = { payments };
let smtp: SmtpPeer;
let gateway: SandboxCardGateway;
beforeAll(async () => {
  smtp = await SmtpPeer.start();
  options.mail = { smtpUrl: smtp.url, pollMs: 200 };
});
const t = useTestApp(async (db) => {
  await insertCartFixtures(db);
  // a product for the race: 5 units left
  await db.insert(schema.products).values({ entityId: 900, sku: "LAST-5", urlKey: "last-five", name: "Last Five Toaster", price: 2999, finalPrice: 2999, qty: 5 });
  await db.insert(schema.products).values({ entityId: 901, sku: "TWO-LEFT", urlKey: "two-left", name: "Two Left Kettle", price: 1999, finalPrice: 1999, qty: 2 });
  await db.insert(schema.productCategories).values({ productId: 901, categoryId: 10 });
  // 200.02 + 49.99 flat rate, untaxed in Oregon: 250.01, which the sandbox holds for review
  await db.insert(schema.products).values({ entityId: 902, sku: "HELD-1", urlKey: "held-one", name: "Review Range", price: 20002, finalPrice: 20002, qty: 10 });
  // plenty online, 3 at one store: the pickup race
  await db.insert(schema.products).values({ entityId: 903, sku: "STORE-3", urlKey: "store-three", name: "Store Three Blender", price: 4999, finalPrice: 4999, qty: 100 });
  await db.insert(schema.inventory).values({ productId: 903, locationId: F.storeLA, qty: 3 });
  // the card race: 3 units left
  await db.insert(schema.products).values({ entityId: 905, sku: "LAST-3", urlKey: "last-three", name: "Last Three Lamp", price: 3999, finalPrice: 3999, qty: 3 });
}, options);
beforeAll(async () => {
  // listening too, so the sandbox gateway's signed webhooks reach the api over HTTP
  const listening = await t.app.listen({ port: 0, host: "127.0.0.1" });
  gateway = await startSandboxCardGateway({ webhookUrl: `${listening}/api/rest/payments/authorizenet/webhook` });
  payments.card.url = gateway.url;
  t.app.services.mail.start();
});
afterAll(async () => {
  await gateway?.close();
  await smtp?.close();
});

let address = 0;
const billing = {
  firstname: "Pat", lastname: "Doe", street: ["1 Main St"], city: "San Francisco", region: "CA", postcode: "94105", country_id: "US",
  telephone: "415-555-0100", email: "pat@example.com",
};
const card = { cc_type: "VI", cc_number: "4111 1111 1111 1111", cc_cid: "123", cc_exp_month: 12, cc_exp_year: 2031 };
const declined = { ...card, cc_number: "4000000000000002" };

async function shopper(): Promise<Shopper> {
  // each shopper its own address, as real shoppers are: the write limits count per client
  const s = new Shopper(t.app, { remoteAddress: `10.1.${Math.floor(address / 250)}.${(address++ % 250) + 1}` });
  await s.startSession();
  return s;
}
async function ok(s: Shopper, method: "POST" | "PUT" | "DELETE", url: string, body?: unknown) {
  const response = await s.send(method, url, body);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json();
}
/** A cart ready to place: items, billing = shipping, email, flat-rate shipping, and the payment method saved. */
async function readyCart(s: Shopper, items: Array<{ product_id: number; qty?: number }>, payment: { method: string; data?: unknown } = { method: "checkmo" }) {
  await ok(s, "POST", "/api/rest/cart/items", { items });
  await ok(s, "PUT", "/api/rest/cart/billing_address", billing);
  await ok(s, "PUT", "/api/rest/cart/shipping_address", { same_as_billing: true });
  await ok(s, "PUT", "/api/rest/cart", { email: "pat@example.com" });
  await ok(s, "PUT", "/api/rest/cart/shipping", { method: "flatrate_flatrate" });
  await ok(s, "PUT", "/api/rest/cart/payment", payment);
}
const place = (s: Shopper, body: unknown = {}) => s.send("POST", "/api/rest/cart/place", body);
const qtyOf = async (id: number) => (await t.db.select({ qty: schema.products.qty }).from(schema.products).where(eq(schema.products.entityId, id)))[0]!.qty;
const errorOf = (body: string) => JSON.parse(body).messages.error[0].message as string;

describe("PUT/GET/DELETE /cart/payment", () => {
  it("keeps the card type, last four and expiry, never the number nor the security code", async () => {
    const s = await shopper();
    const saved = await ok(s, "PUT", "/api/rest/cart/payment", { method: "authorizenet", data: card });
    expect(saved).toEqual({ method: "authorizenet", data: { cc_type: "VI", cc_last_four: "1111", cc_exp_month: 12, cc_exp_year: 2031 } });
    expect((await s.get("/api/rest/cart/payment")).json()).toEqual(saved);
    const [row] = await t.db.execute(sql`select payment::text as p from carts order by cart_id desc limit 1`).then((r) => (r as unknown as { rows: Array<{ p: string }> }).rows);
    expect(row!.p).not.toContain("4111111111111111");
    expect(row!.p).not.toContain('"123"');
    expect(await ok(s, "DELETE", "/api/rest/cart/payment")).toEqual({ method: null, data: {} });
    expect((await s.get("/api/rest/cart/payment")).json()).toEqual({ method: null, data: {} });
  });

  it("answers the spec's card texts and refuses unknown methods", async () => {
    const s = await shopper();
    const wrongType = await s.send("PUT", "/api/rest/cart/payment", { method: "authorizenet", data: { ...card, cc_type: "MC" } });
    expect([wrongType.statusCode, errorOf(wrongType.body)]).toEqual([400, "Credit card type not accepted"]);
    const cvn = await s.send("PUT", "/api/rest/cart/payment", { method: "authorizenet", data: { ...card, cc_cid: "12" } });
    expect([cvn.statusCode, errorOf(cvn.body)]).toEqual([400, "Invalid CVN length."]);
    const unknown = await s.send("PUT", "/api/rest/cart/payment", { method: "bitcoin" });
    expect([unknown.statusCode, errorOf(unknown.body)]).toEqual([400, 'The payment method "bitcoin" is not available.']);
  });

  it("GET /cart lists the methods the payments registry allows for the cart (cash on delivery up to 2,000.00)", async () => {
    const s = await shopper();
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.filter });
    const small = (await s.get("/api/rest/cart?embed=payment_methods")).json();
    expect(small.methods.payment.map((m: { code: string }) => m.code)).toEqual(["checkmo", "cashondelivery", "banktransfer", "authorizenet"]);
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.dishwasher, qty: 3 });
    const large = (await s.get("/api/rest/cart?embed=payment_methods")).json();
    expect(large.methods.payment.map((m: { code: string }) => m.code)).toEqual(["checkmo", "banktransfer", "authorizenet"]);
  });

  it("an item change resets the chosen payment (spec 001 §4)", async () => {
    const s = await shopper();
    await readyCart(s, [{ product_id: F.filter }]);
    expect((await s.get("/api/rest/cart/payment")).json().method).toBe("checkmo");
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.filter });
    expect((await s.get("/api/rest/cart/payment")).json().method).toBeNull();
  });
});

describe("POST /cart/place", () => {
  it("places a check / money order: snapshot, stock taken, cart closed, confirmation mailed", async () => {
    const s = await shopper();
    const before = await qtyOf(F.filter);
    await readyCart(s, [{ product_id: F.filter, qty: 2 }]);
    const response = await place(s);
    expect(response.statusCode, response.body).toBe(200);
    const answer = placeOrderAnswer.parse(response.json());
    expect(answer.status).toBe("success");
    expect(answer.order.increment_id).toMatch(/^\d{9}$/);
    expect(answer.order.status).toBe("processing");
    // 2 × 49.99 + 49.99 flat rate + 7.25 % tax on the goods in CA
    expect(answer.order.items).toEqual([expect.objectContaining({ sku: "PF-FILTER", name: "Water Filter", qty: 2, price: { amount: 49.99, formatted: "$49.99" } })]);
    expect(answer.order.totals.subtotal.amount).toBe(99.98);
    expect(answer.order.payment).toEqual({ method: "checkmo", data: {} });
    expect(answer.order.billing_address).toMatchObject({ firstname: "Pat", city: "San Francisco" });
    expect(await qtyOf(F.filter)).toBe(before - 2);
    // the cart is gone: the session has an empty one
    const cart = (await s.get("/api/rest/cart")).json();
    expect(cart.info.qty).toBe(0);
    const [placed] = await t.db.select({ source: schema.orders.sourceCartId }).from(schema.orders).where(eq(schema.orders.incrementId, answer.order.increment_id));
    expect(await t.db.select().from(schema.carts).where(eq(schema.carts.cartId, placed!.source))).toEqual([]);
    const mails = await smtp.waitFor(1);
    const mail = mails.find((m) => m.mail.subject?.includes(answer.order.increment_id));
    expect(mail?.envelope.to).toEqual(["pat@example.com"]);
    expect(mail?.mail.text).toContain(`Order number: ${answer.order.increment_id}`);
    expect(mail?.mail.text).toContain("2 × Water Filter (PF-FILTER)  $99.98");
    expect(mail?.mail.text).toContain("Subtotal: $99.98");
    expect(mail?.mail.text).toContain(`Grand total: ${answer.order.totals.grand_total.formatted}`);
  });

  it("a shipping price and a tax rate changed by hand just before placing are what the order charges", async () => {
    const s = await shopper();
    await readyCart(s, [{ product_id: F.filter }]);
    const totals = async () => (await s.get("/api/rest/cart")).json().totals;
    const before = await totals(); // the rates are held in memory now
    const m = schema.shippingMethods;
    const r = schema.taxRates;
    await t.db.update(m).set({ price: sql`${m.price} + 1000` }).where(eq(m.code, "flatrate_flatrate"));
    await t.db.update(r).set({ rateBp: sql`${r.rateBp} + 100` }).where(eq(r.regionCode, "CA"));
    try {
      const response = await place(s);
      expect(response.statusCode, response.body).toBe(200);
      const order = placeOrderAnswer.parse(response.json()).order;
      expect(order.totals.shipping.amount).toBe(before.shipping.amount + 10);
      expect(order.totals.tax.amount).toBeGreaterThan(before.tax.amount);
      expect(order.totals.grand_total.amount).toBe(Math.round((order.totals.subtotal.amount + order.totals.shipping.amount + order.totals.tax.amount) * 100) / 100);
    } finally {
      await t.db.update(m).set({ price: sql`${m.price} - 1000` }).where(eq(m.code, "flatrate_flatrate"));
      await t.db.update(r).set({ rateBp: sql`${r.rateBp} - 100` }).where(eq(r.regionCode, "CA"));
    }
  });

  it("a check / money order over 1,000.00 comes back suspicious", async () => {
    const s = await shopper();
    await readyCart(s, [{ product_id: F.dishwasher, qty: 2 }]);
    const response = await place(s);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: "suspicious", order: { status: "suspected_fraud" } });
    await t.db.update(schema.products).set({ qty: 3 }).where(eq(schema.products.entityId, F.dishwasher));
  });

  it("places a card order through the gateway, storing only the last four", async () => {
    const s = await shopper();
    await readyCart(s, [{ product_id: F.filter }], { method: "authorizenet", data: card });
    const response = await place(s, { method: "authorizenet", data: card });
    expect(response.statusCode, response.body).toBe(200);
    const answer = placeOrderAnswer.parse(response.json());
    expect(answer.status).toBe("success");
    expect(answer.order.payment).toEqual({ method: "authorizenet", data: { cc_type: "VI", cc_last_four: "1111", cc_exp_month: 12, cc_exp_year: 2031 } });
    expect(gateway.transactions().at(-1)).toMatchObject({ amount: Math.round(answer.order.order_total.amount * 100) });
    const [stored] = await t.db.execute(sql`select row_to_json(o)::text as o from orders o where increment_id = ${answer.order.increment_id}`)
      .then((r) => (r as unknown as { rows: Array<{ o: string }> }).rows);
    expect(stored!.o).not.toContain("4111111111111111");
  });

  it("a decline loses nothing: cart, addresses and stock stay, and the shopper can try again", async () => {
    const s = await shopper();
    const before = await qtyOf(F.filter);
    await readyCart(s, [{ product_id: F.filter, qty: 3 }], { method: "authorizenet", data: declined });
    const response = await place(s, { method: "authorizenet", data: declined });
    expect(response.statusCode).toBe(402);
    expect(errorOf(response.body)).toBe("Unfortunately, we weren't able to process the payment.");
    expect(await qtyOf(F.filter)).toBe(before);
    const cart = (await s.get("/api/rest/cart")).json();
    expect(cart.info.qty).toBe(3);
    expect(cart.addresses.billing).toMatchObject({ firstname: "Pat", telephone: "415-555-0100" });
    expect(cart.info.shipping_method).toBe("flatrate_flatrate");
    const retry = await place(s, { method: "authorizenet", data: card });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await qtyOf(F.filter)).toBe(before - 3);
    const rows = await t.db.select().from(schema.orders).where(eq(schema.orders.sessionId, (await t.db.select().from(schema.orders)
      .where(eq(schema.orders.incrementId, retry.json().order.increment_id)))[0]!.sessionId));
    expect(rows.map((r) => r.status).sort()).toEqual(["canceled", "processing"]);
  });

  it("a card held for review waits in payment_review; the gateway's webhook decides it (approve, decline gives the stock back)", async () => {
    const oregon = { ...billing, city: "Portland", region: "OR", postcode: "97201" };
    const held = async () => {
      const s = await shopper();
      await ok(s, "POST", "/api/rest/cart/items", { product_id: 902 });
      await ok(s, "PUT", "/api/rest/cart/billing_address", oregon);
      await ok(s, "PUT", "/api/rest/cart/shipping_address", { same_as_billing: true });
      await ok(s, "PUT", "/api/rest/cart", { email: "pat@example.com" });
      await ok(s, "PUT", "/api/rest/cart/shipping", { method: "flatrate_flatrate" });
      const r = await place(s, { method: "authorizenet", data: card });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json()).toMatchObject({ status: "pending", order: { status: "payment_review", order_total: { amount: 250.01 } } });
      const [row] = await t.db.select().from(schema.orders).where(eq(schema.orders.incrementId, r.json().order.increment_id));
      return row!;
    };
    const statusOf = async (id: number) => (await t.db.select().from(schema.orders).where(eq(schema.orders.entityId, id)))[0]!.status;

    const approved = await held();
    expect(await qtyOf(902)).toBe(9);
    expect((await gateway.review(approved.paymentReference!, "approve")).status).toBe(200);
    expect(await statusOf(approved.entityId)).toBe("processing");

    const declinedLater = await held();
    expect(await qtyOf(902)).toBe(8);
    expect((await gateway.review(declinedLater.paymentReference!, "decline")).status).toBe(200);
    expect(await statusOf(declinedLater.entityId)).toBe("canceled");
    expect(await qtyOf(902)).toBe(9);
  });

  it("a replayed and a concurrent place make one order", async () => {
    const s = await shopper();
    await readyCart(s, [{ product_id: F.filter }]);
    const [a, b] = await Promise.all([place(s), place(s)]);
    const answers = [a, b].map((r) => [r.statusCode, r.statusCode === 200 ? r.json().order.increment_id : errorOf(r.body)]);
    const placed = answers.find(([code]) => code === 200)!;
    for (const [code, what] of answers) {
      if (code === 409) expect(what).toBe("This order is already being placed. Please wait a moment.");
      else expect([code, what]).toEqual(placed);
    }
    const replay = await place(s);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order.increment_id).toBe(placed[1]);
    const orders = await t.db.select().from(schema.orders).where(eq(schema.orders.incrementId, placed[1] as string));
    const same = await t.db.select().from(schema.orders).where(eq(schema.orders.sourceCartId, orders[0]!.sourceCartId));
    expect(same).toHaveLength(1);
  });

  it("50 shoppers racing for the last 5 units get exactly 5 orders and 45 clear out-of-stock errors", async () => {
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => shopper()));
    for (const s of shoppers) await readyCart(s, [{ product_id: 900 }]);
    const results = await Promise.all(shoppers.map((s) => place(s)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(45);
    for (const r of refused) expect([r.statusCode, errorOf(r.body)]).toEqual([409, 'Sorry, "Last Five Toaster" is out of stock in the quantity you ordered.']);
    expect(await qtyOf(900)).toBe(0);
  });

  it("12 shoppers paying by card for the last 3 units get 3 orders, each charged once, and 9 clear out-of-stock errors with nothing charged", async () => {
    const shoppers = await Promise.all(Array.from({ length: 12 }, () => shopper()));
    for (const s of shoppers) await readyCart(s, [{ product_id: 905 }], { method: "authorizenet", data: card });
    const charges = gateway.transactions().length;
    // each shopper double-clicks: two places of one cart at once
    const results = (await Promise.all(shoppers.map((s) => Promise.all([place(s, { method: "authorizenet", data: card }), place(s, { method: "authorizenet", data: card })])))).flat();
    const placed = results.filter((r) => r.statusCode === 200);
    const numbers = new Set(placed.map((r) => r.json().order.increment_id as string));
    expect(numbers.size).toBe(3);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect([[409, 'Sorry, "Last Three Lamp" is out of stock in the quantity you ordered.'], [409, "This order is already being placed. Please wait a moment."]])
        .toContainEqual([r.statusCode, errorOf(r.body)]);
    }
    expect(await qtyOf(905)).toBe(0);
    expect(gateway.transactions().length - charges).toBe(3);
    for (const number of numbers) {
      const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.incrementId, number));
      expect(order?.status).toBe("processing");
      const events = await t.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.orderRef, number)).orderBy(schema.paymentEvents.id);
      expect(events.map((e) => [e.step, e.status])).toEqual([["authorize", "requested"], ["authorize", "authorized"]]);
    }
  });

  it("20 shoppers racing for a store's last 3 units for pickup get exactly 3 orders; the online stock is untouched", async () => {
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const s of shoppers) {
      await readyCart(s, [{ product_id: 903 }]);
      await ok(s, "PUT", "/api/rest/cart/shipping", { method: "instore_pickup", data: { location_id: F.storeLA } });
    }
    const results = await Promise.all(shoppers.map((s) => place(s)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(refused).toHaveLength(17);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(errorOf(r.body)).toContain("Store Three Blender");
    }
    const [store] = await t.db.select({ qty: schema.inventory.qty }).from(schema.inventory)
      .where(sql`${schema.inventory.productId} = 903 and ${schema.inventory.locationId} = ${F.storeLA}`);
    expect(store!.qty).toBe(0);
    expect(await qtyOf(903)).toBe(100);
  });

  it("a product switched to price on application, or disabled, after it was added is refused at place time (also for pickup), and nothing is taken", async () => {
    const p = schema.products;
    await t.db.insert(p).values({ entityId: 904, sku: "LATE-POA", urlKey: "late-poa", name: "Late Quote Freezer", price: 5999, finalPrice: 5999, qty: 10 });
    await t.db.insert(schema.inventory).values({ productId: 904, locationId: F.storeLA, qty: 10 });
    const cases: Array<[string, Partial<typeof p.$inferInsert>, string, boolean]> = [
      ["price on application", { poa: true }, '"Late Quote Freezer" cannot be bought online; please contact us for a price.', false],
      ["add to cart hidden, pickup", { displayAddToCart: false }, '"Late Quote Freezer" cannot be bought online; please contact us for a price.', true],
      ["disabled, pickup", { status: 2 }, 'Sorry, "Late Quote Freezer" is out of stock in the quantity you ordered.', true],
    ];
    for (const [label, change, text, pickup] of cases) {
      const s = await shopper();
      await readyCart(s, [{ product_id: 904 }]);
      if (pickup) await ok(s, "PUT", "/api/rest/cart/shipping", { method: "instore_pickup", data: { location_id: F.storeLA } });
      await t.db.update(p).set(change).where(eq(p.entityId, 904));
      try {
        const response = await place(s);
        expect([response.statusCode, errorOf(response.body)], label).toEqual([409, text]);
        expect(await qtyOf(904), label).toBe(10);
        const [store] = await t.db.select({ qty: schema.inventory.qty }).from(schema.inventory)
          .where(sql`${schema.inventory.productId} = 904 and ${schema.inventory.locationId} = ${F.storeLA}`);
        expect(store!.qty, label).toBe(10);
        expect((await s.get("/api/rest/cart")).json().info.qty, label).toBe(1);
      } finally {
        await t.db.update(p).set({ poa: false, displayAddToCart: true, status: 1 }).where(eq(p.entityId, 904));
      }
    }
  });

  it("refuses an incomplete checkout with a clear text", async () => {
    const s = await shopper();
    const empty = await place(s);
    expect([empty.statusCode, errorOf(empty.body)]).toEqual([400, "Your cart is empty."]);
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.filter });
    const noEmail = await place(s);
    expect([noEmail.statusCode, errorOf(noEmail.body)]).toEqual([400, "Please enter your email address."]);
    await ok(s, "PUT", "/api/rest/cart", { email: "pat@example.com" });
    expect(errorOf((await place(s)).body)).toBe("Please choose a shipping method.");
    await ok(s, "PUT", "/api/rest/cart/shipping", { method: "flatrate_flatrate" });
    expect(errorOf((await place(s)).body)).toBe("Please enter the billing address with first name and telephone.");
    await ok(s, "PUT", "/api/rest/cart/billing_address", billing);
    expect(errorOf((await place(s)).body)).toBe("Please enter the shipping address.");
    await ok(s, "PUT", "/api/rest/cart/shipping_address", { same_as_billing: true });
    expect(errorOf((await place(s)).body)).toBe("Please choose a payment method.");
    const badCard = await place(s, { method: "authorizenet", data: { ...card, cc_cid: "1" } });
    expect([badCard.statusCode, errorOf(badCard.body)]).toEqual([400, "Invalid CVN length."]);
  });

  it("a database failure (a message with a SQLSTATE) is answered as 'Database error', and nothing is kept", async () => {
    await t.db.execute(sql`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'boom@example.com' THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER orders_refuse_boom BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION refuse_boom()`);
    try {
      const s = await shopper();
      const before = await qtyOf(F.filter);
      await readyCart(s, [{ product_id: F.filter }]);
      await ok(s, "PUT", "/api/rest/cart", { email: "boom@example.com" });
      await ok(s, "PUT", "/api/rest/cart/payment", { method: "checkmo" });
      const response = await place(s);
      expect([response.statusCode, errorOf(response.body)]).toEqual([409, "Database error"]);
      expect(await qtyOf(F.filter)).toBe(before);
      expect((await s.get("/api/rest/cart")).json().info.qty).toBe(1);
    } finally {
      await t.db.execute(sql`DROP TRIGGER orders_refuse_boom ON orders`);
      await t.db.execute(sql`DROP FUNCTION refuse_boom()`);
    }
  });

  it("an offline order is one transaction: a failure at its last step (queuing the mail) keeps no order, no payment event and no stock", async () => {
    await t.db.execute(sql`CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW."to" = 'nomail@example.com' THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER mail_refuse BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()`);
    try {
      const s = await shopper();
      const before = await qtyOf(F.filter);
      const ordersBefore = (await t.db.select({ id: schema.orders.entityId }).from(schema.orders)).length;
      const eventsBefore = (await t.db.select({ id: schema.paymentEvents.id }).from(schema.paymentEvents)).length;
      await readyCart(s, [{ product_id: F.filter }]);
      await ok(s, "PUT", "/api/rest/cart", { email: "nomail@example.com" });
      await ok(s, "PUT", "/api/rest/cart/payment", { method: "banktransfer" });
      const response = await place(s);
      expect([response.statusCode, errorOf(response.body)]).toEqual([409, "Database error"]);
      expect(await qtyOf(F.filter)).toBe(before);
      expect((await t.db.select({ id: schema.orders.entityId }).from(schema.orders)).length).toBe(ordersBefore);
      expect((await t.db.select({ id: schema.paymentEvents.id }).from(schema.paymentEvents)).length).toBe(eventsBefore);
      expect((await s.get("/api/rest/cart")).json().info.qty).toBe(1);
    } finally {
      await t.db.execute(sql`DROP TRIGGER mail_refuse ON mail_outbox`);
      await t.db.execute(sql`DROP FUNCTION refuse_mail()`);
    }
    // an offline method refused at place (cash on delivery over its 2,000.00 limit) keeps nothing either
    await t.db.update(schema.products).set({ qty: 3 }).where(eq(schema.products.entityId, F.dishwasher));
    const big = await shopper();
    await readyCart(big, [{ product_id: F.dishwasher, qty: 3 }], { method: "cashondelivery" });
    const ordersBeforeBig = (await t.db.select({ id: schema.orders.entityId }).from(schema.orders)).length;
    const eventsBeforeBig = (await t.db.select({ id: schema.paymentEvents.id }).from(schema.paymentEvents)).length;
    const refused = await place(big);
    expect([refused.statusCode, errorOf(refused.body)]).toEqual([400, 'The payment method "cashondelivery" is not available for this order.']);
    expect(await qtyOf(F.dishwasher)).toBe(3);
    expect((await t.db.select({ id: schema.orders.entityId }).from(schema.orders)).length).toBe(ordersBeforeBig);
    expect((await t.db.select({ id: schema.paymentEvents.id }).from(schema.paymentEvents)).length).toBe(eventsBeforeBig);
    expect((await big.get("/api/rest/cart")).json().info.qty).toBe(3);

    // and a placed one records its request and its answer, in that order
    const s = await shopper();
    await readyCart(s, [{ product_id: F.filter }], { method: "banktransfer" });
    const placed = await place(s);
    expect(placed.statusCode, placed.body).toBe(200);
    const events = await t.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.orderRef, placed.json().order.increment_id)).orderBy(schema.paymentEvents.id);
    expect(events.map((e) => [e.step, e.status])).toEqual([["authorize", "requested"], ["authorize", "pending"]]);
  });

  it("a card order is recorded as requested with the order, and the gateway's answer with what it applies", async () => {
    const count = async (table: typeof schema.orders | typeof schema.paymentEvents) => (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
    // the request's event refused: the order goes with it, before the gateway is called
    await t.db.execute(sql`CREATE FUNCTION refuse_request() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.step = 'authorize' AND NEW.status = 'requested' THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER request_refuse BEFORE INSERT ON payment_events FOR EACH ROW EXECUTE FUNCTION refuse_request()`);
    try {
      const s = await shopper();
      const before = await qtyOf(F.filter);
      const [orders, events, charges] = [await count(schema.orders), await count(schema.paymentEvents), gateway.transactions().length];
      await readyCart(s, [{ product_id: F.filter, qty: 3 }], { method: "authorizenet", data: card });
      const response = await place(s, { method: "authorizenet", data: card });
      expect([response.statusCode, errorOf(response.body)]).toEqual([409, "Database error"]);
      expect([await count(schema.orders), await count(schema.paymentEvents), gateway.transactions().length]).toEqual([orders, events, charges]);
      expect(await qtyOf(F.filter)).toBe(before);
      expect((await s.get("/api/rest/cart")).json().info.qty).toBe(3);
    } finally {
      await t.db.execute(sql`DROP TRIGGER request_refuse ON payment_events`);
      await t.db.execute(sql`DROP FUNCTION refuse_request()`);
    }

    // applying the gateway's approval refused (the confirmation mail): its answer is kept, and recovery applies it
    await t.db.execute(sql`CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW."to" = 'cardmail@example.com' THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF; RETURN NEW; END $$`);
    await t.db.execute(sql`CREATE TRIGGER mail_refuse BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()`);
    let orderRef: string;
    try {
      const s = await shopper();
      await readyCart(s, [{ product_id: F.filter }], { method: "authorizenet", data: card });
      await ok(s, "PUT", "/api/rest/cart", { email: "cardmail@example.com" });
      const response = await place(s, { method: "authorizenet", data: card });
      expect([response.statusCode, errorOf(response.body)]).toEqual([409, "Database error"]);
      const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.email, "cardmail@example.com"));
      expect(order?.status).toBe("pending_payment");
      orderRef = order!.incrementId;
      const events = await t.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.orderRef, orderRef)).orderBy(schema.paymentEvents.id);
      expect(events.map((e) => [e.step, e.status])).toEqual([["authorize", "requested"], ["authorize", "authorized"]]);
    } finally {
      await t.db.execute(sql`DROP TRIGGER mail_refuse ON mail_outbox`);
      await t.db.execute(sql`DROP FUNCTION refuse_mail()`);
    }
    await t.app.services.orders.recover();
    const [recovered] = await t.db.select().from(schema.orders).where(eq(schema.orders.incrementId, orderRef));
    expect(recovered?.status).toBe("processing");
  });

  it("a card order recovery cancels during the gateway's call stays canceled: the card's hold released, the cart kept, the shopper told", async () => {
    const s = await shopper();
    const before = await qtyOf(F.filter);
    await readyCart(s, [{ product_id: F.filter, qty: 2 }], { method: "authorizenet", data: card });
    await ok(s, "PUT", "/api/rest/cart", { email: "moved@example.com" });
    // recovery cancels the order (no answer recorded yet, and older than 0 ms) while the gateway is asked
    const provider = t.app.services.payments.registry.get("authorizenet");
    const authorize = provider.authorize.bind(provider);
    provider.authorize = async (input) => {
      provider.authorize = authorize;
      expect(await t.app.services.orders.recover(0)).toMatchObject({ canceled: 1 });
      return authorize(input);
    };
    const response = await place(s, { method: "authorizenet", data: card });
    expect(provider.authorize).toBe(authorize);
    expect([response.statusCode, errorOf(response.body)]).toEqual([402, "Unfortunately, we weren't able to process the payment."]);
    const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.email, "moved@example.com"));
    // canceled by recovery, not moved on by the approval after it; its stock given back once
    expect(order).toMatchObject({ status: "canceled", cartId: null });
    expect(await qtyOf(F.filter)).toBe(before);
    // the cart is the shopper's still, and no confirmation was queued for the canceled order
    expect((await s.get("/api/rest/cart")).json().info.qty).toBe(2);
    const mails = await t.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "moved@example.com"));
    expect(mails).toEqual([]);
    const events = await t.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.orderRef, order!.incrementId)).orderBy(schema.paymentEvents.id);
    expect(events.map((e) => [e.step, e.status])).toEqual([["authorize", "requested"], ["authorize", "authorized"], ["void", "requested"], ["void", "voided"]]);
    // the gateway holds nothing on the card
    expect((await t.app.services.payments.status({ orderRef: order!.incrementId, method: "authorizenet", reference: events[1]!.providerReference! })).status).toBe("voided");
  });

  it("a card hold whose void failed after the cancel is released by recovery: asked first, voided once, with a wait after each failure, while its method is configured", async () => {
    const provider = t.app.services.payments.registry.get("authorizenet");
    const authorize = provider.authorize.bind(provider);
    const voidCall = provider.void.bind(provider);
    const gatewayStatus = async (orderRef: string, reference: string) => (await t.app.services.payments.status({ orderRef, method: "authorizenet", reference })).status;
    const stepsOf = async (orderRef: string) => (await t.db.select().from(schema.paymentEvents).where(eq(schema.paymentEvents.orderRef, orderRef))
      .orderBy(schema.paymentEvents.id)).map((e) => [e.step, e.status]);
    const olderBy = (orderRef: string, minutes: number) => t.db.execute(sql`UPDATE payment_events SET created_at = created_at - make_interval(mins => ${minutes}) WHERE order_ref = ${orderRef}`);
    /** a card order canceled by recovery while the gateway authorized it, whose void then fails as `fail` says */
    const canceledWithHold = async (email: string, fail: (reference: string, key: string) => Promise<never>) => {
      const s = await shopper();
      await readyCart(s, [{ product_id: F.filter }], { method: "authorizenet", data: card });
      await ok(s, "PUT", "/api/rest/cart", { email });
      provider.authorize = async (input) => {
        provider.authorize = authorize;
        await t.app.services.orders.recover(0);
        return authorize(input);
      };
      provider.void = (reference, key) => {
        provider.void = voidCall;
        return fail(reference, key);
      };
      const response = await place(s, { method: "authorizenet", data: card });
      expect([response.statusCode, errorOf(response.body)]).toEqual([402, "Unfortunately, we weren't able to process the payment."]);
      const [order] = await t.db.select().from(schema.orders).where(eq(schema.orders.email, email));
      expect(order?.status).toBe("canceled");
      const [answer] = await t.db.select().from(schema.paymentEvents)
        .where(and(eq(schema.paymentEvents.orderRef, order!.incrementId), eq(schema.paymentEvents.step, "authorize"), eq(schema.paymentEvents.status, "authorized")));
      expect(await stepsOf(order!.incrementId)).toEqual([["authorize", "requested"], ["authorize", "authorized"], ["void", "requested"], ["void", "error"]]);
      return { orderRef: order!.incrementId, reference: answer!.providerReference! };
    };

    // the gateway could not be reached: the card is still held
    const unreached = await canceledWithHold("unreached@example.com", async () => { throw new Error("connect ECONNREFUSED"); });
    expect(await gatewayStatus(unreached.orderRef, unreached.reference)).toBe("authorized");
    // the void reached the gateway, its answer did not come back: the hold is gone already
    const lost = await canceledWithHold("lost@example.com", async (reference, key) => {
      await voidCall(reference, key);
      throw new Error("socket hang up");
    });
    const before = { unreached: await stepsOf(unreached.orderRef), lost: await stepsOf(lost.orderRef) };

    // right after a failure, recovery waits
    expect(await t.app.services.orders.recover(0)).toMatchObject({ released: 0 });
    expect({ unreached: await stepsOf(unreached.orderRef), lost: await stepsOf(lost.orderRef) }).toEqual(before);

    // a few minutes on, each is asked first: the one whose void was answered is only recorded as
    // released; the other's method is out of the configuration for now, so it waits
    const methodOf = (orderRef: string, paymentMethod: string) => t.db.update(schema.orders).set({ paymentMethod }).where(eq(schema.orders.incrementId, orderRef));
    await methodOf(unreached.orderRef, "retired_gateway");
    await olderBy(unreached.orderRef, 5);
    await olderBy(lost.orderRef, 5);
    expect(await t.app.services.orders.recover(0)).toMatchObject({ released: 1 });
    expect(await stepsOf(lost.orderRef)).toEqual([...before.lost, ["status", "voided"]]);
    expect(await stepsOf(unreached.orderRef)).toEqual(before.unreached);
    // its method back: still held, so voided
    await methodOf(unreached.orderRef, "authorizenet");
    expect(await t.app.services.orders.recover(0)).toMatchObject({ released: 1 });
    expect(await stepsOf(unreached.orderRef)).toEqual([...before.unreached, ["status", "authorized"], ["void", "requested"], ["void", "voided"]]);
    // the gateway holds nothing on either card
    const held = (reference: string) => gateway.transactions().find((tr) => tr.transId === reference)?.status;
    expect([held(unreached.reference), held(lost.reference)]).toEqual(["voided", "voided"]);

    // released holds are left alone from then on
    const after = { unreached: await stepsOf(unreached.orderRef), lost: await stepsOf(lost.orderRef) };
    await olderBy(unreached.orderRef, 60 * 24);
    await olderBy(lost.orderRef, 60 * 24);
    expect(await t.app.services.orders.recover(0)).toMatchObject({ released: 0 });
    expect({ unreached: await stepsOf(unreached.orderRef), lost: await stepsOf(lost.orderRef) }).toEqual(after);

    // two recoveries at once (two api processes): they ask the gateway under one void key, so the
    // hold is voided once, and nothing is left for a later sweep
    const racing = await canceledWithHold("racing@example.com", async () => { throw new Error("connect ECONNREFUSED"); });
    await olderBy(racing.orderRef, 5);
    await Promise.all([t.app.services.orders.recover(0), t.app.services.orders.recover(0)]);
    const voids = await t.db.select({ key: schema.paymentEvents.idempotencyKey }).from(schema.paymentEvents)
      .where(and(eq(schema.paymentEvents.orderRef, racing.orderRef), eq(schema.paymentEvents.step, "void")));
    expect(new Set(voids.map((v) => v.key))).toEqual(new Set([`void:${racing.orderRef}`, `void:${racing.orderRef}:1`]));
    expect(held(racing.reference)).toBe("voided");
    const settled = await stepsOf(racing.orderRef);
    expect(await t.app.services.orders.recover(0)).toMatchObject({ released: 0 });
    expect(await stepsOf(racing.orderRef)).toEqual(settled);
  });

  it("needs the CSRF header", async () => {
    const s = await shopper();
    const response = await s.send("POST", "/api/rest/cart/place", {}, { csrf: false });
    expect(response.statusCode).toBe(403);
  });
});

describe("stock while selling", () => {
  const tile = async () => {
    const page = (await t.app.inject("/api/rest/categories/appliances?embed=products&limit=100")).json() as { products: Array<{ entity_id: string; qty: number; in_stock: boolean }> };
    return page.products.find((p) => p.entity_id === "901")!;
  };

  it("an order reaches the listing and the product page within a second, with no full rebuild", async () => {
    expect(await tile()).toMatchObject({ qty: 2, in_stock: true });
    expect((await t.app.inject("/api/rest/products/901")).json()).toMatchObject({ qty: 2, in_stock: true });
    const rebuilds = t.app.services.catalog.rebuilds;
    const s = await shopper();
    await readyCart(s, [{ product_id: 901, qty: 2 }]);
    expect((await place(s)).statusCode).toBe(200);
    await within(1_500, async () => (await tile()).qty === 0);
    expect(await tile()).toMatchObject({ qty: 0, in_stock: false });
    await within(1_500, async () => (await t.app.inject("/api/rest/products/901")).json().qty === 0);
    expect((await t.app.inject("/api/rest/products/901")).json()).toMatchObject({ qty: 0, in_stock: false });
    expect(t.app.services.catalog.rebuilds).toBe(rebuilds);
    // stock back (a restock) shows the same way
    await t.db.update(schema.products).set({ qty: 4 }).where(eq(schema.products.entityId, 901));
    await within(1_500, async () => (await tile()).qty === 4);
    expect(await tile()).toMatchObject({ qty: 4, in_stock: true });
    expect(t.app.services.catalog.rebuilds).toBe(rebuilds);
    // another api process on the same database (its own in-memory model) sees it too
    const other = await buildApp({ db: t.db, validateResponses: true });
    try {
      const otherTile = async () => ((await other.inject("/api/rest/categories/appliances?embed=products&limit=100")).json() as {
        products: Array<{ entity_id: string; qty: number }> }).products.find((p) => p.entity_id === "901")!;
      expect((await otherTile()).qty).toBe(4);
      const otherRebuilds = other.services.catalog.rebuilds;
      const s2 = await shopper();
      await readyCart(s2, [{ product_id: 901, qty: 1 }]);
      expect((await place(s2)).statusCode).toBe(200);
      await within(1_500, async () => (await otherTile()).qty === 3);
      expect(other.services.catalog.rebuilds).toBe(otherRebuilds);
    } finally {
      await other.close();
    }
    // a price change is patched in the same way
    await t.db.update(schema.products).set({ price: 2499, finalPrice: 2499 }).where(eq(schema.products.entityId, 901));
    await within(1_500, async () => JSON.stringify(await tile()).includes('"final_price_without_tax":24.99'));
    expect(await tile()).toMatchObject({ qty: 3, prices: { final_price_without_tax: 24.99 } });
    expect(t.app.services.catalog.rebuilds).toBe(rebuilds);
  });

  it("an order for the last unit takes the product out of the in-stock filter within a second, in every api process", async () => {
    const inStock = async (app = t.app) => ((await app.inject("/api/rest/categories/appliances?embed=products&limit=100&filter[0][attribute]=availability&filter[0][in]=in_stock")).json() as {
      products: Array<{ entity_id: string }>; filters: Array<{ attribute: string; values: Array<{ product_count: number }> }> });
    const listed = async (app = t.app) => (await inStock(app)).products.map((p) => p.entity_id);
    await t.db.update(schema.products).set({ qty: 1 }).where(eq(schema.products.entityId, 901));
    await within(1_500, async () => (await tile()).qty === 1);
    const other = await buildApp({ db: t.db, validateResponses: true });
    try {
      expect(await listed()).toContain("901");
      expect(await listed(other)).toContain("901");
      const count = (await inStock()).filters.find((f) => f.attribute === "availability")!.values[0]!.product_count;
      const rebuilds = [t.app.services.catalog.rebuilds, other.services.catalog.rebuilds];
      const s = await shopper();
      await readyCart(s, [{ product_id: 901, qty: 1 }]);
      expect((await place(s)).statusCode).toBe(200);
      await within(1_000, async () => !(await listed()).includes("901"));
      expect((await inStock()).filters.find((f) => f.attribute === "availability")!.values[0]!.product_count).toBe(count - 1);
      await within(1_500, async () => !(await listed(other)).includes("901"));
      expect([t.app.services.catalog.rebuilds, other.services.catalog.rebuilds]).toEqual(rebuilds);
    } finally {
      await other.close();
    }
  });
});

describe("GET /orders", () => {
  it("guests get 401; a customer sees their orders newest first", async () => {
    const guest = await shopper();
    const refused = await guest.get("/api/rest/orders");
    expect([refused.statusCode, errorOf(refused.body)]).toEqual([401, "Please sign in to see your orders."]);

    const s = await shopper();
    const signIn = await t.app.inject({
      method: "POST", url: "/api/rest/customers/self/session", remoteAddress: "10.9.9.9",
      headers: { cookie: s.cookie, [CSRF_HEADER]: s.csrf }, payload: { login: CUSTOMERS.bob.email, password: CUSTOMERS.bob.password },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    s.cookie = `sid=${signIn.cookies.find((c) => c.name === "sid")!.value}`;
    s.csrf = (await s.get("/api/rest/customers/self/session")).json().customer_data.csrf_token;
    expect((await s.get("/api/rest/orders")).json()).toEqual({ orders: [] });
    const placed: string[] = [];
    for (let i = 0; i < 2; i++) {
      await readyCart(s, [{ product_id: F.filter }]);
      const r = await place(s);
      expect(r.statusCode, r.body).toBe(200);
      placed.push(r.json().order.increment_id);
    }
    const list = (await s.get("/api/rest/orders")).json();
    expect(list.orders.map((o: { increment_id: string }) => o.increment_id)).toEqual([...placed].reverse());
    // a signed-in customer's cart belongs to the customer, not the session: forgetting its payment works too
    await ok(s, "PUT", "/api/rest/cart/payment", { method: "checkmo" });
    expect(await ok(s, "DELETE", "/api/rest/cart/payment")).toEqual({ method: null, data: {} });
    expect((await s.get("/api/rest/cart/payment")).json()).toEqual({ method: null, data: {} });
  });
});

describe("POST /cart/email", () => {
  it("mails the cart to the address given", async () => {
    const s = await shopper();
    await ok(s, "POST", "/api/rest/cart/items", { product_id: F.filter });
    const answer = await ok(s, "POST", "/api/rest/cart/email", { to: "friend@example.com", message: "Look at this" });
    expect(answer.messages.success[0].message).toBe("The cart was sent to friend@example.com.");
    const deadline = Date.now() + 10_000;
    while (!smtp.received.some((m) => m.envelope.to.includes("friend@example.com")) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const mail = smtp.received.find((m) => m.envelope.to.includes("friend@example.com"))!;
    expect(mail, "the cart mail arrives").toBeDefined();
    expect(mail.mail.text).toContain("Look at this");
    expect(mail.mail.text).toContain("1 × Water Filter (PF-FILTER)");
    const bad = await s.send("POST", "/api/rest/cart/email", { to: "not-an-address" });
    expect([bad.statusCode, errorOf(bad.body)]).toEqual([400, "Please enter a valid email address."]);
  });
});
