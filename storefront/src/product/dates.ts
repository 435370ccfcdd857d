/**
 * Dates of the product area (spec 000 §9, 002 §2): shown in the Los Angeles time zone; a date
 * without a time part is first shifted by 7 hours. Sale dates show day and short month.
 */
export const LA_TIME_ZONE = "America/Los_Angeles";
export const DATE_ONLY_SHIFT_MS = 7 * 60 * 60 * 1000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A timestamp at exactly midnight UTC carries no time of day: the api's form of a plain date. */
const MIDNIGHT_UTC = /^\d{4}-\d{2}-\d{2}[T ]00:00(:00(\.0+)?)?(Z|[+-]00:?00)?$/;

/** True for a value that names a day but no time of day. */
export const hasNoTimePart = (value: string) => DATE_ONLY.test(value.trim()) || MIDNIGHT_UTC.test(value.trim());

/** The instant to display: parsed, and shifted by 7 hours when the value has no time part. */
export function displayInstant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  const time = dateOnly
    ? Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : Date.parse(MIDNIGHT_UTC.test(text) && !/(Z|[+-]00:?00)$/.test(text) ? `${text.replace(" ", "T")}Z` : text);
  if (Number.isNaN(time)) return null;
  return new Date(hasNoTimePart(text) ? time + DATE_ONLY_SHIFT_MS : time);
}

function format(value: string | null | undefined, options: Intl.DateTimeFormatOptions, locale: string): string {
  const instant = displayInstant(value);
  if (!instant) return "";
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone: LA_TIME_ZONE }).format(instant);
  } catch {
    return instant.toString();
  }
}

/** Day and short month, e.g. "Dec 1" (sale end dates). */
export const formatDayMonth = (value: string | null | undefined, locale = "en-US") =>
  format(value, { month: "short", day: "numeric" }, locale);

/** Long month, day and year, e.g. "November 11, 2026" (promotion validity). */
export const formatLongDate = (value: string | null | undefined, locale = "en-US") =>
  format(value, { month: "long", day: "numeric", year: "numeric" }, locale);

/** ISO date-time for a `<time dateTime>` attribute. */
export const isoOf = (value: string | null | undefined) => displayInstant(value)?.toISOString();
