import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cartAnswer, cartShippingAnswer, type CartAnswer } from "@store/contract";
import { schema } from "../db/client";
import { Shopper, useTestApp } from "../test/app";
import { F } from "../product/test-fixtures";
import { cartShoppers, insertCartFixtures } from "./test-fixtures";

const t = useTestApp(insertCartFixtures);
const ITEMS = "/api/rest/cart/items";
const CART = "/api/rest/cart";

const { shopper, ok } = cartShoppers(t);
async function cart(s: Shopper): Promise<CartAnswer> {
  const response = await s.get(CART);
  expect(response.statusCode, response.body).toBe(200);
  return cartAnswer.parse(response.json());
}
const steel = { product_id: F.configurable, super_attribute: { 1: 1 } };

describe("coupons (PUT /cart coupon_code)", () => {
  it("SAVE10 takes 10 % after instant savings, matched whatever its case", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, steel); // 1799.00 with 100.00 instant savings
    const c = await ok(s, "PUT", CART, { coupon_code: "save10" });
    expect(c.info).toMatchObject({ coupon_code: "SAVE10", coupon_error: null });
    expect(c.info.messages.success).toEqual(['You used coupon code "SAVE10".']);
    expect(c.totals!.discount).toEqual({ amount: 269.9, formatted: "$269.90", title: "Discount" }); // 100 + 169.90
    expect(c.items).toBeUndefined(); // totals and info only
  });

  it("TAKE50 needs $500.00; a refused code is not kept and the cart stays usable", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const low = await ok(s, "PUT", CART, { coupon_code: "TAKE50" });
    expect(low.info.coupon_code).toBeNull();
    expect(low.info.coupon_error).toBe('The coupon code "TAKE50" needs a subtotal of at least $500.00.');
    expect(low.info.has_error).toBe(false);
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    const c = await ok(s, "PUT", CART, { coupon_code: "TAKE50" });
    expect(c.info.coupon_code).toBe("TAKE50");
    expect(c.totals!.discount.amount).toBe(50);
    expect(c.totals!.grand_total.amount).toBe(199.99 + 899 - 50 + 10); // + the dishwasher's recycling fee
  });

  it("expired, used-up and unknown codes are not valid; one code per cart; null removes it", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    for (const code of ["SPRING15", "FIRST100", "NOPE"]) {
      expect((await ok(s, "PUT", CART, { coupon_code: code })).info.coupon_error).toBe(`The coupon code "${code}" is not valid.`);
    }
    await ok(s, "PUT", CART, { coupon_code: "SAVE10" });
    const replaced = await ok(s, "PUT", CART, { coupon_code: "TAKE50" });
    expect(replaced.info.coupon_code).toBe("TAKE50");
    expect(replaced.totals!.discount.amount).toBe(50);
    const none = await ok(s, "PUT", CART, { coupon_code: null });
    expect(none.info.coupon_code).toBeNull();
    expect(none.totals!.discount.amount).toBe(0);
  });

  it("a kept code that stops applying reports coupon_error on GET and takes nothing off", async () => {
    const s = await shopper();
    const dw = Object.values((await ok(s, "POST", ITEMS, { product_id: F.dishwasher })).items!)[0]!;
    await ok(s, "PUT", CART, { coupon_code: "TAKE50" });
    await ok(s, "POST", ITEMS, { product_id: F.filter });
    await ok(s, "DELETE", `${ITEMS}/${dw.item_id}`);
    const c = await cart(s);
    expect(c.info.coupon_code).toBe("TAKE50");
    expect(c.info.coupon_error).toBe('The coupon code "TAKE50" needs a subtotal of at least $500.00.');
    expect(c.totals!.discount.amount).toBe(0);
  });
});

