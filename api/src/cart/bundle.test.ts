import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bundlePrice } from "@store/contract";
import { schema, type Db } from "../db/client";
import { useTestApp } from "../test/app";
import { days } from "../product/test-fixtures";
import { cartShoppers, insertCartFixtures } from "./test-fixtures";
import { loadCart } from "./lines";
import { CartService } from "./service";

/**
 * A package's price follows the pieces chosen: the 4-piece kitchen package defect (changing or
 * unticking selections changed "Selections total" but not the price added to the cart).
 */
const P = { pack: 900, washer: 901, washerPlus: 902, dryer: 903, kit: 904, hoses: 905 };
const O = { washer: 0, dryer: 0, extras: 0 };
const S = { washer: 0, washerPlus: 0, dryer: 0, kit: 0, hoses: 0 };

async function insertPackage(db: Db) {
  await insertCartFixtures(db);
  const piece = (entityId: number, sku: string, price: number) => ({ entityId, sku, urlKey: sku.toLowerCase(), name: sku, price, finalPrice: price, qty: 20 });
  await db.insert(schema.products).values([
    // the package: $2,200.00 as its pieces (washer, dryer, kit), $1,980.00 as a package (10% off)
    { ...piece(P.pack, "PKG-LAUNDRY", 220000), typeId: "bundle", specialPrice: 198000, specialFromDate: days(-2), specialToDate: days(20), finalPrice: 198000 },
    piece(P.washer, "W-1", 100000),
    { ...piece(P.washerPlus, "W-2", 140000), specialPrice: 130000, specialFromDate: days(-2), specialToDate: days(20), finalPrice: 130000 },
    piece(P.dryer, "D-1", 100000),
    piece(P.kit, "KIT-1", 20000),
    piece(P.hoses, "HOSE-1", 2500),
  ]);
  const [washer, dryer, extras] = await db.insert(schema.bundleOptions).values([
    { bundleId: P.pack, title: "Washer", required: true, position: 1 },
    { bundleId: P.pack, title: "Dryer", required: true, position: 2 },
    { bundleId: P.pack, title: "Extras", required: false, position: 3 },
  ]).returning();
  O.washer = washer!.optionId; O.dryer = dryer!.optionId; O.extras = extras!.optionId;
  const rows = await db.insert(schema.bundleSelections).values([
    { optionId: O.washer, productId: P.washer, isDefault: true, position: 1 },
    { optionId: O.washer, productId: P.washerPlus, position: 2 },
    { optionId: O.dryer, productId: P.dryer, isDefault: true, position: 1 },
    { optionId: O.extras, productId: P.kit, isDefault: true, position: 1 },
    { optionId: O.extras, productId: P.hoses, qty: 2, position: 2 },
  ]).returning();
  [S.washer, S.washerPlus, S.dryer, S.kit, S.hoses] = rows.map((r) => r.selectionId) as [number, number, number, number, number];
}

const t = useTestApp(insertPackage);
const { shopper, ok } = cartShoppers(t);
const ITEMS = "/api/rest/cart/items";

async function packageLine(bundleOption?: Record<string, number | number[]>) {
  const s = await shopper();
  const c = await ok(s, "POST", ITEMS, { product_id: P.pack, ...(bundleOption ? { bundle_option: bundleOption } : {}) });
  const line = Object.values(c.items!).find((i) => i.product_id === P.pack)!;
  return { line, subtotal: c.totals!.subtotal.amount };
}

