/** Strings of the shipping estimate: spec 002 wording where it gives one, ours otherwise. */
export const UNKNOWN_ERROR = "Unknown error occurred.";
export const ESTIMATE_SHIPPING_HEADING = "Estimate shipping";
export const DELIVERY_ZIP_LABEL = "Delivery ZIP code";
export const ESTIMATE_LABEL = "Estimate";
