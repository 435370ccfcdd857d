"use client";

import styles from "@/wishlist/WishlistButton.module.css";
import { useHydrated } from "@/lib/hydrated";
import { useCompareEntry } from "./useCompare";
import { COMPARE_FULL_LABEL, COMPARE_LABEL } from "./messages";

/**
 * Adds a product to or removes it from the compare list: a toggle button (aria-pressed). When
 * the list holds four other products it says so and is disabled. Disabled until hydrated, as every
 * button whose action needs script: a click on the server's HTML would be lost.
 */
export default function CompareButton({ productId, productName }: { productId: string; productName?: string }) {
  const { listed, full, add, remove } = useCompareEntry(productId);
  const hydrated = useHydrated();
  const blocked = full && !listed;
  return (
    <button
      type="button"
      className={styles.toggle}
      aria-pressed={listed}
      disabled={blocked || !productId || !hydrated}
      data-compare-toggle={productId}
      onClick={() => (listed ? remove() : add())}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="3" y="3" width="18" height="18" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
        {listed ? <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" /> : null}
      </svg>
      <span>{blocked ? COMPARE_FULL_LABEL : COMPARE_LABEL}</span>
      {productName ? <span className="visually-hidden">: {productName}</span> : null}
    </button>
  );
}
