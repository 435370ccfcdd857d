import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cartAnswer, cartItemAnswer, type CartAnswer } from "@store/contract";
import { schema } from "../db/client";
import { Shopper, useTestApp } from "../test/app";
import { F } from "../product/test-fixtures";
import { cartShoppers, insertCartFixtures } from "./test-fixtures";

const t = useTestApp(insertCartFixtures);
const ITEMS = "/api/rest/cart/items";

const { shopper, ok } = cartShoppers(t);

async function refused(s: Shopper, method: "POST" | "PUT" | "DELETE", url: string, body: unknown, status: number): Promise<string> {
  const response = await s.send(method, url, body);
  expect(response.statusCode, response.body).toBe(status);
  return response.json().messages.error[0].message;
}

async function cart(s: Shopper, embed?: string): Promise<CartAnswer> {
  const response = await s.get(`/api/rest/cart${embed === undefined ? "" : `?embed=${embed}`}`);
  expect(response.statusCode, response.body).toBe(200);
  return cartAnswer.parse(response.json());
}

const line = (c: CartAnswer, productId: number) => Object.values(c.items!).find((i) => i.product_id === productId);

describe("GET /cart", () => {
  it("answers an empty cart with zero totals and the spec's labels, in dollars", async () => {
    const c = await cart(await shopper());
    expect(c.totals).toEqual({
      discount: { amount: 0, formatted: "$0.00", title: "Discount" },
      fee: { amount: 0, formatted: "$0.00", title: "Additional Fees" },
      grand_total: { amount: 0, formatted: "$0.00", title: "Grand Total" },
      shipping: { amount: 0, formatted: "$0.00", title: "Shipping/Delivery & Handling" },
      subtotal: { amount: 0, formatted: "$0.00", title: "Subtotal" },
      tax: { amount: 0, formatted: "$0.00", title: "Tax" },
    });
    expect(c.items).toEqual({});
    expect(c.info).toMatchObject({ qty: 0, coupon_code: null, email: null, shipping_method: null, payment: null, has_error: false });
    expect(c.methods!.payment!.map((m) => m.code)).toEqual(["checkmo", "cashondelivery", "banktransfer", "authorizenet"]);
  });

  it("embed picks the parts; an unknown embed is a 400", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    const c = await cart(s, "totals,payment");
    expect(c.totals!.subtotal.amount).toBe(899);
    expect(c.items).toBeUndefined();
    expect(c.methods).toBeUndefined();
    expect(c.addresses).toBeUndefined();
    expect(c.payment).toBeNull();
    const bad = await s.get("/api/rest/cart?embed=totals,everything");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.error[0].message).toContain('unknown embed "everything"');
  });
});

