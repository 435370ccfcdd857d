"use client";

import { useAppDispatch } from "@/lib/store";
import { openRebateModal } from "@/catalog/state";
import { useHydrated } from "@/lib/hydrated";
import { rebateText } from "./rebateButtonHtml";
import styles from "./RebateModal.module.css";

/**
 * Opens the rebate modal for a product that carries promotions. Disabled until hydrated, as the
 * tile's other buttons: the server writes them as markup that the live ones replace, so a click on
 * it before then would be lost.
 */
export default function RebateButton({ productId, productName, count }: { productId: string; productName: string; count: number }) {
  const dispatch = useAppDispatch();
  const hydrated = useHydrated();
  return (
    <button type="button" className={styles.trigger} aria-haspopup="dialog" disabled={!hydrated} onClick={() => dispatch(openRebateModal(productId))}>
      {rebateText(count)}
      <span className="visually-hidden">: {productName}</span>
    </button>
  );
}
