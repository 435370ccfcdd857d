"use client";

import Link from "next/link";
import { useCompare } from "@/compare/useCompare";
import { COMPARE_LABEL } from "@/compare/messages";
import { useWishlist } from "@/wishlist/useWishlist";
import { WISHLIST_LABEL } from "@/wishlist/messages";
import { itemCountText } from "./headerText";
import styles from "./Header.module.css";

/**
 * Header entries of the wishlist and the compare list with their counts (read in the browser:
 * guests' lists live there). The visible label and count are the link's whole accessible name,
 * e.g. "Wishlist 2 items".
 */
function ListLink({ href, label, count, loaded, icon, testId }: { href: string; label: string; count: number; loaded: boolean; icon: React.ReactNode; testId: string }) {
  return (
    <Link href={href} className={styles.listLink} prefetch={false} data-testid={testId}>
      {icon}
      <span className={styles.listLabel}>{label}</span>
      <span className={styles.badge} data-testid={`${testId}-count`} data-loaded={loaded || undefined}>
        {count}
        <span className="visually-hidden">{` ${itemCountText(count)}`}</span>
      </span>
    </Link>
  );
}

export function WishlistLink() {
  const { items, status } = useWishlist();
  return (
    <ListLink
      href="/wishlist" label={WISHLIST_LABEL} count={items.length} loaded={status === "fulfilled" || status === "rejected"} testId="header-wishlist"
      icon={<svg className={styles.listIcon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 21.35 10.55 20C5.4 15.36 2 12.28 2 8.5A5.4 5.4 0 0 1 7.5 3c1.74 0 3.41.81 4.5 2.09A6 6 0 0 1 16.5 3 5.4 5.4 0 0 1 22 8.5c0 3.78-3.4 6.86-8.55 11.54z" /></svg>}
    />
  );
}

export function CompareLink() {
  const { ids, loaded } = useCompare();
  return (
    <ListLink
      href="/compare" label={COMPARE_LABEL} count={ids.length} loaded={loaded} testId="header-compare"
      icon={<svg className={styles.listIcon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false"><path fill="currentColor" d="M10 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h5v2h2V1h-2zm0 15H5l5-6zm9-15h-5v2h5v13l-5-6v9h5a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2z" /></svg>}
    />
  );
}