describe("POST /cart/items", () => {
  it("adds a simple product with every field of a line, and a second add sums the qty", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher, qty: 1 });
    const c = await ok(s, "POST", ITEMS, { product_id: String(F.dishwasher), qty: 2 });
    expect(Object.keys(c.items!)).toHaveLength(1);
    const item = line(c, F.dishwasher)!;
    expect(item).toMatchObject({
      product_id: F.dishwasher, sku: "FL-DW", name: "Frostline Dishwasher", qty: 3, price: { amount: 899, formatted: "$899.00" },
      original_price: { amount: 899 }, manufacturer: "Frostline", model_number: "", crosssell_parent_id: "",
    });
    expect(c.items![String(item.item_id)]!.item_id).toBe(item.item_id);
    expect(c.itemList).toEqual([item.item_id]);
    expect(c.info.qty).toBe(3);
  });

  it("a configurable product needs super_attribute and becomes its chosen child", async () => {
    const s = await shopper();
    expect(await refused(s, "POST", ITEMS, { product_id: F.configurable }, 400)).toBe("Please choose the product's options.");
    expect(await refused(s, "POST", ITEMS, { product_id: F.configurable, super_attribute: { 1: 3 } }, 400)).toBe("The chosen options are not available.");
    expect(await refused(s, "POST", ITEMS, { product_id: F.configurable, super_attribute: { 1: 2 } }, 409))
      .toBe('The requested quantity for "Frostline French Door Refrigerator" is not available.');
    const c = await ok(s, "POST", ITEMS, { product_id: F.configurable, super_attribute: { 1: 1 }, qty: 1 });
    expect(line(c, F.configurable)).toMatchObject({ child_product_id: F.childSteel, sku: "FL-FD-SS", price: { amount: 1799 }, original_price: { amount: 1999 } });
  });

  it("a bundle adds its default selections, or the ones chosen", async () => {
    const s = await shopper();
    const c = await ok(s, "POST", ITEMS, { product_id: F.bundle });
    expect(line(c, F.bundle)!.bundle_selections.map((b) => b.product_id)).toEqual([F.childSteel, F.dishwasher]);
    const [, , extras] = await t.db.select().from(schema.bundleOptions).where(eq(schema.bundleOptions.bundleId, F.bundle)).orderBy(schema.bundleOptions.position);
    const [filterSel] = await t.db.select().from(schema.bundleSelections).where(eq(schema.bundleSelections.optionId, extras!.optionId));
    const more = await ok(s, "POST", ITEMS, { product_id: F.bundle, bundle_option: { [extras!.optionId]: filterSel!.selectionId } });
    const lines = Object.values(more.items!).filter((i) => i.product_id === F.bundle);
    expect(lines.map((l) => l.bundle_selections.map((b) => `${b.sku}x${b.qty}`))).toEqual([["FL-FD-SSx1", "FL-DWx1"], ["FL-FD-SSx1", "FL-DWx1", "PF-FILTERx2"]]);
    expect(await refused(s, "POST", ITEMS, { product_id: F.bundle, bundle_option: { [extras!.optionId]: 99999 } }, 400)).toBe("The chosen package selections are not valid.");
    // the dishwasher has 3 units: 2 packages hold 2, a third package and 2 more dishwashers do not fit
    expect(await refused(s, "POST", ITEMS, { product_id: F.dishwasher, qty: 2 }, 409)).toBe('The requested quantity for "Frostline Dishwasher" is not available.');
  });

  it("refuses what the store cannot sell: price on application 400, unknown 404, over stock 409, bad input 400", async () => {
    const s = await shopper();
    expect(await refused(s, "POST", ITEMS, { product_id: F.poa }, 400)).toBe('"Commercial Range" cannot be bought online; please contact us for a price.');
    expect(await refused(s, "POST", ITEMS, { product_id: 99999 }, 404)).toBe("The product was not found.");
    expect(await refused(s, "POST", ITEMS, { product_id: F.disabled }, 404)).toBe("The product was not found.");
    expect(await refused(s, "POST", ITEMS, { product_id: F.dishwasher, qty: 4 }, 409)).toBe('The requested quantity for "Frostline Dishwasher" is not available.');
    for (const body of [{}, { product_id: "abc" }, { product_id: F.dishwasher, qty: 0 }, { items: [] }]) {
      const r = await s.send("POST", ITEMS, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await cart(s)).items).toEqual({});
  });

  it("the items[] form adds a main product and its add-ons in order; addons maps them", async () => {
    const s = await shopper();
    const c = await ok(s, "POST", ITEMS, { items: [
      { product_id: F.configurable, super_attribute: { 1: 1 } },
      { product_id: F.installKit, crosssell_parent_id: F.configurable },
      { product_id: F.filter, crosssell_parent_id: String(F.configurable) },
    ] });
    expect(c.addons).toEqual({ [F.configurable]: [F.installKit, F.filter] });
    expect(line(c, F.installKit)!.crosssell_parent_id).toBe(String(F.configurable));
    expect(c.itemList).toHaveLength(3);
  });

  it("refuses an add-on without its main product in the cart, or of a product it is no add-on of", async () => {
    const s = await shopper();
    expect(await refused(s, "POST", ITEMS, { product_id: F.filter, crosssell_parent_id: F.dishwasher }, 400)).toBe("Invalid addon or mainProductId");
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    expect(await refused(s, "POST", ITEMS, { product_id: F.plan, crosssell_parent_id: F.dishwasher }, 400)).toBe("Invalid addon or mainProductId");
    expect(await refused(s, "POST", ITEMS, { items: [{ product_id: F.filter, crosssell_parent_id: F.dishwasher }, { product_id: F.poa }] }, 400))
      .toBe('"Commercial Range" cannot be bought online; please contact us for a price.');
    expect(line(await cart(s), F.filter)).toBeUndefined(); // the whole list was refused
  });
});

