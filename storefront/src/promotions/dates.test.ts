import { describe, expect, it } from "vitest";
import { formatPromoDate, isDateWithoutTime, promoInstant } from "./dates";

describe("promotion dates", () => {
  it("shifts a date without a time by 7 hours and shows it in Los Angeles with a long month", () => {
    expect(formatPromoDate("2026-07-04")).toBe("July 4, 2026");
    expect(formatPromoDate("2026-07-04T00:00:00.000Z")).toBe("July 4, 2026");
    expect(promoInstant("2026-11-19")?.toISOString()).toBe("2026-11-19T07:00:00.000Z");
    expect(promoInstant("2026-11-19T00:00:00.000Z")?.toISOString()).toBe("2026-11-19T07:00:00.000Z");
  });
  it("leaves a date with a time as it is", () => {
    expect(isDateWithoutTime("2026-11-19T15:30:00Z")).toBe(false);
    expect(formatPromoDate("2026-11-19T03:00:00Z")).toBe("November 18, 2026");
  });
  it("shows nothing for an empty or unusable date", () => {
    expect(formatPromoDate("")).toBe("");
    expect(formatPromoDate("not a date")).toBe("");
  });
});
