import { notFound, redirect } from "next/navigation";
import { DEFAULT_CATEGORY_KEY } from "@store/contract";
import { getCategories, getConfig } from "@/shell/data";
import { getSearchListing, getSpecialListing } from "./data";
import { defaultListingRequest } from "./page";
import { flagOn } from "./url";

/**
 * Checks that decide a listing route's HTTP status, run by the route's layout before anything of
 * the page is sent, so notFound() and redirect() answer 404 and 307. Listing routes have no
 * loading.tsx on purpose: a route-level Suspense boundary made the whole listing (and the LCP
 * picture) arrive hidden and be revealed by script at least 300 ms after the first paint.
 */

/** An unknown category url key (or id) is a 404. */
export async function guardCategory(key: string): Promise<void> {
  if (key === DEFAULT_CATEGORY_KEY) return;
  const categories = await getCategories();
  // an empty list means the list could not be loaded: leave the decision to the page
  if (categories.length > 0 && !categories.some((c) => c.url_key === key || c.entity_id === key)) notFound();
}

/** An unknown special catalogue (or, with special catalogues switched off, any) is a 404. */
export async function guardSpecial(attribute: string, value: string, promotion: boolean): Promise<void> {
  const config = await getConfig();
  if (!promotion && !flagOn(config.show_special_catalogs)) notFound();
  const req = defaultListingRequest(config);
  const outcome = await getSpecialListing(attribute, value, req.key, req.limit, promotion);
  if (!outcome.ok && outcome.notFound) notFound();
}

/** A search term with a configured redirect answers 307 to it. */
export async function guardSearch(term: string): Promise<void> {
  if (!term) redirect("/");
  const config = await getConfig();
  const req = defaultListingRequest(config);
  const outcome = await getSearchListing(term, req.key, req.limit);
  if (outcome.ok && outcome.data.redirect) redirect(outcome.data.redirect);
}
