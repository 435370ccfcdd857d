import { dateTimeFormat, numberFormat } from "./intl";

/** Formatting shared by every area (spec 000 §9: dates in the Los Angeles time zone, en-US by default). */
export const DEFAULT_LOCALE = "en-US";
export const DEFAULT_TIME_ZONE = "America/Los_Angeles";

/** A config locale (en_US) as a BCP 47 tag (en-US). */
export const toLanguageTag = (locale: string | null | undefined) => (locale || DEFAULT_LOCALE).replace("_", "-");

/** Long month, 12-hour clock; falls back to the runtime's default string if Intl cannot format. */
export function formatDateTime(date: Date, locale = DEFAULT_LOCALE, timeZone = DEFAULT_TIME_ZONE): string {
  try {
    return dateTimeFormat(locale, {
      year: "numeric", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit",
      hour12: true, timeZone, timeZoneName: "short",
    }).format(date);
  } catch {
    return date.toString();
  }
}

/** A day with a long month ("November 19, 2026"); "" for an unusable date. */
export function formatDate(value: string | Date, locale = DEFAULT_LOCALE, timeZone = DEFAULT_TIME_ZONE): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  try {
    return dateTimeFormat(locale, { year: "numeric", month: "long", day: "numeric", timeZone }).format(date);
  } catch {
    return date.toDateString();
  }
}

/** Money from integer minor units, in the configured currency. */
export function formatMoney(minorUnits: number, currency = "USD", locale = DEFAULT_LOCALE): string {
  return numberFormat(locale, { style: "currency", currency }).format(minorUnits / 100);
}
