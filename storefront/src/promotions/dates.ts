import { formatDate } from "@/lib/format";

/**
 * Promotion dates (spec 000 §9): a date without a time part is shifted by 7 hours and shown in
 * the Los Angeles time zone with a long month ("November 19, 2026"). A plain date ("2026-11-19")
 * and a UTC midnight ("2026-11-19T00:00:00.000Z", how the api writes a day) both count as dates
 * without a time: read as UTC midnight they would show the previous day in Los Angeles.
 */
export const PROMO_TIME_ZONE = "America/Los_Angeles";
export const DATE_ONLY_SHIFT_HOURS = 7;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const UTC_MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00(:00(\.0+)?)?(Z|[+-]00:?00)$/;

export function isDateWithoutTime(value: string): boolean {
  const v = value.trim();
  return DATE_ONLY.test(v) || UTC_MIDNIGHT.test(v);
}

/** The instant a promotion date stands for (date-only values shifted by 7 hours), or null. */
export function promoInstant(value: string | null | undefined): Date | null {
  if (!value || !value.trim()) return null;
  const v = value.trim();
  const dateOnly = isDateWithoutTime(v);
  const base = new Date(DATE_ONLY.test(v) ? `${v}T00:00:00Z` : v);
  if (Number.isNaN(base.getTime())) return null;
  return dateOnly ? new Date(base.getTime() + DATE_ONLY_SHIFT_HOURS * 3_600_000) : base;
}

/** A promotion date as shown on a rebate card: long month, Los Angeles time; "" when unusable. */
export function formatPromoDate(value: string | null | undefined, locale = "en-US"): string {
  const at = promoInstant(value);
  return at ? formatDate(at, locale, PROMO_TIME_ZONE) : "";
}
