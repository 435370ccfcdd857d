/**
 * User-facing strings of the cart and checkout (spec 001 §8, verbatim; "occured" and the double
 * space are the spec's). Card texts come from the contract so the api and the form say the same.
 */
export {
  CARD_TYPE_NOT_ACCEPTED, CARD_TYPE_NUMBER_MISMATCH, CARD_INVALID_CVN_LENGTH, CARD_EXPIRED, PAYMENT_DECLINED, PAYMENT_UNKNOWN_ERROR,
} from "@store/contract/payment";

export const PLACE_ORDER_ERROR = "An error occurred while processing your order. If the issue persists, please contact support for assistance.";
export const DATABASE_ERROR = "Database error";
export const HEARTLAND_TOKEN_MISSING = "heartland token missing";
export const EMAIL_CART_ERROR = "An error occurred while sending email.";
export const APPLE_PAY_VALIDATION_ERROR = "An error occurred while validating merchant.";
export const KATAPULT_BACKEND_ERROR = "An error occurred from the Katapult application backend.";
export const KATAPULT_UNEXPECTED_ERROR = "An unexpected error occurred with Katapult checkout process.";
export const FAIRSTONE_INITIATE_ERROR = "An error occurred with initiating Fairstone checkout.";
export const TDBANK_ERROR = "Oops, something wrong happened on our end.  Please try again or contact us if you continue to see this error.";
export const CART_INFO_ERROR = "An error occurred while retrieving cart info.";
export const COUPON_ERROR = "Failed to add coupon code";
/** spec 001 §8 add-on or remove unknown errors (not the contract's UNKNOWN_ERROR, spec 002's "Unknown error occurred.") */
export const CART_UNKNOWN_ERROR = "An unknown error occurred";
export const ADD_TO_CART_ERROR = "failure in addProductToCart";
export const INVALID_ADDON = "Invalid addon or mainProductId";
export const INVALID_ADDON_REMOVAL = "Invalid addon, cart, or main product ID";

/** Ours, for what the spec leaves unworded. */
export const ADDED_TO_CART = "Added to your cart";
export const EMPTY_CART = "Your cart is empty.";
export const EMAIL_CART_SENT = "The cart was sent.";
export const cartReminderText = (count: number) => `You have ${count} ${count === 1 ? "item" : "items"} in your cart`;
