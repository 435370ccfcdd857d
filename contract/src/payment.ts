import { z } from "zod";
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

/** What the card form sends (spec 001 §3 "Card payment input"). */
export const cardPaymentInput = z.object({
  cc_type: z.string().trim().toUpperCase().max(10),
  cc_number: z.string().trim().max(40),
  cc_cid: z.string().trim().max(10),
  cc_exp_month: z.coerce.number().int(),
  cc_exp_year: z.coerce.number().int(),
});
export type CardPaymentInput = z.input<typeof cardPaymentInput>;

export interface CardCheckOptions {
  /** the types this gateway takes; a type outside it is 'not accepted' even when it matches */
  accepted?: readonly CardTypeCode[];
  /** today, for the expiry check (tests pin it) */
  now?: Date;
}

/**
 * Spec 001 §5, in the spec's order: the chosen type must be the one the number shows (and one
 * the gateway takes), the number must be valid, the security code must have the type's length;
 * then the expiry must not be past. Answers the text to show, or null when the card passes.
 */
export function checkCard(input: CardPaymentInput, options: CardCheckOptions = {}): string | null {
  const parsed = cardPaymentInput.safeParse(input);
  if (!parsed.success) return CARD_TYPE_NUMBER_MISMATCH;
  const card = parsed.data;
  const detected = detectCardType(card.cc_number);
  const accepted = options.accepted ?? cardTypeCodes;
  if (detected === null || detected !== card.cc_type || !accepted.includes(detected)) return CARD_TYPE_NOT_ACCEPTED;
  if (!cardNumberValid(card.cc_number)) return CARD_TYPE_NUMBER_MISMATCH;
  if (!new RegExp(`^\\d{${cvnLength(detected)}}$`).test(card.cc_cid)) return CARD_INVALID_CVN_LENGTH;
  const now = options.now ?? new Date();
  const year = card.cc_exp_year < 100 ? 2000 + card.cc_exp_year : card.cc_exp_year;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const expiry = year * 12 + (card.cc_exp_month - 1);
  if (card.cc_exp_month < 1 || card.cc_exp_month > 12 || expiry < thisMonth || year > now.getUTCFullYear() + 20) return CARD_EXPIRED;
  return null;
}

/** What may be stored or shown about a card: never the whole number nor the security code. */
export const cardPublicData = z.object({
  cc_type: z.string(),
  cc_last_four: z.string(),
  cc_exp_month: z.number(),
  cc_exp_year: z.number(),
});
export type CardPublicData = z.infer<typeof cardPublicData>;

export function cardPublic(input: CardPaymentInput): CardPublicData {
  const card = cardPaymentInput.parse(input);
  const digits = normaliseCardNumber(card.cc_number);
  return {
    cc_type: card.cc_type,
    cc_last_four: digits.slice(-4),
    cc_exp_month: card.cc_exp_month,
    cc_exp_year: card.cc_exp_year < 100 ? 2000 + card.cc_exp_year : card.cc_exp_year,
  };
}
