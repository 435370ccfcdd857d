import { element } from "@/lib/html";
import { toggleButtonHtml } from "@/wishlist/toggleButtonHtml";
import { COMPARE_LABEL } from "./messages";

/** A tile's compare button as the server draws it (not listed, disabled until hydrated), as markup. */
export const compareButtonHtml = (productId: string, productName: string) => toggleButtonHtml("data-compare-toggle", productId,
  element("rect", { x: "3", y: "3", width: "18", height: "18", rx: "2", fill: "none", stroke: "currentColor", "stroke-width": "2" }, ""), COMPARE_LABEL, productName);
