import Link from "next/link";
import { listingHref, withPage, type ListingState } from "./url";
import styles from "./Listing.module.css";

/** Page numbers around the current page, with gaps (null) where pages are skipped. */
export function pageWindow(current: number, last: number, radius = 1): (number | null)[] {
  const pages = new Set<number>([1, last]);
  for (let p = current - radius; p <= current + radius; p += 1) if (p >= 1 && p <= last) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** Crawlable page links (spec 002 §2: page 1 has no page parameter). */
export default function Pagination({ path, state, page, last }: { path: string; state: ListingState; page: number; last: number }) {
  if (last <= 1) return null;
  const href = (p: number) => listingHref(path, withPage(state, p));
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <ul>
        <li>
          {page > 1 ? (
            <Link href={href(page - 1)} rel="prev" className={styles.pageStep} prefetch={false}>
              <span aria-hidden="true">‹ </span>Previous<span className="visually-hidden"> page</span>
            </Link>
          ) : null}
        </li>
        {pageWindow(page, last).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} className={styles.pageGap} aria-hidden="true">…</li>
          ) : (
            <li key={p}>
              <Link
                href={href(p)}
                className={styles.pageLink}
                aria-current={p === page ? "page" : undefined}
                aria-label={`Page ${p}`}
                prefetch={false}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < last ? (
            <Link href={href(page + 1)} rel="next" className={styles.pageStep} prefetch={false}>
              Next<span className="visually-hidden"> page</span><span aria-hidden="true"> ›</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
