import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { MAX_SEARCH_TERM, type SearchResult } from "@store/contract";
import JsonLd from "@/cms/JsonLd";
import { getConfig } from "@/shell/data";
import { getSearchListing } from "@/catalog/data";
import ListingView from "@/catalog/ListingView";
import { EMPTY_SEARCH, SEARCH_FETCH_ERROR } from "@/catalog/messages";
import { listingMetadata, listingRequest, redirectAfterAnswer, redirectToCanonical } from "@/catalog/page";
import type { SearchParamsInput } from "@/catalog/url";
import SearchLogger from "./SearchLogger";
import ZeroResults from "./ZeroResults";
import { CLOSE_MATCHES, NO_RESULTS_FOR, SHOWING_RESULTS_FOR } from "./messages";
import styles from "@/catalog/CatalogPage.module.css";

export const searchPath = (term: string) => `/search/${encodeURIComponent(term)}`;

/** The search term of a path segment: decoded, trimmed, at most 100 characters; "" when unusable. */
export function searchTerm(segment: string): string {
  let term = segment;
  try { term = decodeURIComponent(segment); } catch { /* keep as is */ }
  return term.replace(/\s+/g, " ").trim().slice(0, MAX_SEARCH_TERM);
}

export async function searchMetadata(term: string, searchParams: SearchParamsInput): Promise<Metadata> {
  const config = await getConfig();
  const req = listingRequest(searchParams, config);
  return listingMetadata(config, { title: `Search results for "${term}"`, path: searchPath(term), page: req.state.page, noindex: true });
}

/** /search/{term}: results with facets, or the configured redirect for the term. */
export default async function SearchRoute({ term, searchParams }: { term: string; searchParams: SearchParamsInput }) {
  if (!term) redirect("/");
  const config = await getConfig();
  const req = listingRequest(searchParams, config);
  const path = searchPath(term);
  redirectToCanonical(path, searchParams, req.state);
  const outcome = await getSearchListing(term, req.key, req.limit);
  const data: SearchResult | null = outcome.ok ? outcome.data : null;
  if (data?.redirect) redirect(data.redirect);
  if (data) redirectAfterAnswer(path, req.state, outcome.state, data.product_count, req.limit, config);

  return (
    <>
      {data && <JsonLd data={data.structured_data} />}
      {data && <SearchLogger query={term} resultSize={data.product_count} />}
      <header className={styles.header}>
        <h1 className={styles.title}>Search results for &ldquo;{term}&rdquo;</h1>
        {data?.corrected_term && data.product_count > 0 ? (
          <p className={styles.subtitle} data-corrected-term={data.corrected_term}>
            {SHOWING_RESULTS_FOR} &ldquo;<strong>{data.corrected_term}</strong>&rdquo;. {NO_RESULTS_FOR} &ldquo;{term}&rdquo;.
          </p>
        ) : data?.fuzzy && data.product_count > 0 ? (
          <p className={styles.subtitle}>{CLOSE_MATCHES}</p>
        ) : null}
      </header>
      {data?.zero_results && data.product_count === 0 ? (
        <ZeroResults term={term} zero={data.zero_results} config={config} />
      ) : (
        <ListingView
          path={path}
          apiPath={`/search/${encodeURIComponent(term)}`}
          state={outcome.state}
          data={data}
          config={config}
          mode={req.mode}
          limit={req.limit}
          errorText={SEARCH_FETCH_ERROR}
          emptyText={EMPTY_SEARCH(term)}
        />
      )}
    </>
  );
}
