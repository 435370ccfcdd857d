import { describe, expect, it } from "vitest";
import { cutAddressPostcode, maskPhone, validNorthAmericanPhone } from "./address";

describe("address rules (spec 000 §5)", () => {
  it("cuts a postcode at a dash in the 6th character, and only there", () => {
    expect(cutAddressPostcode("94103-1234")).toBe("94103");
    expect(cutAddressPostcode(" 10001-0001 ")).toBe("10001");
    expect(cutAddressPostcode("941-03")).toBe("941-03");
    expect(cutAddressPostcode("K1A 0B1")).toBe("K1A 0B1");
  });

  it("masks a North American phone as it is typed", () => {
    expect(maskPhone("5")).toBe("(5");
    expect(maskPhone("5125")).toBe("(512) 5");
    expect(maskPhone("5125550")).toBe("(512) 555-0");
    expect(maskPhone("512.555.0100")).toBe("(512) 555-0100");
    expect(maskPhone("1 512 555 0100 99")).toBe("(512) 555-0100");
    expect(maskPhone("abc")).toBe("");
  });

  it("accepts area and exchange codes starting 2-9 only, ten digits", () => {
    expect(validNorthAmericanPhone("(512) 555-0100")).toBe(true);
    expect(validNorthAmericanPhone("+1 512 555 0100")).toBe(true);
    expect(validNorthAmericanPhone("(112) 555-0100")).toBe(false);
    expect(validNorthAmericanPhone("(512) 155-0100")).toBe(false);
    expect(validNorthAmericanPhone("(512) 555-010")).toBe(false);
  });
});
