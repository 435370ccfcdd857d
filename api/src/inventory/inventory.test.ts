import { describe, expect, it } from "vitest";
import { INVENTORY_CONFIGURABLE, inventoryAnswer, LAT_LONG_TOGETHER, PRODUCT_NOT_FOUND, shippingEstimate, STORE_NOT_FOUND } from "@store/contract";
import { useTestApp } from "../test/app";
import { F, insertProductFixtures } from "../product/test-fixtures";

const t = useTestApp(insertProductFixtures);

const inventory = async (product: string | number, query = "") => {
  const response = await t.app.inject(`/api/rest/products/${product}/inventory${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return inventoryAnswer.parse(response.json());
};
const expectError = async (url: string, status: number, message?: string) => {
  const response = await t.app.inject(`/api/rest${url}`);
  expect(response.statusCode, url).toBe(status);
  const body = response.json();
  expect(body.messages.error[0].message).toEqual(message ?? expect.any(String));
};

describe("GET /products/{id}/inventory", () => {
  it("lists every store nearest first from a zip cut at its dash, with distance, stock and pickup", async () => {
    const answer = await inventory(F.dishwasher, "?zip=94103-1234");
    expect(answer.product_id).toBe("120");
    expect(answer.store_list.map((s) => [s.store_name, s.qty, s.in_stock])).toEqual([
      ["San Jose Stevens Creek", 0, false], ["West Los Angeles", 2, true], ["Bellevue", 7, true],
    ]);
    const [sj, la, bellevue] = answer.store_list;
    expect(sj!.distance).toBeGreaterThan(35);
    expect(sj!.distance).toBeLessThan(50);
    expect(la!.distance).toBeGreaterThan(300);
    expect(bellevue!.distance).toBeGreaterThan(la!.distance!);
    expect(bellevue).toMatchObject({
      storelocationid: "3", google_code: "HHO-SEA", street: "14310 NE 20th St", city: "Bellevue", region: "WA", postcode: "98007",
      address: "14310 NE 20th St, Bellevue, WA 98007", phone: "(555) 201-4419", pickup_method: "curbside_pickup",
    });
  });

  it("sorts by lat and long, and answers one store (still a list) for storelocationid", async () => {
    const nearSeattle = await inventory(F.dishwasher, "?lat=47.6&long=-122.3");
    expect(nearSeattle.store_list[0]!.store_name).toBe("Bellevue");
    const one = await inventory(F.dishwasher, `?storelocationid=${F.storeLA}`);
    expect(one.store_list.map((s) => [s.storelocationid, s.qty, s.distance])).toEqual([["1", 2, null]]);
  });

  it("lists stores by name without a reference point, and places a zip the table lacks by its area", async () => {
    const byName = await inventory(F.dishwasher);
    expect(byName.store_list.map((s) => s.store_name)).toEqual(["Bellevue", "San Jose Stevens Creek", "West Los Angeles"]);
    expect(byName.store_list.every((s) => s.distance === null)).toBe(true);
    const nearby = await inventory(F.dishwasher, "?zip=94105");
    expect(nearby.store_list[0]!.store_name).toBe("San Jose Stevens Creek");
  });

  it("refuses configurable products, but answers their children and bundles", async () => {
    await expectError(`/products/${F.configurable}/inventory?zip=94103`, 400, INVENTORY_CONFIGURABLE);
    const child = await inventory(F.childSteel);
    expect(child.store_list.find((s) => s.storelocationid === "1")!.qty).toBe(3);
    // a bundle: as many sets as its default selections make (fridge 3 and dishwasher 2 in LA)
    const bundle = await inventory(F.bundle);
    expect(Object.fromEntries(bundle.store_list.map((s) => [s.storelocationid, s.qty]))).toEqual({ 1: 2, 2: 0, 3: 0 });
  });

  it("answers 404 for an unknown zip, store or product and 400 for bad input", async () => {
    await expectError(`/products/${F.dishwasher}/inventory?zip=10001`, 404, "We could not find the postcode 10001.");
    await expectError(`/products/${F.dishwasher}/inventory?storelocationid=99`, 404, STORE_NOT_FOUND);
    await expectError("/products/nope/inventory", 404, PRODUCT_NOT_FOUND);
    await expectError(`/products/${F.dishwasher}/inventory?lat=37`, 400, LAT_LONG_TOGETHER);
    for (const query of ["zip=abc", "zip=123", "lat=91&long=0", "lat=0&long=181", "lat=x&long=1", "storelocationid=0"]) {
      await expectError(`/products/${F.dishwasher}/inventory?${query}`, 400);
    }
  });
});

describe("GET /products/{id}/shipping/{zip}", () => {
  const estimate = async (url: string) => {
    const response = await t.app.inject(`/api/rest/products/${url}`);
    expect(response.statusCode, response.body).toBe(200);
    return shippingEstimate.parse(response.json());
  };

  it("answers the zone's methods for a zip cut at its dash, country US by default", async () => {
    const answer = await estimate(`${F.dishwasher}/shipping/94103-1234`);
    expect(answer).toMatchObject({ product_id: "120", postcode: "94103", country_id: "US" });
    expect(answer.methods.map((m) => [m.method_code, m.price.amount, m.price.formatted, m.delivery_window.label])).toEqual([
      ["store_pickup", 0, "$0.00", "0-1 business days"],
      ["standard", 49.99, "$49.99", "2-5 business days"],
      ["white_glove", 149.99, "$149.99", "3-7 business days"],
    ]);
    expect(answer.methods[1]).toMatchObject({ carrier_title: "Hearth & Home Delivery", carrier_code: "hearth_home_delivery", method_title: "Standard Delivery" });
  });

  it("falls back to the default rates outside a listed zone, and reads country_id", async () => {
    const east = await estimate(`${F.dishwasher}/shipping/10001`);
    expect(east.methods.map((m) => [m.method_code, m.price.amount])).toEqual([["store_pickup", 0], ["standard", 89.99], ["white_glove", 199.99]]);
    const canada = await estimate(`frostline-dishwasher/shipping/K1A%200B1?country_id=ca`);
    expect(canada).toMatchObject({ postcode: "K1A 0B1", country_id: "CA" });
    expect(canada.methods.map((m) => m.price.formatted)).toEqual(["$129.99"]);
  });

  it("answers 400 for a bad zip or country and 404 for an unknown product", async () => {
    for (const url of ["shipping/941", "shipping/abcde", "shipping/9410x", "shipping/94103?country_id=USA"]) {
      await expectError(`/products/${F.dishwasher}/${url}`, 400);
    }
    await expectError("/products/nope/shipping/94103", 404, PRODUCT_NOT_FOUND);
  });
});
