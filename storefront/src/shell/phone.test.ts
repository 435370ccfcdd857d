import { describe, expect, it } from "vitest";
import { accessibilityPhone, telHref } from "./phone";

describe("accessibility note phone (spec 000 §5)", () => {
  it.each([
    ["(800) 555-0199", "(800) 555-0199"],
    ["800-555-0199", "800-555-0199"],
    ["800.555.0199", "800.555.0199"],
    ["8005550199", "8005550199"],
    ["1-800-555-0199", "800-555-0199"],
    ["+1 (800) 555-0199", "(800) 555-0199"],
    ["18005550199", "8005550199"],
    ["800 555 019999", "800 555 019999"],
  ])("accepts %s", (input, shown) => {
    expect(accessibilityPhone(input)).toBe(shown);
  });

  it.each(["", "555-0199", "call us", "800-555-01", "800-555-0199 ext 4", "(800) 555-0199-1234567"])("omits the note for %j", (input) => {
    expect(accessibilityPhone(input)).toBeNull();
  });

  it("makes tel: links", () => {
    expect(telHref("(800) 555-0199")).toBe("tel:+18005550199");
    expect(telHref("1-800-555-0199")).toBe("tel:+18005550199");
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
  });
});
