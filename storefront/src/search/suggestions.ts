import type { AutocompleteResult } from "@store/contract";

// Spec 002 §9 (the contract's SUGGESTED_PRODUCTS / SUGGESTED_CATEGORIES); repeated here because
// this module runs in the browser, where importing values from the contract would ship zod.
export const SUGGESTED_PRODUCTS = 4;
export const SUGGESTED_CATEGORIES = 5;

/** How long typing must pause before suggestions are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;
/** Fewer characters than this ask for nothing. */
export const SUGGEST_MIN_CHARS = 2;

export type SuggestionOption =
  | { kind: "search"; id: string; label: string; href: string }
  | { kind: "category"; id: string; label: string; href: string; count: number }
  | { kind: "product"; id: string; label: string; href: string; image: string; price: string };

export const searchHref = (term: string) => `/search/${encodeURIComponent(term.trim())}`;

/**
 * The three suggestion groups (spec 002 §2, §9): searches, the top 5 categories by product count
 * and 4 products; each option carries where choosing it goes.
 */
export function suggestionGroups(answer: Pick<AutocompleteResult, "searches" | "categories" | "products">): {
  searches: SuggestionOption[]; categories: SuggestionOption[]; products: SuggestionOption[];
} {
  const searches = answer.searches.map((s, i): SuggestionOption => ({ kind: "search", id: `s${i}`, label: s.query, href: searchHref(s.query) }));
  const categories = [...answer.categories]
    .sort((a, b) => b.product_count - a.product_count)
    .slice(0, SUGGESTED_CATEGORIES)
    .map((c): SuggestionOption => ({ kind: "category", id: `c${c.entity_id}`, label: c.name, href: `/catalog/${encodeURIComponent(c.url_key)}`, count: c.product_count }));
  const products = answer.products.slice(0, SUGGESTED_PRODUCTS).map((p): SuggestionOption => ({
    kind: "product", id: `p${p.entity_id}`, label: p.name, href: `/product/${encodeURIComponent(p.url_key)}`, image: p.image_url, price: p.price.formatted,
  }));
  return { searches, categories, products };
}
