import Link from "next/link";
import type { CatalogFilter } from "@store/contract";
import { activeChips } from "./facets";
import { clearFilters, listingHref, setFilter, toggleValue, type ListingState } from "./url";
import styles from "./Listing.module.css";

/** Active filters as removable chips with 'Clear all'. */
export default function ActiveFilters({ path, state, filters, currency, locale }: {
  path: string; state: ListingState; filters: CatalogFilter[]; currency: string; locale: string;
}) {
  const chips = activeChips(state, filters, currency, locale);
  if (chips.length === 0) return null;
  return (
    <div className={styles.chips}>
      <h2 className="visually-hidden">Active filters</h2>
      <ul>
        {chips.map((chip) => {
          const next = chip.value === null ? setFilter(state, chip.attribute, null) : toggleValue(state, chip.attribute, chip.value);
          return (
            <li key={`${chip.attribute}:${chip.value ?? "range"}`}>
              <Link href={listingHref(path, next)} className={styles.chip} scroll={false} prefetch={false} aria-label={`Remove filter ${chip.label}: ${chip.text}`}>
                <span className={styles.chipLabel}>{chip.label}:</span> {chip.text}
                <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" /></svg>
              </Link>
            </li>
          );
        })}
        <li>
          <Link href={listingHref(path, clearFilters(state))} className={styles.clearAll} scroll={false} prefetch={false}>Clear all</Link>
        </li>
      </ul>
    </div>
  );
}