async function twoParents(s: Shopper) {
  await ok(s, "POST", ITEMS, { items: [{ product_id: F.configurable, super_attribute: { 1: 1 } }, { product_id: F.dishwasher }] });
  await ok(s, "POST", ITEMS, { product_id: F.filter, crosssell_parent_id: F.configurable });
  const c = await ok(s, "POST", ITEMS, { product_id: F.filter, crosssell_parent_id: F.dishwasher });
  return line(c, F.filter)!;
}

describe("removing add-ons and products (spec 001 §4)", () => {
  it("an add-on of several parents is one line; removing it from one parent drops one unit and trims that link", async () => {
    const s = await shopper();
    const filter = await twoParents(s);
    expect(filter).toMatchObject({ qty: 2, crosssell_parent_id: `${F.configurable},${F.dishwasher}` });
    const c = await ok(s, "DELETE", `${ITEMS}/${filter.item_id}?crosssell_parent_id=${F.configurable}`);
    expect(line(c, F.filter)).toMatchObject({ qty: 1, crosssell_parent_id: String(F.dishwasher) });
    expect(c.addons).toEqual({ [F.dishwasher]: [F.filter] });
  });

  it("removing a line of qty 1 removes it", async () => {
    const s = await shopper();
    const c0 = await ok(s, "POST", ITEMS, { product_id: F.plan });
    const c = await ok(s, "DELETE", `${ITEMS}/${line(c0, F.plan)!.item_id}`);
    expect(line(c, F.plan)).toBeUndefined();
  });

  it("an add-on of only one parent with qty above 1 goes whole", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: F.dishwasher });
    await ok(s, "POST", ITEMS, { product_id: F.filter, crosssell_parent_id: F.dishwasher });
    const c0 = await ok(s, "POST", ITEMS, { product_id: F.filter, qty: 2, crosssell_parent_id: F.dishwasher });
    expect(line(c0, F.filter)).toMatchObject({ qty: 3, crosssell_parent_id: String(F.dishwasher) });
    const c = await ok(s, "DELETE", `${ITEMS}/${line(c0, F.filter)!.item_id}?crosssell_parent_id=${F.dishwasher}`);
    expect(line(c, F.filter)).toBeUndefined();
  });

  it("without a parent id one unit goes with the first link", async () => {
    const s = await shopper();
    const filter = await twoParents(s);
    const c = await ok(s, "DELETE", `${ITEMS}/${filter.item_id}`);
    expect(line(c, F.filter)).toMatchObject({ qty: 1, crosssell_parent_id: String(F.dishwasher) });
  });

  it("a parent id the line is not linked to is refused", async () => {
    const s = await shopper();
    const filter = await twoParents(s);
    expect(await refused(s, "DELETE", `${ITEMS}/${filter.item_id}?crosssell_parent_id=${F.plan}`, undefined, 400)).toBe("Invalid addon, cart, or main product ID");
  });

  it("removing a main product takes its add-ons with it (and only its link of a shared one)", async () => {
    const s = await shopper();
    await twoParents(s);
    await ok(s, "POST", ITEMS, { product_id: F.installKit, crosssell_parent_id: F.configurable });
    const before = await cart(s);
    const c = await ok(s, "DELETE", `${ITEMS}/${line(before, F.configurable)!.item_id}`);
    expect(line(c, F.configurable)).toBeUndefined();
    expect(line(c, F.installKit)).toBeUndefined();
    expect(line(c, F.filter)).toMatchObject({ qty: 1, crosssell_parent_id: String(F.dishwasher) });
    expect(c.addons).toEqual({ [F.dishwasher]: [F.filter] });
  });

  it("an unknown item, or another session's item, is a 404", async () => {
    const a = await shopper();
    const b = await shopper();
    const mine = line(await ok(a, "POST", ITEMS, { product_id: F.plan }), F.plan)!;
    expect(await refused(b, "DELETE", `${ITEMS}/${mine.item_id}`, undefined, 404)).toBe("The cart item was not found.");
    expect(await refused(b, "PUT", `${ITEMS}/${mine.item_id}`, { qty: 2 }, 404)).toBe("The cart item was not found.");
    expect(await refused(a, "DELETE", `${ITEMS}/999999`, undefined, 404)).toBe("The cart item was not found.");
    expect(line(await cart(a), F.plan)!.qty).toBe(1);
  });
});