describe("tax by destination", () => {
  it("California 7.25 %, Ontario 13 %, none without a known destination; pickup taxes at the store", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher }); // 899.00
    expect((await cart(s)).totals!.tax.amount).toBe(0);
    await s.send("PUT", "/api/rest/cart/shipping_address", { postcode: "94103", region: "CA", country_id: "US" });
    expect((await cart(s)).totals!.tax).toEqual({ amount: 65.18, formatted: "$65.18", title: "Tax" });
    await s.send("PUT", "/api/rest/cart/shipping_address", { postcode: "K1A 0B1", region: "Ontario", country_id: "CA" });
    expect((await cart(s)).totals!.tax.amount).toBe(116.87);
    await s.send("PUT", "/api/rest/cart/shipping_address", { postcode: "10001", region: "NY", country_id: "US" });
    expect((await cart(s)).totals!.tax.amount).toBe(0);
    await ok(s, "PUT", "/api/rest/cart/shipping", { method: "instore_pickup", data: { location_id: F.storeBellevue } });
    expect((await cart(s)).totals!.tax.amount).toBe(58.44); // Washington 6.5 %: 58.435 rounds up
  });
});

describe("shipping methods", () => {
  it("flat rate adds its price; free delivery shows only from $499; an unknown method is a 400", async () => {
    const s = await shopper();
    const c0 = await ok(s, "POST", ITEMS, { product_id: F.plan });
    expect(c0.methods!.shipping!.map((m) => m.code)).toEqual(["flatrate_flatrate", "instore_pickup", "package_ai_delivery"]);
    const flat = await ok(s, "PUT", CART, { shipping_method: "flatrate_flatrate" });
    expect(flat.info.shipping_method).toBe("flatrate_flatrate");
    expect(flat.totals!.shipping).toEqual({ amount: 49.99, formatted: "$49.99", title: "Shipping/Delivery & Handling" });
    expect((await s.send("PUT", CART, { shipping_method: "freeshipping_freeshipping" })).statusCode).toBe(400);
    expect((await s.send("PUT", CART, { shipping_method: "teleport" })).json().messages.error[0].message).toBe("The shipping method is not available.");
    const big = await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    expect(big.methods!.shipping!.find((m) => m.code === "freeshipping_freeshipping")).toMatchObject({ carrier_title: "Free Shipping", price: { amount: 0 } });
    expect((await ok(s, "PUT", CART, { shipping_method: "freeshipping_freeshipping" })).totals!.shipping.amount).toBe(0);
  });

  it("pickup needs a store holding every line (409 otherwise) and lists each store's stock", async () => {
    const s = await shopper();
    const c = await ok(s, "POST", ITEMS, { product_id: F.dishwasher, qty: 2 });
    expect(c.methods!.shipping!.find((m) => m.code === "instore_pickup")!.stores).toEqual([
      { location_id: F.storeBellevue, store_name: "Bellevue", in_stock: true },
      { location_id: F.storeSJ, store_name: "San Jose Stevens Creek", in_stock: false },
      { location_id: F.storeLA, store_name: "West Los Angeles", in_stock: true },
    ]);
    const none = await s.send("PUT", `${CART}/shipping`, { method: "instore_pickup" });
    expect(none.statusCode).toBe(400);
    expect(none.json().messages.error[0].message).toBe("Please choose a store for pickup.");
    const sj = await s.send("PUT", `${CART}/shipping`, { method: "instore_pickup", data: { location_id: F.storeSJ } });
    expect(sj.statusCode).toBe(409);
    expect(sj.json().messages.error[0].message).toBe('"Frostline Dishwasher" is not in stock at San Jose Stevens Creek.');
    expect((await s.send("PUT", `${CART}/shipping`, { method: "instore_pickup", data: { location_id: 999 } })).statusCode).toBe(404);
    const la = cartShippingAnswer.parse((await s.send("PUT", `${CART}/shipping`, { method: "instore_pickup", data: { location_id: F.storeLA } })).json());
    expect(la.data).toEqual({ location_id: F.storeLA });
    expect(la.info).toMatchObject({ shipping_method: "instore_pickup", shipping_data: { location_id: F.storeLA } });
  });

  it("scheduled delivery (package_ai): booking info, then a booked date with its message; changing method clears it", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan });
    const info = await s.send("PUT", `${CART}/packageai/checkoutinfo`, { shipping_method: "package_ai_delivery" });
    expect(info.statusCode, info.body).toBe(200);
    const { booking_url: url, delivery_dates: dates } = info.json();
    expect(url).toBe("/api/rest/cart/packageai/booking?shipping_method=package_ai_delivery");
    expect(dates).toHaveLength(10);
    const page = await s.get(url);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain(`data-delivery-date="${dates[0]}"`);
    // its one inline script runs under its own policy (by hash), and only our pages may frame it
    const inline = /<script>([^<]*)<\/script>/.exec(page.body)![1]!;
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(page.headers["content-security-policy"]).toContain(`script-src 'sha256-${hash}'`);
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(page.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect((await s.send("PUT", `${CART}/packageai/checkoutinfo`, { shipping_method: "flatrate_flatrate" })).statusCode).toBe(400);
    const date = dates[2] as string;
    const booked = await s.send("PUT", `${CART}/shipping`, { method: "package_ai_delivery", data: { delivery_date: date } });
    expect(booked.statusCode, booked.body).toBe(200);
    const answer = cartShippingAnswer.parse(booked.json());
    const long = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
    expect(answer.data).toEqual({ delivery_date: date, delivery_title: "Scheduled Delivery", delivery_message: `Your delivery is booked for ${long}.` });
    expect(answer.totals!.shipping.amount).toBe(99.99);
    expect((await s.send("PUT", `${CART}/shipping`, { method: "package_ai_delivery", data: { delivery_date: "2001-01-01" } })).json().messages.error[0].message)
      .toBe("Please choose a delivery date from the booking calendar.");
    const changed = await ok(s, "PUT", CART, { shipping_method: "package_ai_delivery" });
    expect(changed.info.shipping_data).toEqual({});
  });
});

