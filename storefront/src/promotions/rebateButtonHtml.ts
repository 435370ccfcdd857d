import { element, escapeHtml } from "@/lib/html";
import styles from "./RebateModal.module.css";

export const rebateText = (count: number) => (count > 1 ? `${count} rebates available` : "Rebate available");

/** A tile's rebate button as the server draws it (disabled until hydrated), as markup. */
export function rebateButtonHtml(productName: string, count: number): string {
  return element("button", { type: "button", class: styles.trigger, "aria-haspopup": "dialog", disabled: "" },
    rebateText(count) + element("span", { class: "visually-hidden" }, `: ${escapeHtml(productName)}`));
}
