import { describe, expect, it } from "vitest";
import { cutPostcode, shippingCountry } from "./postcode";

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
