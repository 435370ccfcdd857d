"use client";

import styles from "./WishlistButton.module.css";
import { useHydrated } from "@/lib/hydrated";
import { useWishlistEntry } from "./useWishlist";
import { HEART } from "./toggleButtonHtml";
import { WISHLIST_LABEL } from "./messages";

/**
 * Adds a product to or removes it from the wishlist: a toggle button (aria-pressed) that works for
 * guests (kept in the browser) and signed-in customers (kept on the server). Disabled until
 * hydrated: a click on the server's HTML would be lost.
 */
export default function WishlistButton({ productId, productName }: { productId: string; productName?: string }) {
  const { listed, busy, setListed } = useWishlistEntry(productId);
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={listed}
      aria-busy={busy || undefined}
      disabled={!productId || !hydrated}
      data-wishlist-toggle={productId}
      onClick={() => void setListed(productId, !listed)}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d={HEART}
          fill={listed ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
      <span>{WISHLIST_LABEL}</span>
      {productName ? <span className="visually-hidden">: {productName}</span> : null}
    </button>
  );
}
