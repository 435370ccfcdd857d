import { describe, expect, it } from "vitest";
import { dateTimeFormat, numberFormat } from "./intl";

describe("Intl formatters built once", () => {
  it("gives the same formatter for the same locale and options, and formats as Intl does", () => {
    const usd = numberFormat("en-US", { style: "currency", currency: "USD" });
    expect(numberFormat("en-US", { style: "currency", currency: "USD" })).toBe(usd);
    expect(usd.format(1234.5)).toBe("$1,234.50");
    expect(numberFormat("fr-CA", { maximumFractionDigits: 2 }).format(70.4)).toBe("70,4");
  });

  it("keeps formatters of other options, locales and kinds apart", () => {
    const usd = numberFormat("en-US", { style: "currency", currency: "USD" });
    expect(numberFormat("en-US", { style: "currency", currency: "CAD" })).not.toBe(usd);
    expect(numberFormat("en-CA", { style: "currency", currency: "USD" })).not.toBe(usd);
    const day = dateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "America/Los_Angeles" });
    expect(day.format(new Date("2026-12-01T20:00:00Z"))).toBe("Dec 1");
    expect(dateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "America/Los_Angeles" })).not.toBe(day);
  });

  it("throws as Intl does for an unusable locale or currency, every time (nothing is kept)", () => {
    expect(() => numberFormat("en-US", { style: "currency", currency: "US" })).toThrow(RangeError);
    expect(() => numberFormat("en-US", { style: "currency", currency: "US" })).toThrow(RangeError);
    expect(() => dateTimeFormat("not a locale!")).toThrow(RangeError);
  });
});
