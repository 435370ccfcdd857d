"use client";

import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import type { CatalogProduct } from "@store/contract";
import { clientGet } from "@/lib/client-api";
import { useAppDispatch } from "@/lib/store";
import ProductTile, { type TileOptions } from "./ProductTile";
import { fetchProductsFulfilled, fetchProductsPending, fetchProductsRejected } from "./state";
import styles from "./Listing.module.css";

/**
 * Endless scroll (config catalog_endless_page_scroll): the server renders the first page; when
 * the end of the list comes into view the next page is fetched through this origin and appended.
 * The 'Show more products' link to the next page stays for crawlers and as a fallback.
 */
export default function EndlessList({ children, apiPath, apiQuery, page, lastPage, nextHref, options, errorText, className }: {
  children: ReactNode;
  apiPath: string;
  /** the listing's api query without page */
  apiQuery: string;
  page: number;
  lastPage: number;
  nextHref: string | null;
  options: TileOptions;
  errorText: string;
  className: string;
}) {
  const dispatch = useAppDispatch();
  const [extra, setExtra] = useState<CatalogProduct[]>([]);
  const [loadedPage, setLoadedPage] = useState(page);
  const [status, setStatus] = useState<"idle" | "pending" | "rejected">("idle");
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);
  // the last page appended, read by the observer callback without waiting for a render
  const loadedRef = useRef(page);

  // a new listing (filters, sort) starts over
  useEffect(() => {
    setExtra([]);
    setLoadedPage(page);
    loadedRef.current = page;
    setStatus("idle");
  }, [apiPath, apiQuery, page]);

  const loadMore = useCallback(async () => {
    const next = loadedRef.current + 1;
    if (busy.current || next > lastPage) return;
    busy.current = true;
    setStatus("pending");
    dispatch(fetchProductsPending());
    try {
      const sep = apiQuery ? "&" : "";
      const answer = await clientGet<{ products?: CatalogProduct[] }>(`${apiPath}?${apiQuery}${sep}page=${next}`);
      loadedRef.current = next;
      setExtra((list) => {
        const seen = new Set(list.map((p) => p.entity_id));
        return [...list, ...(answer.products ?? []).filter((p) => !seen.has(p.entity_id))];
      });
      setLoadedPage(next);
      setStatus("idle");
      dispatch(fetchProductsFulfilled());
    } catch (error) {
      setStatus("rejected");
      dispatch(fetchProductsRejected(error instanceof Error ? error.message : String(error)));
    } finally {
      busy.current = false;
    }
  }, [apiPath, apiQuery, dispatch, lastPage]);

  useEffect(() => {
    const el = sentinel.current;
    if (!el || loadedPage >= lastPage || status === "rejected") return;
    // An observer acts only for the page it was armed after: its first "in view" entry can be
    // delivered after the next page has already landed (a fast answer, before React replaces the
    // observer), and would then fetch one page more than the shopper scrolled to.
    const armedFor = loadedPage;
    const observer = new IntersectionObserver((entries) => {
      if (loadedRef.current === armedFor && entries.some((e) => e.isIntersecting)) void loadMore();
    }, { rootMargin: "600px 0px" });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loadMore, loadedPage, lastPage, status]);

  const more = loadedPage < lastPage;
  return (
    <>
      <ul className={className} data-mode={options.layout}>
        {children}
        {extra.map((p) => (
          <li key={p.entity_id}><ProductTile product={p} options={options} /></li>
        ))}
      </ul>
      <div ref={sentinel} className={styles.endless} aria-live="polite">
        {status === "pending" && <p>Loading more products…</p>}
        {status === "rejected" && <p role="alert" className={styles.error}>{errorText}</p>}
        {more && nextHref && status !== "pending" && (
          <a href={nextHref} className="button button--secondary" onClick={(e) => { e.preventDefault(); setStatus("idle"); void loadMore(); }}>
            Show more products
          </a>
        )}
      </div>
    </>
  );
}
