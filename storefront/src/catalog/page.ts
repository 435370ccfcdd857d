import type { Metadata } from "next";
import { redirect } from "next/navigation";
import type { SiteConfig } from "@store/contract";
import { baseUrl, fullTitle, hreflangAlternates, siteNoIndex } from "@/shell/metadata";
import {
  displayMode, flagOn, listingHref, needsCanonicalRedirect, pageLimit, pageRedirect, parseListingParams, toQueryString,
  withPage, type DisplayMode, type ListingState, type SearchParamsInput,
} from "./url";

/** The listing state, display mode and page size of a request. */
export interface ListingRequest {
  state: ListingState;
  mode: DisplayMode;
  limit: number;
  /** the state as JSON (the cache key of the data calls) */
  key: string;
}

export function listingRequest(searchParams: SearchParamsInput, config: SiteConfig): ListingRequest {
  const state = parseListingParams(searchParams);
  const mode = displayMode(state, config.catalog_frontend_list_mode);
  const limit = pageLimit(state, mode, config);
  return { state, mode, limit, key: JSON.stringify(state) };
}

/** The request of a listing URL without a query: the cache key a layout shares with the page in the common case. */
export const defaultListingRequest = (config: SiteConfig) => listingRequest({}, config);

/** A plain form's query (repeats, range inputs, sort, page=1) moves to the canonical listing URL. */
export function redirectToCanonical(path: string, searchParams: SearchParamsInput, state: ListingState): void {
  if (needsCanonicalRedirect(searchParams)) redirect(listingHref(path, state));
}

/**
 * After the listing answered: a page past the end moves to the last page (not in endless-scroll
 * mode), and filters the api dropped leave the URL.
 */
export function redirectAfterAnswer(path: string, requested: ListingState, answered: ListingState, productCount: number, limit: number, config: SiteConfig): void {
  const target = pageRedirect(answered.page, productCount, limit, flagOn(config.catalog_endless_page_scroll));
  const next = target !== null ? withPage(answered, target) : answered;
  if (toQueryString(next) !== toQueryString(requested)) redirect(listingHref(path, next));
}

/** Metadata of a listing page: full title, description, canonical (page kept, filters not), JSON-LD elsewhere. */
export function listingMetadata(config: SiteConfig, input: {
  title: string; description?: string; keywords?: string; path: string; page: number; noindex?: boolean;
}): Metadata {
  const base = baseUrl(config);
  const canonical = input.page > 1 ? `${input.path}?page=${input.page}` : input.path;
  const title = fullTitle(config, input.title);
  return {
    title: { absolute: title },
    description: input.description || config.description || undefined,
    keywords: input.keywords || undefined,
    // a robots key, even undefined, would replace the layout's site-wide noindex
    ...(input.noindex || siteNoIndex(config) ? { robots: { index: false, follow: !siteNoIndex(config) } } : {}),
    alternates: { canonical: base ? canonical : undefined, languages: hreflangAlternates(config, input.path) },
    openGraph: { title, url: base ? canonical : undefined, siteName: config.name, type: "website" },
  };
}

/** Text of editor HTML (for a meta description made from a category description). */
export function plainText(html: string, max = 160): string {
  const text = html.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
    .replace(/&#0*39;/g, "'").replace(/&amp;/g, "&").replace(/&[a-z]+;/gi, " ").replace(/\s+/g, " ").trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
