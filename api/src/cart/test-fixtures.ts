import { expect } from "vitest";
import { cartAnswer, type CartAnswer } from "@store/contract";
import { schema, type Db } from "../db/client";
import { Shopper, type TestContext } from "../test/app";
import { F, insertProductFixtures } from "../product/test-fixtures";

/** The product-area store plus checkout data: shipping methods, tax rates, coupons, a recycling fee. */
export async function insertCartFixtures(db: Db): Promise<void> {
  await insertProductFixtures(db);
  await db.insert(schema.shippingMethods).values([
    { code: "flatrate_flatrate", carrierTitle: "Flat Rate", title: "Standard Delivery", type: "flat", price: 4999, sort: 1 },
    { code: "freeshipping_freeshipping", carrierTitle: "Free Shipping", title: "Free Delivery", type: "free_over", price: 0, threshold: 49900, sort: 2 },
    { code: "instore_pickup", carrierTitle: "In-Store Pickup", title: "Pick up at a store", type: "pickup", price: 0, sort: 3 },
    { code: "package_ai_delivery", carrierTitle: "Scheduled Delivery", title: "Scheduled Delivery", type: "scheduled", price: 9999, sort: 4 },
  ]);
  await db.insert(schema.taxRates).values([
    { countryId: "US", regionCode: "CA", regionName: "California", rateBp: 725, label: "Sales Tax" },
    { countryId: "US", regionCode: "WA", regionName: "Washington", rateBp: 650, label: "Sales Tax" },
    { countryId: "CA", regionCode: "ON", regionName: "Ontario", rateBp: 1300, label: "HST" },
  ]);
  const day = 86_400_000;
  await db.insert(schema.coupons).values([
    { code: "SAVE10", type: "percent", amount: 10 },
    { code: "TAKE50", type: "fixed", amount: 5000, minSubtotal: 50000 },
    { code: "SPRING15", type: "percent", amount: 15, startsAt: new Date(Date.now() - 90 * day), endsAt: new Date(Date.now() - 30 * day) },
    { code: "FIRST100", type: "fixed", amount: 10000, usageLimit: 100, timesUsed: 100 },
  ]);
  await db.insert(schema.productFees).values([{ productId: F.dishwasher, title: "Recycling Fee", amount: 1000 }]);
}

/** A cart test file's shoppers: a new session each, and a call that must answer 200 with a cart (never cached). */
export function cartShoppers(t: TestContext) {
  return {
    async shopper(): Promise<Shopper> {
      const s = new Shopper(t.app);
      await s.startSession();
      return s;
    },
    async ok(s: Shopper, method: "POST" | "PUT" | "DELETE", url: string, body?: unknown): Promise<CartAnswer> {
      const response = await s.send(method, url, body);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      return cartAnswer.parse(response.json());
    },
  };
}
