// No zod here: the storefront's browser code imports these texts and checks, and zod in a client
// bundle breaks the pages' Content-Security-Policy (it probes eval). The server's whole-card check
// and schemas are in card-check.ts.
import cardValidator from "card-validator";
import luhn10 from "card-validator/dist/luhn-10.js";

// ---------------------------------------------------------------------------------------------
// payment texts and card checks (spec 001 §3 card payment input, §5 card checks, §8 texts)
//
// Pure functions, so the api (PUT /cart/payment, POST /cart/place) and the storefront's card form
// run the same checks and show the same words.

export const CARD_TYPE_NOT_ACCEPTED = "Credit card type not accepted";
export const CARD_TYPE_NUMBER_MISMATCH = "Credit card type/number mismatch.";
export const CARD_INVALID_CVN_LENGTH = "Invalid CVN length.";
/** Not in the spec: the text a card with a past (or impossible) expiry gets. */
export const CARD_EXPIRED = "Incorrect credit card expiration date.";
/** A gateway declined: the shopper keeps the cart and may try again (spec 001 §8, Fairstone / NMI). */
export const PAYMENT_DECLINED = "Unfortunately, we weren't able to process the payment.";
/** The gateway failed or answered nonsense (spec 001 §8; "occured" is spelled as the spec has it). */
export const PAYMENT_UNKNOWN_ERROR = "An unknown error occured while processing payment, please try submitting payment again.";

/** The spec's card type codes (AE for Amex) and the detector's names for them. */
export const CARD_TYPE_CODES = {
  VI: "visa",
  MC: "mastercard",
  AE: "american-express",
  DI: "discover",
  JCB: "jcb",
  DN: "diners-club",
  UN: "unionpay",
  MI: "maestro",
} as const;
export type CardTypeCode = keyof typeof CARD_TYPE_CODES;
export const cardTypeCodes = Object.keys(CARD_TYPE_CODES) as CardTypeCode[];

/** Digits only: shoppers type spaces and dashes between the groups. */
export const normaliseCardNumber = (number: string): string => number.replace(/[\s-]/g, "");

/** The type a whole card number belongs to, or null when it is none we know (or ambiguous). */
export function detectCardType(number: string): CardTypeCode | null {
  const digits = normaliseCardNumber(number);
  if (!/^\d{12,19}$/.test(digits)) return null;
  const card = cardValidator.number(digits).card;
  if (!card) return null;
  const code = cardTypeCodes.find((c) => CARD_TYPE_CODES[c] === card.type);
  return code ?? null;
}

/** The mod-10 check every card number carries in its last digit. */
export function luhnValid(number: string): boolean {
  const digits = normaliseCardNumber(number);
  return /^\d+$/.test(digits) && luhn10(digits);
}

/** A number of a known type, of a length that type issues, passing the mod-10 check. */
export function cardNumberValid(number: string): boolean {
  const digits = normaliseCardNumber(number);
  return /^\d{12,19}$/.test(digits) && cardValidator.number(digits, { luhnValidateUnionPay: true }).isValid && luhnValid(digits);
}

/** Security code length: 4 digits for AE, 3 for every other type (spec 001 §9). */
export const cvnLength = (type: string): number => (type === "AE" ? 4 : 3);
