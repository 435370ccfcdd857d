import { describe, expect, it } from "vitest";
import { cartShippingAddress, cutPostcode, shippingCountry } from "./postcode";

describe("shipping estimate inputs (spec 002 §5)", () => {
  it("cuts a postcode with a dash to the part before the dash", () => {
    expect(cutPostcode("90210-1234")).toBe("90210");
    expect(cutPostcode(" 90210 ")).toBe("90210");
    expect(cutPostcode("90210")).toBe("90210");
  });
  it("defaults the country to US", () => {
    expect(shippingCountry(undefined)).toBe("US");
    expect(shippingCountry("")).toBe("US");
    expect(shippingCountry("ca")).toBe("CA");
  });
});

describe("estimated shipping on the cart (spec 002 §4)", () => {
  it("sends the estimate's postcode, cut at a dash, with the country", () => {
    expect(cartShippingAddress("90210-1234", "us")).toEqual({ postcode: "90210", country_id: "US" });
    expect(cartShippingAddress("94596", "CA")).toEqual({ postcode: "94596", country_id: "CA" });
  });
  it("defaults the country to US", () => {
    expect(cartShippingAddress("90210", undefined)).toEqual({ postcode: "90210", country_id: "US" });
    expect(cartShippingAddress("90210", " ")).toEqual({ postcode: "90210", country_id: "US" });
  });
  it("updates the cart only if a postcode exists", () => {
    expect(cartShippingAddress("", "US")).toBeNull();
    expect(cartShippingAddress("  ", "US")).toBeNull();
    expect(cartShippingAddress("-1234", "US")).toBeNull();
    expect(cartShippingAddress(null, "US")).toBeNull();
  });
});
