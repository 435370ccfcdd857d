/**
 * The compare list (spec 002 §4, §5, §9): product ids kept in the browser, at most four.
 * Pure functions so the rules are testable without a browser.
 */
export const COMPARE_MAX = 4;
export const COMPARE_STORAGE_KEY = "compare:products";

/** True when no further product may be added. */
export const isCompareFull = (ids: readonly string[]) => ids.length >= COMPARE_MAX;

/**
 * The list after adding `productId`: unchanged when the id is empty (adding without a product id
 * does nothing), already present, or the list is full.
 */
export function addToCompare(ids: readonly string[], productId: string | null | undefined): string[] {
  const id = (productId ?? "").trim();
  if (!id || ids.includes(id) || isCompareFull(ids)) return [...ids];
  return [...ids, id];
}

export const removeFromCompare = (ids: readonly string[], productId: string) => ids.filter((id) => id !== productId);

/** A stored list read back defensively: strings only, no duplicates, at most four. */
export function parseCompareList(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    let ids: string[] = [];
    for (const entry of value) if (typeof entry === "string" || typeof entry === "number") ids = addToCompare(ids, String(entry));
    return ids;
  } catch {
    return [];
  }
}
