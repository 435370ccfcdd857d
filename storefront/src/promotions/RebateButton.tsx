"use client";

import { useAppDispatch } from "@/lib/store";
import { openRebateModal } from "@/catalog/state";
import { element, escapeHtml } from "@/lib/html";
import { useHydrated } from "@/lib/hydrated";
import styles from "./RebateModal.module.css";

const rebateText = (count: number) => (count > 1 ? `${count} rebates available` : "Rebate available");

/** The button as the server draws it (disabled until hydrated), as markup. */
export function rebateButtonHtml(productName: string, count: number): string {
  return element("button", { type: "button", class: styles.trigger, "aria-haspopup": "dialog", disabled: "" },
    rebateText(count) + element("span", { class: "visually-hidden" }, `: ${escapeHtml(productName)}`));
}

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
