import Link from "next/link";
import { listingHref, type DisplayMode, type ListingState } from "./url";
import styles from "./Listing.module.css";

/** Grid/list toggle: links (the mode is in the URL); a mode change starts at page 1 with that mode's page size. */
export default function ModeToggle({ path, state, mode }: { path: string; state: ListingState; mode: DisplayMode }) {
  const href = (m: DisplayMode) => listingHref(path, { ...state, mode: m, limit: undefined, page: 1 });
  return (
    <div className={styles.modeToggle} role="group" aria-label="View products as">
      <Link href={href("grid")} className={styles.modeLink} aria-current={mode === "grid" ? "true" : undefined} scroll={false} prefetch={false}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 3h8v8H3zm10 0h8v8h-8zM3 13h8v8H3zm10 0h8v8h-8z" /></svg>
        <span>Grid</span>
      </Link>
      <Link href={href("list")} className={styles.modeLink} aria-current={mode === "list" ? "true" : undefined} scroll={false} prefetch={false}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 4h4v4H3zm6 0h12v4H9zM3 10h4v4H3zm6 0h12v4H9zm-6 6h4v4H3zm6 0h12v4H9z" /></svg>
        <span>List</span>
      </Link>
    </div>
  );
}