describe("package (bundle) prices in the cart", () => {
  it("the default selections cost the package's own price, as the product page says", async () => {
    const { line, subtotal } = await packageLine();
    expect(line.bundle_selections.map((b) => b.sku)).toEqual(["W-1", "D-1", "KIT-1"]);
    expect(line.price).toEqual({ amount: 1980, formatted: "$1,980.00" });
    expect(line.original_price.amount).toBe(2200);
    expect(subtotal).toBe(1980);
    const page = await t.app.inject({ url: `/api/rest/products/${P.pack}` });
    expect(page.json().prices.final_price_without_tax).toBe(1980);
  });

  it("leaving out an optional piece (an empty list) takes its share off the price", async () => {
    const { line, subtotal } = await packageLine({ [O.extras]: [] });
    expect(line.bundle_selections.map((b) => b.sku)).toEqual(["W-1", "D-1"]);
    // $1,980 × 2,000 / 2,200
    expect(line.price.amount).toBe(1800);
    expect(line.original_price.amount).toBe(2000);
    expect(subtotal).toBe(1800);
  });

  it("another piece, or several pieces of an optional option, price what is chosen", async () => {
    // washer $1,300 (its sale price) instead of $1,000: $1,980 × 2,500 / 2,200
    const plus = await packageLine({ [O.washer]: S.washerPlus });
    expect(plus.line.price.amount).toBe(2250);
    expect(plus.line.original_price.amount).toBe(2500);
    // kit and two hose sets: $1,980 × 2,250 / 2,200
    const both = await packageLine({ [O.extras]: [S.kit, S.hoses] });
    expect(both.line.bundle_selections.map((b) => `${b.sku}x${b.qty}`)).toEqual(["W-1x1", "D-1x1", "KIT-1x1", "HOSE-1x2"]);
    expect(both.line.price.amount).toBe(2025);
  });

  it("a required option takes exactly one piece", async () => {
    const s = await shopper();
    for (const bad of [{ [O.washer]: [] }, { [O.washer]: [S.washer, S.washerPlus] }, { [O.extras]: [S.dryer] }]) {
      const response = await s.send("POST", ITEMS, { product_id: P.pack, bundle_option: bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().messages.error[0].message).toBe("The chosen package selections are not valid.");
    }
  });

  it("the same package with other pieces is another line, each at its own price", async () => {
    const s = await shopper();
    await ok(s, "POST", ITEMS, { product_id: P.pack });
    const c = await ok(s, "POST", ITEMS, { product_id: P.pack, bundle_option: { [O.extras]: [] } });
    expect(Object.values(c.items!).map((i) => i.price.amount)).toEqual([1980, 1800]);
    expect(c.totals!.subtotal.amount).toBe(3780);
  });

  it("placing an order reads and locks, by the cart, every product its lines price: the pieces chosen and the package's defaults", async () => {
    const s = await shopper();
    // the other washer and two hose sets: the defaults not chosen (W-1, KIT-1) still price the package
    await ok(s, "POST", ITEMS, { product_id: P.pack, bundle_option: { [O.washer]: S.washerPlus, [O.extras]: [S.hoses] } });
    await ok(s, "POST", ITEMS, { product_id: P.kit });
    const [cart] = await t.db.select().from(schema.carts).orderBy(desc(schema.carts.cartId)).limit(1);
    const byCart = await t.db.transaction((tx) => CartService.claimedProducts(tx, cart!.sessionId!));
    const { products } = await loadCart(t.db, cart!.cartId, new Date());
    expect([...byCart.keys()]).toEqual([P.pack, P.washer, P.washerPlus, P.dryer, P.kit, P.hoses]);
    expect([...byCart.keys()].sort()).toEqual([...products.keys()].sort());
    // another shopper's cart is not read
    const other = await shopper();
    await ok(other, "POST", ITEMS, { product_id: P.dryer });
    const [otherCart] = await t.db.select().from(schema.carts).orderBy(desc(schema.carts.cartId)).limit(1);
    expect([...(await t.db.transaction((tx) => CartService.claimedProducts(tx, otherCart!.sessionId!))).keys()]).toEqual([P.dryer]);
  });
});

describe("the package price rule", () => {
  const own = { final: 198000, regular: 220000 };
  it("keeps the package's price for its defaults and without priced defaults", () => {
    expect(bundlePrice(own, [{ price: 100000, qty: 1, isDefault: true, chosen: true }])).toEqual(own);
    expect(bundlePrice(own, [{ price: 0, qty: 1, isDefault: true, chosen: false }, { price: 5000, qty: 1, isDefault: false, chosen: true }])).toEqual(own);
  });
  it("scales with the chosen pieces' value, counting each piece's quantity", () => {
    expect(bundlePrice(own, [
      { price: 100000, qty: 1, isDefault: true, chosen: true },
      { price: 10000, qty: 2, isDefault: false, chosen: true },
    ])).toEqual({ final: 237600, regular: 264000 });
  });
});
