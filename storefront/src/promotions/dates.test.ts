import { describe, expect, it } from "vitest";
import { formatPromoDate, isDateWithoutTime, promoInstant } from "./dates";

describe("promotion dates", () => {
  it("shows a date without a time as the day entered, long month, in summer and in winter", () => {
    // summer: the spec's 7-hour shift is midnight in Los Angeles (PDT)
    expect(formatPromoDate("2026-07-04")).toBe("July 4, 2026");
    expect(formatPromoDate("2026-07-04T00:00:00.000Z")).toBe("July 4, 2026");
    expect(promoInstant("2026-07-04")?.toISOString()).toBe("2026-07-04T07:00:00.000Z");
    // winter: Los Angeles is 8 hours behind (PST); 7 hours showed the day before
    expect(formatPromoDate("2026-11-13T00:00:00.000Z")).toBe("November 13, 2026");
    expect(formatPromoDate("2026-12-28T00:00:00.000Z")).toBe("December 28, 2026");
    expect(formatPromoDate("2027-02-01")).toBe("February 1, 2027");
    expect(promoInstant("2026-11-19")?.toISOString()).toBe("2026-11-19T08:00:00.000Z");
    expect(promoInstant("2026-11-19T00:00:00.000Z")?.toISOString()).toBe("2026-11-19T08:00:00.000Z");
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
