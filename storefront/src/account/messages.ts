import { ACCOUNT_ERRORS, UNKNOWN_ERROR } from "@store/contract/messages";

/** Spec 000 §8: the fallback of each account call when the server gave no message. */
export { ACCOUNT_ERRORS, UNKNOWN_ERROR };

export const SIGN_IN_TITLE = "Sign In";
export const CREATE_ACCOUNT_TITLE = "Create an Account";
export const ACCOUNT_PANEL_LABEL = "Account";
export const CLOSE_ACCOUNT_PANEL = "Close account panel";
export const SIGN_OUT_LABEL = "Sign Out";
export const MY_ACCOUNT_LABEL = "My Account";
export const PASSWORDS_DIFFER = "The password and its confirmation do not match.";
export const SIGN_IN_TO_CONTINUE = "Please sign in to see your account.";
export const NO_ORDERS = "You have placed no orders.";
export const NO_ADDRESSES = "You have no saved addresses yet.";
export const INVALID_PHONE = "Please enter a North American phone number: 10 digits, area code and exchange not starting with 0 or 1.";

/** What the strength meter says for each zxcvbn score (0 to 4). */
export const STRENGTH_LABELS = ["Very weak", "Weak", "Fair", "Strong", "Very strong"] as const;
export const passwordTooShort = (min: number) => `Please enter a password of at least ${min} characters.`;
export const greeting = (firstName: string) => `Hi, ${firstName}`;
