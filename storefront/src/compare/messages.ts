import { COMPARE_MAX } from "./compareList";

/** Strings of the compare area. */
export const COMPARE_LABEL = "Compare";
export const COMPARE_FULL_LABEL = `Compare list full (${COMPARE_MAX})`;
export const COMPARE_EMPTY = "There are no products to compare yet.";
