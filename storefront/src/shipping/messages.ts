/** Strings of the shipping estimate (its failure text is the shared UNKNOWN_ERROR of spec 002 §8). */
export const ESTIMATE_SHIPPING_HEADING = "Estimate shipping";
export const DELIVERY_ZIP_LABEL = "Delivery ZIP code";
export const ESTIMATE_LABEL = "Estimate";