describe("PUT /cart/items/{id} (spec 001 §4 quantity changes)", () => {
  it("an increase with a parent id links that parent; a decrease with one unlinks it", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { items: [{ product_id: F.configurable, super_attribute: { 1: 1 } }, { product_id: F.dishwasher }] });
    const filter = line(await ok(s, "POST", ITEMS, { product_id: F.filter, crosssell_parent_id: F.configurable }), F.filter)!;
    const up = await s.send("PUT", `${ITEMS}/${filter.item_id}`, { qty: 2, crosssell_parent_id: F.dishwasher });
    expect(up.statusCode, up.body).toBe(200);
    const upAnswer = cartItemAnswer.parse(up.json());
    expect(upAnswer.item_id).toBe(filter.item_id);
    expect(line(upAnswer, F.filter)).toMatchObject({ qty: 2, crosssell_parent_id: `${F.configurable},${F.dishwasher}` });
    const down = await ok(s, "PUT", `${ITEMS}/${filter.item_id}`, { qty: 1, crosssell_parent_id: F.configurable });
    expect(line(down, F.filter)).toMatchObject({ qty: 1, crosssell_parent_id: String(F.dishwasher) });
  });

  it("a decrease without a parent drops the first parent id", async () => {
    const s = await shopper();
    const filter = await twoParents(s);
    const c = await ok(s, "PUT", `${ITEMS}/${filter.item_id}`, { qty: 1 });
    expect(line(c, F.filter)).toMatchObject({ qty: 1, crosssell_parent_id: String(F.dishwasher) });
  });

  it("an increase linking a product it is no add-on of is refused; qty 0 removes; over stock is 409", async () => {
    const s = await shopper();
    const dw = line(await ok(s, "POST", ITEMS, { product_id: F.dishwasher }), F.dishwasher)!;
    const filter = line(await ok(s, "POST", ITEMS, { product_id: F.filter, crosssell_parent_id: F.dishwasher }), F.filter)!;
    expect(await refused(s, "PUT", `${ITEMS}/${filter.item_id}`, { qty: 2, crosssell_parent_id: F.plan }, 400)).toBe("Invalid addon or mainProductId");
    expect(await refused(s, "PUT", `${ITEMS}/${dw.item_id}`, { qty: 4 }, 409)).toBe('The requested quantity for "Frostline Dishwasher" is not available.');
    expect(line(await ok(s, "PUT", `${ITEMS}/${dw.item_id}`, { qty: 3 }), F.dishwasher)!.qty).toBe(3);
    const c = await ok(s, "PUT", `${ITEMS}/${dw.item_id}`, { qty: 0 });
    expect(c.items).toEqual({}); // its add-on went with it
    expect((await s.send("PUT", `${ITEMS}/${dw.item_id}`, { qty: -1 })).statusCode).toBe(400);
  });

  it("an increase of a product that became price-on-application is refused", async () => {
    const s = await shopper();
    const plan = line(await ok(s, "POST", ITEMS, { product_id: F.plan }), F.plan)!;
    await t.db.update(schema.products).set({ poa: true }).where(eq(schema.products.entityId, F.plan));
    try {
      expect(await refused(s, "PUT", `${ITEMS}/${plan.item_id}`, { qty: 2 }, 400)).toBe('"5 Year Protection Plan" cannot be bought online; please contact us for a price.');
    } finally {
      await t.db.update(schema.products).set({ poa: false }).where(eq(schema.products.entityId, F.plan));
    }
  });
});
