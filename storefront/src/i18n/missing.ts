import { NAMESPACES, SUPPORTED_LOCALES } from "./locales";

/** Limits of one report of missing keys (i18next's saveMissing posts {key: fallback value}). */
export const MAX_KEYS = 100;
const MAX_KEY_LENGTH = 200;
const MAX_VALUE_LENGTH = 2000;
/** Keys reported so far, each logged once; bounded so reports cannot grow the process. */
const MAX_REMEMBERED = 5000;
const reported = new Set<string>();

export type MissingOutcome = { status: 204; logged: string[] } | { status: 400 | 404; message: string };

/**
 * POST /locales/add/{language}/{namespace} (spec 000 §7, the add path for missing keys): a
 * translator's to-do list. Each new key is logged once ("Missing translation key …"); nothing is
 * stored as a translation: the shipped files are the source of truth.
 */
export function reportMissing(language: string, namespace: string, body: unknown, log: (line: string) => void = console.warn): MissingOutcome {
  if (!(SUPPORTED_LOCALES as readonly string[]).includes(language) || !(NAMESPACES as readonly string[]).includes(namespace)) {
    return { status: 404, message: "No such translation file." };
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return { status: 400, message: "Send a JSON object of missing keys and their fallback values." };
  const entries = Object.entries(body as Record<string, unknown>);
  if (entries.length === 0 || entries.length > MAX_KEYS) return { status: 400, message: `Send 1 to ${MAX_KEYS} keys.` };
  for (const [key, value] of entries) {
    if (!key || key.length > MAX_KEY_LENGTH || /[\u0000-\u001f]/.test(key) || (typeof value !== "string" && value !== null) || (typeof value === "string" && value.length > MAX_VALUE_LENGTH)) {
      return { status: 400, message: "Each key is 1 to 200 printable characters with a string value." };
    }
  }
  const logged: string[] = [];
  for (const [key] of entries) {
    const id = `${language}|${namespace}|${key}`;
    if (reported.has(id)) continue;
    if (reported.size >= MAX_REMEMBERED) reported.clear();
    reported.add(id);
    logged.push(key);
    log(`Missing translation key ${JSON.stringify(key)} (${language}/${namespace})`);
  }
  return { status: 204, logged };
}
