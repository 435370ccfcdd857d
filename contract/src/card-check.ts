// The whole-card check the api runs on PUT /cart/payment and POST /cart/place (zod: server only).
import { z } from "zod";
import {
  CARD_EXPIRED, CARD_INVALID_CVN_LENGTH, CARD_TYPE_NOT_ACCEPTED, CARD_TYPE_NUMBER_MISMATCH,
  cardNumberValid, cardTypeCodes, cvnLength, detectCardType, normaliseCardNumber, type CardTypeCode,
} from "./payment";

/** The card fields a shopper sends (spec 001 §3 "Card payment input"). */
export const cardPaymentInput = z.object({
  cc_type: z.string().trim().toUpperCase().max(10),
  cc_number: z.string().trim().max(40),
  cc_cid: z.string().trim().max(10),
  cc_exp_month: z.coerce.number().int(),
  cc_exp_year: z.coerce.number().int(),
});

/** What may be kept and shown of a card: type, last four and expiry, never the number or the code. */
export const cardPublicData = z.object({
  cc_type: z.string(),
  cc_last_four: z.string(),
  cc_exp_month: z.number(),
  cc_exp_year: z.number(),
});

/** What the card form sends (spec 001 §3 "Card payment input"). */
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
