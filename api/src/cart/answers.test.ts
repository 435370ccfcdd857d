import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { cartAnswer, type CartAnswer } from "@store/contract";
import { buildApp } from "../app";
import { schema } from "../db/client";
import { Shopper, useTestApp, type TestApp } from "../test/app";
import { F } from "../product/test-fixtures";
import { cartShoppers, insertCartFixtures } from "./test-fixtures";

// Answers kept in memory (sessions, GET /cart) must never be older than the database: whoever
// changed it (this process, another one, an edit by hand) and whenever.
const t = useTestApp(insertCartFixtures);
const { shopper, ok } = cartShoppers(t);
const ITEMS = "/api/rest/cart/items";

async function read(s: Shopper): Promise<CartAnswer> {
  const response = await s.get("/api/rest/cart");
  expect(response.statusCode, response.body).toBe(200);
  return cartAnswer.parse(response.json());
}

/** The same shopper (cookie and CSRF token) calling another api process. */
function through(app: TestApp, s: Shopper): Shopper {
  const other = new Shopper(app);
  other.cookie = s.cookie;
  other.csrf = s.csrf;
  return other;
}

describe("answers kept in memory", () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await buildApp({ db: t.db, validateResponses: true });
  });
  afterAll(() => other.close());

  it("a change made through one api process shows on the very next read through another", async () => {
    const s = await shopper();
    const elsewhere = through(other, s);
    for (let i = 0; i < 10; i++) {
      expect((await read(elsewhere)).info.qty).toBe(0); // kept there
      const added = await ok(s, "POST", ITEMS, { product_id: F.plan });
      expect((await read(elsewhere)).info.qty).toBe(1);
      await ok(s, "DELETE", `${ITEMS}/${added.itemList![0]}`);
    }
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    expect((await read(s)).info.qty).toBe(1); // kept here
    await ok(through(other, s), "DELETE", "/api/rest/cart");
    expect((await read(s)).info.qty).toBe(0);
  });

  it("a price changed by hand in the database shows on the next read", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    const before = (await read(s)).totals!.subtotal.amount;
    expect((await read(s)).totals!.subtotal.amount).toBe(before); // now kept
    await t.db.update(schema.products).set({ price: sql`${schema.products.price} + 10000` }).where(eq(schema.products.entityId, F.dishwasher));
    try {
      expect((await read(s)).totals!.subtotal.amount).toBe(before + 100);
      expect((await read(through(other, s))).totals!.subtotal.amount).toBe(before + 100);
    } finally {
      await t.db.update(schema.products).set({ price: sql`${schema.products.price} - 10000` }).where(eq(schema.products.entityId, F.dishwasher));
    }
  });

  it("a cart's lines and fields changed by hand (the version left as it was) show on the next read, in every process", async () => {
    const answers = t.app.services.cart.answers;
    const s = await shopper();
    const elsewhere = through(other, s);
    const added = await ok(s, "POST", ITEMS, { product_id: F.plan });
    const itemId = Number(added.itemList![0]);
    for (const caller of [s, elsewhere]) expect((await read(caller)).info.qty).toBe(1);
    const computed = answers.computed;
    expect((await read(s)).info.qty).toBe(1);
    expect(answers.computed).toBe(computed); // kept
    await t.db.update(schema.cartItems).set({ qty: 3 }).where(eq(schema.cartItems.itemId, itemId));
    for (const caller of [s, elsewhere]) expect((await read(caller)).info.qty).toBe(3);
    const [cart] = await t.db.select().from(schema.cartItems).where(eq(schema.cartItems.itemId, itemId));
    await t.db.update(schema.carts).set({ email: "by-hand@example.com" }).where(eq(schema.carts.cartId, cart!.cartId));
    for (const caller of [s, elsewhere]) expect((await read(caller)).info.email).toBe("by-hand@example.com");
    await t.db.delete(schema.cartItems).where(eq(schema.cartItems.itemId, itemId));
    for (const caller of [s, elsewhere]) expect((await read(caller)).info.qty).toBe(0);
    await t.db.insert(schema.cartItems).values({ cartId: cart!.cartId, productId: F.plan, qty: 2 });
    for (const caller of [s, elsewhere]) expect((await read(caller)).info.qty).toBe(2);
  });

  it("a session deleted in the database is not honoured on its next call, by any process", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    await ok(through(other, s), "POST", ITEMS, { product_id: F.plan }); // known to both processes now
    await t.db.delete(schema.sessions).where(eq(schema.sessions.id, s.cookie.slice("sid=".length)));
    for (const caller of [s, through(other, s)]) {
      const refused = await caller.send("POST", ITEMS, { product_id: F.plan });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().messages.error[0].message).toBe("Invalid or missing CSRF token. Reload the page and try again.");
    }
  });

  it("stock and sellability changed by hand reach the next add in every process (products are held between adds)", async () => {
    const s = await shopper();
    const elsewhere = through(other, s);
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher }); // held here now
    await ok(elsewhere, "POST", ITEMS, { product_id: F.dishwasher }); // and there: 2 of 3 in the cart
    await t.db.update(schema.products).set({ qty: 2 }).where(eq(schema.products.entityId, F.dishwasher));
    try {
      for (const caller of [s, elsewhere]) expect((await caller.send("POST", ITEMS, { product_id: F.dishwasher })).statusCode).toBe(409);
      await t.db.update(schema.products).set({ qty: 3, poa: true }).where(eq(schema.products.entityId, F.dishwasher));
      for (const caller of [s, elsewhere]) expect((await caller.send("POST", ITEMS, { product_id: F.dishwasher })).statusCode).toBe(400);
      await t.db.update(schema.products).set({ poa: false }).where(eq(schema.products.entityId, F.dishwasher));
      expect(Object.values((await ok(elsewhere, "POST", ITEMS, { product_id: F.dishwasher })).items!)[0]!.qty).toBe(3);
    } finally {
      await t.db.update(schema.products).set({ qty: 3, poa: false }).where(eq(schema.products.entityId, F.dishwasher));
    }
  });

  it("a change to one product drops the kept answers of the carts holding it, and no other", async () => {
    const answers = t.app.services.cart.answers;
    const holding = await shopper();
    const other = await shopper();
    await ok(holding, "POST", ITEMS, { product_id: F.dishwasher });
    await ok(other, "POST", ITEMS, { product_id: F.plan });
    const before = (await read(holding)).totals!.subtotal.amount;
    await read(other);
    const computed = answers.computed;
    await read(holding);
    await read(other);
    expect(answers.computed).toBe(computed); // both kept
    await t.db.update(schema.products).set({ price: sql`${schema.products.price} + 10000` }).where(eq(schema.products.entityId, F.dishwasher));
    try {
      expect((await read(holding)).totals!.subtotal.amount).toBe(before + 100);
      expect(answers.computed).toBe(computed + 1);
      await read(other);
      expect(answers.computed).toBe(computed + 1); // still kept: it holds no dishwasher
      // a product both hold drops both
      await ok(other, "POST", ITEMS, { product_id: F.dishwasher });
      await read(other);
      await read(holding);
      const both = answers.computed;
      await t.db.update(schema.products).set({ qty: sql`${schema.products.qty} + 1` }).where(eq(schema.products.entityId, F.dishwasher));
      await read(other);
      await read(holding);
      expect(answers.computed).toBe(both + 2);
    } finally {
      await t.db.update(schema.products).set({ price: sql`${schema.products.price} - 10000`, qty: sql`${schema.products.qty} - 1` }).where(eq(schema.products.entityId, F.dishwasher));
    }
  });

  it("products are held whole: a change to one product (an order taking stock) drops that product alone", async () => {
    const held = t.app.services.cart.catalog;
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    await held.settledWarmUp();
    const reads = held.productReads;
    await ok(s, "POST", ITEMS, { product_id: F.filter });
    await ok(s, "POST", ITEMS, { product_id: F.installKit });
    expect(held.productReads).toBe(reads); // every product was held
    await t.db.update(schema.products).set({ qty: 2 }).where(eq(schema.products.entityId, F.filter));
    try {
      await ok(s, "POST", ITEMS, { product_id: F.installKit });
      expect(held.productReads).toBe(reads + 1); // the filter, for the answer's lines; nothing else
      expect((await s.send("POST", ITEMS, { product_id: F.filter, qty: 2 })).statusCode).toBe(409); // 1 in the cart, 2 left
      expect(held.productReads).toBe(reads + 1);
    } finally {
      await t.db.update(schema.products).set({ qty: 50 }).where(eq(schema.products.entityId, F.filter));
    }
  });

  it("a store's stock changed by hand shows in the next answer's pickup stores, in every process", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    const inLA = async (caller: Shopper) => (await read(caller)).methods!.shipping!.find((m) => m.type === "pickup")!.stores!
      .find((x) => x.location_id === F.storeLA)!.in_stock;
    for (const caller of [s, through(other, s)]) expect(await inLA(caller)).toBe(true); // held in both
    const inv = schema.inventory;
    await t.db.update(inv).set({ qty: 0 }).where(and(eq(inv.productId, F.dishwasher), eq(inv.locationId, F.storeLA)));
    try {
      for (const caller of [s, through(other, s)]) expect(await inLA(caller)).toBe(false);
    } finally {
      await t.db.update(inv).set({ qty: 2 }).where(and(eq(inv.productId, F.dishwasher), eq(inv.locationId, F.storeLA)));
    }
  });

  it("adds racing on one cart through two processes lose nothing: one line per product, quantities summed", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan }); // the cart exists: the race is on its lines
    const callers = [s, through(other, s)];
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      callers[i % 2]!.send("POST", ITEMS, { product_id: i % 3 === 0 ? F.installKit : F.filter })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const lines = Object.values((await read(s)).items!);
    expect(lines.map((l) => [l.product_id, l.qty]).sort()).toEqual([[F.plan, 1], [F.installKit, 4], [F.filter, 8]].sort());
    // every answer showed a cart as one claim left it: its qty grew by one each time
    expect(responses.map((r) => (r.json() as CartAnswer).info.qty).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 2));
  });

  it("a sale that starts while an answer is kept shows from its first moment", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const regular = (await read(s)).items!;
    const line = Object.values(regular)[0]!;
    const startsAt = new Date(Date.now() + 1_500);
    await t.db.update(schema.products).set({ specialPrice: 100, specialFromDate: startsAt, specialToDate: null }).where(eq(schema.products.entityId, F.plan));
    try {
      expect(Object.values((await read(s)).items!)[0]!.price.amount).toBe(line.price.amount); // not started: kept as is
      while (Date.now() <= startsAt.getTime()) await new Promise((r) => setTimeout(r, 50));
      expect(Object.values((await read(s)).items!)[0]!.price.amount).toBe(1);
    } finally {
      await t.db.update(schema.products).set({ specialPrice: null, specialFromDate: null }).where(eq(schema.products.entityId, F.plan));
    }
  });
});
