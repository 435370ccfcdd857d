import { dateTimeFormat } from "@/lib/intl";

/**
 * Dates of the product area and of rebate cards (spec 000 §9, 002 §2): shown in the Los Angeles
 * time zone. A date without a time part (a plain "2026-11-13", or the api's form of a day, UTC
 * midnight) must show as the day entered. The spec's rule shifts it by 7 hours before showing it
 * in Los Angeles: that lands on midnight there only while Los Angeles is 7 hours behind UTC
 * (daylight time); from November to March (8 hours behind) it showed the day before. So the shift
 * is the zone's own offset on that day: 7 hours in summer, 8 in winter, the instant is midnight
 * in Los Angeles and the day shown is the day entered in every season.
 */
export const LA_TIME_ZONE = "America/Los_Angeles";
/** The spec's shift: Los Angeles's offset in daylight time (used as is if the runtime has no time zones). */
export const DATE_ONLY_SHIFT_MS = 7 * 60 * 60 * 1000;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A timestamp at exactly midnight UTC carries no time of day: the api's form of a plain date. */
const MIDNIGHT_UTC = /^\d{4}-\d{2}-\d{2}[T ]00:00(:00(\.0+)?)?(Z|[+-]00:?00)?$/;

/** True for a value that names a day but no time of day. */
export const hasNoTimePart = (value: string) => DATE_ONLY.test(value.trim()) || MIDNIGHT_UTC.test(value.trim());

let zoneParts: Intl.DateTimeFormat | null = null;

/** How far Los Angeles's clock is from UTC at an instant, in ms (e.g. -8 h in winter). */
function laOffsetMs(instant: number): number {
  zoneParts ??= new Intl.DateTimeFormat("en-US", {
    timeZone: LA_TIME_ZONE, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
  });
  const parts = zoneParts.formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** Los Angeles's midnights by day, worked out once each: pages show the same few days again and again. */
const midnights = new Map<number, number>();
const MIDNIGHTS_KEPT = 1_000;

/** Midnight in Los Angeles of the day that starts at `utcMidnight` in UTC. */
function laMidnight(utcMidnight: number): number {
  let midnight = midnights.get(utcMidnight);
  if (midnight === undefined) {
    midnight = laMidnightOf(utcMidnight);
    if (midnights.size >= MIDNIGHTS_KEPT) midnights.delete(midnights.keys().next().value as number);
    midnights.set(utcMidnight, midnight);
  }
  return midnight;
}

function laMidnightOf(utcMidnight: number): number {
  try {
    // the offset a few hours into the day: a daylight-saving change happens at 2 am, after midnight
    const offset = laOffsetMs(utcMidnight + DATE_ONLY_SHIFT_MS);
    return Number.isFinite(offset) ? utcMidnight - offset : utcMidnight + DATE_ONLY_SHIFT_MS;
  } catch {
    return utcMidnight + DATE_ONLY_SHIFT_MS;
  }
}

/** The instant to display: parsed; a value without a time part is midnight of its day in Los Angeles. */
export function displayInstant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  const time = dateOnly
    ? Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : Date.parse(MIDNIGHT_UTC.test(text) && !/(Z|[+-]00:?00)$/.test(text) ? `${text.replace(" ", "T")}Z` : text);
  if (Number.isNaN(time)) return null;
  return new Date(hasNoTimePart(text) ? laMidnight(time) : time);
}

function format(value: string | null | undefined, options: Intl.DateTimeFormatOptions, locale: string): string {
  const instant = displayInstant(value);
  if (!instant) return "";
  try {
    return dateTimeFormat(locale, { ...options, timeZone: LA_TIME_ZONE }).format(instant);
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
