"use client";

import { useAppDispatch } from "@/lib/store";
import { openRebateModal } from "@/catalog/state";
import { element, escapeHtml } from "@/lib/html";
import styles from "./RebateModal.module.css";

const rebateText = (count: number) => (count > 1 ? `${count} rebates available` : "Rebate available");

/** The button as the server draws it, as markup. */
export function rebateButtonHtml(productName: string, count: number): string {
  return element("button", { type: "button", class: styles.trigger, "aria-haspopup": "dialog" },
    rebateText(count) + element("span", { class: "visually-hidden" }, `: ${escapeHtml(productName)}`));
}

/** Opens the rebate modal for a product that carries promotions. */
export default function RebateButton({ productId, productName, count }: { productId: string; productName: string; count: number }) {
  const dispatch = useAppDispatch();
  return (
    <button type="button" className={styles.trigger} aria-haspopup="dialog" onClick={() => dispatch(openRebateModal(productId))}>
      {rebateText(count)}
      <span className="visually-hidden">: {productName}</span>
    </button>
  );
}
