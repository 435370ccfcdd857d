import { element, escapeHtml } from "@/lib/html";
import { WISHLIST_LABEL } from "./messages";
import styles from "./WishlistButton.module.css";

export const HEART = "M12 21s-7.5-4.6-9.5-9.3C1.2 8.6 3.3 5 6.8 5c2 0 3.5 1.1 4.2 2.4h2C13.7 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.7C19.5 16.4 12 21 12 21z";

/**
 * A list toggle (wishlist, compare) as the server draws it, as markup: not pressed, disabled until
 * hydrated, its icon (markup), its label and the product's name for screen readers.
 */
export function toggleButtonHtml(dataAttribute: string, productId: string, icon: string, label: string, productName: string): string {
  return element("button", { type: "button", class: styles.toggle, "aria-pressed": "false", disabled: "", [dataAttribute]: productId },
    element("svg", { class: styles.icon, viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, icon)
    + element("span", {}, label) + (productName ? element("span", { class: "visually-hidden" }, `: ${escapeHtml(productName)}`) : ""));
}

/** The wishlist button as the server draws it, as markup. */
export const wishlistButtonHtml = (productId: string, productName: string) => toggleButtonHtml("data-wishlist-toggle", productId,
  element("path", { d: HEART, fill: "none", stroke: "currentColor", "stroke-width": "2" }, ""), WISHLIST_LABEL, productName);
