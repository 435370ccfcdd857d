import { cache } from "react";
import type { CategoryPage, PosmProducts, SearchResult, SpecialCatalog } from "@store/contract";
import { POSM_ATTRIBUTE, POSM_LIMIT } from "@store/contract";
import { ApiError, apiGet, pathParam } from "@/lib/api";
import { POSM_FETCH_ERROR } from "./messages";
import { toApiParams, type ListingState } from "./url";

/**
 * Server-side data calls of the catalogue area. Each is memoised for one request (React `cache`,
 * keyed by primitive arguments) so generateMetadata and the page share one answer.
 */

export type ListingOutcome<T> =
  | { ok: true; data: T; state: ListingState }
  | { ok: false; notFound: boolean; error: string; state: ListingState };

/** Attributes the api answered with a 400 about, so the page can drop them and ask again. */
function repairState(state: ListingState, sent: string[], message: string): ListingState | null {
  const unknown = /Unknown filter attribute '([^']+)'/.exec(message);
  if (unknown) return { ...state, filters: state.filters.filter((f) => f.attribute !== unknown[1]) };
  const indexed = /^filter\[(\d+)\]/.exec(message);
  if (indexed && sent[Number(indexed[1])] !== undefined) {
    const attribute = sent[Number(indexed[1])];
    return { ...state, filters: state.filters.filter((f) => f.attribute !== attribute) };
  }
  if (/sort order/i.test(message) && state.order) return { ...state, order: undefined, dir: undefined };
  if (/\bdir\b/.test(message) && state.dir) return { ...state, dir: undefined };
  if (/\bpage\b/.test(message) && state.page > 1) return { ...state, page: 1 };
  return null;
}

/**
 * GET a listing with the state's filters. A filter, sort or page the api rejects as bad input
 * (an unknown attribute in a shared link, say) is dropped and the listing asked for again, so a
 * stale URL still shows products; the returned state is the one that was answered.
 */
async function fetchListing<T>(path: string, state: ListingState, limit: number, embed: string): Promise<ListingOutcome<T>> {
  let current = state;
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const params = toApiParams(current, { limit });
    params.set("embed", embed);
    const sent = [...params.entries()].filter(([k]) => /^filter\[\d+\]\[attribute\]$/.test(k)).map(([, v]) => v);
    try {
      const data = await apiGet<T>(`${path}?${params.toString()}`);
      return { ok: true, data, state: current };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        const repaired = repairState(current, sent, error.message);
        if (repaired) { current = repaired; continue; }
      }
      const notFound = error instanceof ApiError && error.status === 404;
      if (!notFound) console.error(`listing ${path} could not be loaded:`, error);
      return { ok: false, notFound, error: error instanceof Error ? error.message : String(error), state: current };
    }
  }
  return { ok: false, notFound: false, error: "too many rejected filters", state: current };
}

// the cached entry points take the state as JSON so React's cache can key them
const parse = (json: string) => JSON.parse(json) as ListingState;

export const categoryPath = (key: string) => `/categories/${pathParam(key)}`;

export const getCategoryListing = cache((key: string, stateJson: string, limit: number) =>
  fetchListing<CategoryPage>(categoryPath(key), parse(stateJson), limit, "products,blocks"));

export const specialPath = (attribute: string, value: string) => `/dynamic-category/${pathParam(attribute)}/${pathParam(value)}`;

export const getSpecialListing = cache((attribute: string, value: string, stateJson: string, limit: number, promotion: boolean) =>
  fetchListing<SpecialCatalog>(specialPath(attribute, value), parse(stateJson), limit, promotion ? "products,promotions,blocks" : "products,blocks"));

/** A listing's (categoryPath, specialPath) first products in the state's order, as the browser asks for them (a carousel's later sets). */
export function listingProductsCall(path: string, state: ListingState, limit: number): string {
  const params = toApiParams(state, { limit });
  params.set("embed", "products");
  return `${path}?${params.toString()}`;
}

/** The api call for a search term's answer, on the server and in the browser (its zero-results carousel's later set). */
export const searchCall = (term: string) => `/search/${pathParam(term)}`;

export const getSearchListing = cache((term: string, stateJson: string, limit: number) =>
  fetchListing<SearchResult>(searchCall(term), parse(stateJson), limit, "products"));

/** The api call for one point-of-sale marketing set's products (spec 002 §7), on the server and in the browser. */
export const posmCall = (values: string) => `${specialPath(POSM_ATTRIBUTE, values)}/products?embed=images&limit=${POSM_LIMIT}&dir=asc`;

/** Point-of-sale marketing products for one set; a failure is logged and yields null (carousel hidden). */
export const getPosmProducts = cache(async (values: string): Promise<PosmProducts | null> => {
  try {
    return await apiGet<PosmProducts>(posmCall(values));
  } catch (error) {
    console.error(POSM_FETCH_ERROR, error);
    return null;
  }
});