describe("PUT /cart email and sales assistance; payment reset; clearing", () => {
  it("saves a non-empty email only, refuses a bad one, and returns sales_assistance", async () => {
    const s = await shopper();
    expect((await ok(s, "PUT", CART, { email: "ann@example.com" })).info.email).toBe("ann@example.com");
    expect((await ok(s, "PUT", CART, { email: "" })).info.email).toBe("ann@example.com");
    const bad = await s.send("PUT", CART, { email: "nope" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.error[0].message).toBe("Please enter a valid email address.");
    expect((await ok(s, "PUT", CART, { sales_assistance: "Helped by Sam" })).info.sales_assistance).toBe("Helped by Sam");
    expect((await s.send("PUT", CART, { colour: "red" })).statusCode).toBe(400);
  });

  it("any change to items, quantity, add-ons or coupon resets the chosen payment", async () => {
    const s = await shopper();
    const c = await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    const item = Object.values(c.items!)[0]!;
    const choose = async () => {
      await t.db.update(schema.carts).set({ payment: { method: "checkmo", data: {} } }).where(eq(schema.carts.sessionId, s.cookie.slice(4)));
      expect((await cart(s)).info.payment).toEqual({ method: "checkmo", data: {} });
    };
    const changes: Array<() => Promise<unknown>> = [
      () => ok(s, "POST", ITEMS, { product_id: F.plan }),
      () => ok(s, "PUT", `${ITEMS}/${item.item_id}`, { qty: 2 }),
      () => ok(s, "POST", ITEMS, { product_id: F.filter, crosssell_parent_id: F.dishwasher }),
      () => ok(s, "PUT", CART, { coupon_code: "SAVE10" }),
      () => ok(s, "DELETE", `${ITEMS}/${item.item_id}`),
    ];
    for (const change of changes) {
      await choose();
      await change();
      const after = await cart(s);
      expect(after.info.payment).toBeNull();
      expect(after.payment).toBeNull();
    }
    await choose();
    await ok(s, "PUT", CART, { email: "ann@example.com" });
    expect((await cart(s)).info.payment).toEqual({ method: "checkmo", data: {} });
  });

  it("clearing the user info: email, shipping method and coupon to null, then both addresses deleted; items stay", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    await ok(s, "PUT", CART, { email: "ann@example.com", shipping_method: "flatrate_flatrate", coupon_code: "SAVE10" });
    await s.send("PUT", "/api/rest/cart/shipping_address", { postcode: "94103", firstname: "Ann" });
    await s.send("PUT", "/api/rest/cart/billing_address", { postcode: "94103", firstname: "Ann" });
    const cleared = await ok(s, "PUT", CART, { email: null, shipping_method: null, coupon_code: null });
    expect(cleared.info).toMatchObject({ email: null, shipping_method: null, coupon_code: null });
    expect((await s.send("DELETE", "/api/rest/cart/shipping_address")).statusCode).toBe(200);
    expect((await s.send("DELETE", "/api/rest/cart/billing_address")).statusCode).toBe(200);
    const c = await cart(s);
    expect(c.addresses!.shipping!.formatted_text).toBe("");
    expect(c.addresses!.billing!.firstname).toBe("");
    expect(c.info.qty).toBe(1);
  });

  it("DELETE /cart clears everything", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    await ok(s, "PUT", CART, { email: "ann@example.com", coupon_code: "SAVE10" });
    await s.send("PUT", "/api/rest/cart/shipping_address", { postcode: "94103", firstname: "Ann", region: "CA" });
    const empty = await ok(s, "DELETE", CART);
    expect(empty.items).toEqual({});
    expect(empty.info).toMatchObject({ qty: 0, email: null, coupon_code: null });
    const c = await cart(s);
    expect(c.totals!.grand_total.amount).toBe(0);
    expect(c.addresses!.shipping!.firstname).toBe("");
    expect((await s.send("DELETE", CART, undefined, { csrf: false })).statusCode).toBe(403);
  });

  it("fees and mail-in money show in info and the discount subtotals", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher, qty: 2 });
    const c = await ok(s, "POST", ITEMS, { ...steel, qty: 2 }); // instant 100 + rebate 50 per unit; BMSM (mail-in 200) qualifies at 2
    expect(c.info.fees).toEqual([{ title: "Recycling Fee", fee_amount: { amount: 20, formatted: "$20.00" } }]);
    expect(c.totals!.fee).toEqual({ amount: 20, formatted: "$20.00", title: "Additional Fees" });
    const subtotal = 2 * 899 + 2 * 1799;
    expect(c.totals!.subtotal.amount).toBe(subtotal);
    expect(c.discount_subtotal_plus_instant_savings.amount).toBe(subtotal - 200);
    expect(c.discount_subtotal_plus_discount.amount).toBe(subtotal - 200);
    expect(c.discount_subtotal_plus_consumer_rebate.amount).toBe(subtotal - 200 - 100 - 200);
    expect(c.buymoresavemore_info).toEqual([{
      type: "BuyMoreSaveMore_MailIn", program_id: "BMSM-1", promo_name: "Buy More Save More", qualifying_qty: 2,
      savings: { amount: 200, formatted: "$200.00" }, buymoresavemore_final_price: { amount: subtotal - 200 + 20 - 200, formatted: expect.any(String) },
    }]);
  });
});

describe("concurrency", () => {
  it("concurrent adds of one product end with the summed qty (the cart row lock serialises them)", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.plan }); // the cart exists: the race is on its lines
    const responses = await Promise.all(Array.from({ length: 4 }, () => s.send("POST", ITEMS, { product_id: F.filter, qty: 2 })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const lines = Object.values((await cart(s)).items!).filter((i) => i.product_id === F.filter);
    expect(lines.map((l) => l.qty)).toEqual([8]);
  });

  it("concurrent adds never pass the stock", async () => {
    const s = await shopper();
    const responses = await Promise.all(Array.from({ length: 3 }, () => s.send("POST", ITEMS, { product_id: F.dishwasher, qty: 2 })));
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(Object.values((await cart(s)).items!)[0]!.qty).toBe(2);
  });
});
