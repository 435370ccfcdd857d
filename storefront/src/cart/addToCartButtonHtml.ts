import { element, escapeHtml } from "@/lib/html";
import styles from "./Cart.module.css";

export const ADD_TO_CART_LABEL = "Add to Cart";

/** A listing tile's add-to-cart button as the server draws it (disabled until hydrated), as markup. */
export function addToCartButtonHtml(productName: string): string {
  return element("div", { class: styles.tileAdd },
    element("button", { type: "button", class: "button button--primary", disabled: "", "aria-busy": "false" },
      ADD_TO_CART_LABEL + element("span", { class: "visually-hidden" }, ` ${escapeHtml(productName)}`)));
}
