import i18next, { type TFunction, type i18n as I18n } from "i18next";
import { COMMON_EN } from "./common";
import { DEFAULT_NAMESPACE, NAMESPACES, SUPPORTED_LOCALES, UI_LANGUAGE } from "./locales";

/** Translation resources by language and namespace: only en is shipped, every other language falls back to it. */
export const RESOURCES: Record<string, Record<string, unknown>> = { [UI_LANGUAGE]: { [DEFAULT_NAMESPACE]: COMMON_EN } };

/** The resources a language has of a namespace: its own (none but en's today); null for an unknown language or namespace. */
export function resourcesOf(language: string, namespace: string): Record<string, unknown> | null {
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(language) || !(NAMESPACES as readonly string[]).includes(namespace)) return null;
  const own = RESOURCES[language]?.[namespace];
  return (own as Record<string, unknown> | undefined) ?? {};
}

const instances = new Map<string, Promise<I18n>>();

/** An i18next instance for a locale (common namespace, falling back to en), made once per locale. */
export function i18nFor(locale: string): Promise<I18n> {
  const lng = (SUPPORTED_LOCALES as readonly string[]).includes(locale) ? locale : UI_LANGUAGE;
  let hit = instances.get(lng);
  if (!hit) {
    const instance = i18next.createInstance();
    hit = instance.init({
      lng,
      fallbackLng: UI_LANGUAGE,
      supportedLngs: [...SUPPORTED_LOCALES],
      nonExplicitSupportedLngs: false,
      ns: [...NAMESPACES],
      defaultNS: DEFAULT_NAMESPACE,
      resources: RESOURCES as Record<string, Record<string, Record<string, unknown>>>,
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
    }).then(() => instance);
    instances.set(lng, hit);
  }
  return hit;
}

/** The translate function of a locale's instance. */
export async function translator(locale: string): Promise<TFunction> {
  return (await i18nFor(locale)).t;
}
