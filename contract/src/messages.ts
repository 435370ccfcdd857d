/**
 * Texts shared by both sides that browser code needs. Kept free of zod: a value imported from the
 * contract's index brings every schema (and zod) into the browser bundle, and zod's probe for
 * `new Function` is a Content-Security-Policy violation there.
 */

/** Spec 002 §8 "Unknown": what an unexpected failure says, in the api's 500 answer and wherever the storefront has nothing better. */
export const UNKNOWN_ERROR = "Unknown error occurred.";

/** Spec 000 §8: what the storefront shows when an account call fails without a server message. */
export const ACCOUNT_ERRORS = {
  session: "An error occurred while retrieving your session.",
  signIn: "Sorry, an unknown error was encountered.  Please try logging in again.",
  createAccount: "Sorry, an unknown error was encountered.  Please try creating your account again.",
  updateAccount: "Sorry, an unknown error was encountered.  Please try updating account again.",
  addressUpdate: "Sorry, an unknown error occurred updating the address.  Please try again.",
  addressDelete: "Sorry, an unknown error was encountered.  Please try deleting address again.",
  addressCreate: "Sorry, an unknown error occurred creating the address.  Please try again.",
  passwordReset: "An unknown error occurred while resetting the password, please contact site owner.",
} as const;

/** Spec 001 §9 default labels, and the ones it leaves to us. */
export const CART_TOTAL_TITLES = {
  subtotal: "Subtotal",
  discount: "Discount",
  fee: "Additional Fees",
  shipping: "Shipping/Delivery & Handling",
  tax: "Tax",
  grand_total: "Grand Total",
} as const;
