import { describe, expect, it } from "vitest";
import { z } from "zod";
import { LAT_LONG_TOGETHER, STORE_NOT_FOUND, storeLocation } from "@store/contract";
import { useTestApp } from "../test/app";
import { F, insertProductFixtures } from "../product/test-fixtures";

const t = useTestApp(insertProductFixtures);

const stores = async (query = "") => {
  const response = await t.app.inject(`/api/rest/locations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers["cache-control"]).toMatch(/^public/);
  return z.array(storeLocation).parse(response.json());
};

describe("GET /locations", () => {
  it("lists every store by name without a query, with the My Store fields", async () => {
    const list = await stores();
    expect(list.map((s) => s.store_name)).toEqual(["Bellevue", "San Jose Stevens Creek", "West Los Angeles"]);
    expect(list[2]).toEqual({
      storelocationid: "1", google_code: "HHO-LAX", store_name: "West Los Angeles", address: "11240 W Olympic Blvd, Los Angeles, CA 90064",
      street: "11240 W Olympic Blvd", city: "Los Angeles", region: "CA", postcode: "90064", country_id: "US", phone: "(555) 201-4410",
      pickup_method: "store_pickup", latitude: 34.0366, longitude: -118.4421, distance: null, hours: { monday: "9-9" },
    });
  });

  it("sorts nearest first from lat and long, with distances in miles", async () => {
    const list = await stores("?lat=34.05&long=-118.25");
    expect(list.map((s) => s.store_name)).toEqual(["West Los Angeles", "San Jose Stevens Creek", "Bellevue"]);
    expect(list[0]!.distance).toBeGreaterThan(5);
    expect(list[0]!.distance).toBeLessThan(15);
    expect(list[1]!.distance).toBeLessThan(list[2]!.distance!);
  });

  it("sorts nearest first from a zip, cut at its dash", async () => {
    const list = await stores("?zip=98007-4421");
    expect(list[0]!.store_name).toBe("Bellevue");
    expect(list[0]!.distance).toBeLessThan(2);
  });

  it("answers the one store asked for", async () => {
    expect((await stores(`?storelocationid=${F.storeSJ}`)).map((s) => s.google_code)).toEqual(["HHO-SJC"]);
  });

  it("answers 404 for an unknown store or zip and 400 for bad input", async () => {
    const unknownStore = await t.app.inject("/api/rest/locations?storelocationid=77");
    expect(unknownStore.statusCode).toBe(404);
    expect(unknownStore.json()).toEqual({ messages: { error: [{ message: STORE_NOT_FOUND }] } });
    const unknownZip = await t.app.inject("/api/rest/locations?zip=10001");
    expect(unknownZip.statusCode).toBe(404);
    expect(unknownZip.json().messages.error[0].message).toBe("We could not find the postcode 10001.");
    const half = await t.app.inject("/api/rest/locations?long=-122");
    expect(half.statusCode).toBe(400);
    expect(half.json().messages.error[0].message).toBe(LAT_LONG_TOGETHER);
    for (const query of ["lat=-91&long=0", "lat=0&long=-181", "lat=north&long=1", "zip=1", "zip=abcde", "storelocationid=x"]) {
      const response = await t.app.inject(`/api/rest/locations?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.error).toHaveLength(1);
    }
  });
});
