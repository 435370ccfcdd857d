/**
 * Texts shared by both sides that browser code needs. Kept free of zod: a value imported from the
 * contract's index brings every schema (and zod) into the browser bundle, and zod's probe for
 * `new Function` is a Content-Security-Policy violation there.
 */

/** Spec 002 §8 "Unknown": what an unexpected failure says, in the api's 500 answer and wherever the storefront has nothing better. */
export const UNKNOWN_ERROR = "Unknown error occurred.";
