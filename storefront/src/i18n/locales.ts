import type { SiteConfig } from "@store/contract";

/**
 * Locales of the shell (spec 000 §1, §2, §9): the identifiers the product knows, en-US by default;
 * only en is shipped as a UI language. Zod-free: browser code may import it.
 */
export const SUPPORTED_LOCALES = ["en", "fr", "en-US", "en-CA", "fr-CA"] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];
export const DEFAULT_LOCALE: SupportedLocale = "en-US";
/** The one UI language shipped, and its translation namespace. */
export const UI_LANGUAGE = "en";
export const DEFAULT_NAMESPACE = "common";
export const NAMESPACES = [DEFAULT_NAMESPACE] as const;

export const isSupportedLocale = (value: string): value is SupportedLocale => (SUPPORTED_LOCALES as readonly string[]).includes(value);

/** A config locale (en_US) as the shell writes it (en-US). */
export const localeTag = (value: string) => value.trim().replace(/_/g, "-");

/** The locales the store configures (config.locales[].locale), as tags, each once. */
export function configuredLocales(config: Pick<SiteConfig, "locales">): string[] {
  const tags = (Array.isArray(config.locales) ? config.locales : []).map((l) => (l && typeof l.locale === "string" ? localeTag(l.locale) : "")).filter(Boolean);
  return [...new Set(tags)];
}

/**
 * The rule of spec 000 §2: the unsupported-locale page is shown when the locale is not en-US and
 * is not among the configured locales, or when only one locale is configured and it is not en-US
 * (the store's one locale is not the UI language shipped).
 */
export function isUnsupportedLocale(locale: string, configured: readonly string[]): boolean {
  if (configured.length === 1 && configured[0] !== DEFAULT_LOCALE) return true;
  return locale !== DEFAULT_LOCALE && !configured.includes(locale);
}

/** The line the unsupported-locale page logs (spec 000 §2). */
export const unsupportedLocaleLog = (locale: string) => `Locale ${locale} is not supported.`;
