/**
 * Intl formatters, each built once per locale and options. Building one costs tens of
 * microseconds (it loads the locale's data) where formatting with it costs well under one, and a
 * page formats hundreds of measures, prices and dates: building them per value was a few percent of
 * a product page's server render. A constructor that throws (an unknown locale or currency) keeps
 * nothing, so callers' fallbacks still run.
 */
const built = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
/** locales and options come from configuration and code, so few are ever used; the bound is a guard */
const LIMIT = 256;

function kept<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, build: () => T): T {
  const hit = built.get(key);
  if (hit) return hit as T;
  const formatter = build();
  if (built.size >= LIMIT) built.delete(built.keys().next().value as string);
  built.set(key, formatter);
  return formatter;
}

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  kept(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  kept(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
