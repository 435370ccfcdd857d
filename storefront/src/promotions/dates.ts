import { formatDate } from "@/lib/format";
import { LA_TIME_ZONE, displayInstant, hasNoTimePart } from "@/product/dates";

/**
 * Promotion dates (spec 000 §9): long month in the Los Angeles time zone ("November 19, 2026").
 * A date without a time part shows as the day entered, in every season: one rule with the
 * product page's dates (product/dates.ts).
 */
export const PROMO_TIME_ZONE = LA_TIME_ZONE;

export const isDateWithoutTime = hasNoTimePart;

/** The instant a promotion date stands for (a date without a time: midnight of that day in Los Angeles), or null. */
export function promoInstant(value: string | null | undefined): Date | null {
  if (!value || !value.trim()) return null;
  return displayInstant(value);
}

/** A promotion date as shown on a rebate card: long month, Los Angeles time; "" when unusable. */
export function formatPromoDate(value: string | null | undefined, locale = "en-US"): string {
  const at = promoInstant(value);
  return at ? formatDate(at, locale, PROMO_TIME_ZONE) : "";
}
