/**
 * Where the language switcher leads (spec 000 §3 header state: availableLocales,
 * languageSwitcherUrlOverrides). The default locale (en-US) lives at the bare path, every other
 * locale under its own prefix (/fr-CA/…); a configured override (locale, url_key) wins for its locale.
 */
export const DEFAULT_LOCALE = "en-US";

export interface LanguageLink {
  locale: string;
  href: string;
  current: boolean;
}

const norm = (locale: string) => locale.trim().replace("_", "-");

/** The path without a leading locale segment of the listed locales. */
export function stripLocale(pathname: string, locales: readonly string[]): string {
  const [, first = "", ...rest] = pathname.split("/");
  const known = locales.map((l) => norm(l).toLowerCase());
  if (known.includes(first.toLowerCase())) return `/${rest.join("/")}`;
  return pathname || "/";
}

export function languageLinks(
  pathname: string,
  locales: readonly string[],
  current: string,
  overrides: readonly { locale: string; url_key: string }[] = [],
): LanguageLink[] {
  const base = stripLocale(pathname, locales);
  const here = norm(current).toLowerCase();
  return locales.map(norm).map((locale) => {
    const override = overrides.find((o) => norm(o.locale).toLowerCase() === locale.toLowerCase());
    const href = override ? override.url_key : locale === DEFAULT_LOCALE ? base : `/${locale}${base === "/" ? "" : base}`;
    return { locale, href, current: locale.toLowerCase() === here };
  });
}
