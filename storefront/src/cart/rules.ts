import {
  CARD_INVALID_CVN_LENGTH, CARD_TYPE_NOT_ACCEPTED, CARD_TYPE_NUMBER_MISMATCH, CARD_EXPIRED, cardNumberValid, cvnLength, detectCardType,
  type CardTypeCode,
} from "@store/contract/payment";
import { DATABASE_ERROR, HEARTLAND_TOKEN_MISSING, PLACE_ORDER_ERROR } from "./messages";

/** Pure rules of spec 001 §4 and §5, so the slice, the pages and the tests share one reading. */

/** Spec 001 §3 "Card gateways": methods paid with the card form. */
export const CARD_GATEWAYS = [
  "paypal_direct", "authorizenet", "authorizenet_api", "hps_securesubmit", "cybersource_soap", "cardknox", "paytrace", "hiecor", "nmicreditcard",
] as const;
export const isCardMethod = (code: string) => (CARD_GATEWAYS as readonly string[]).includes(code);

/** Methods that may place an order without a chosen payment (§5: Zibby, Katapult, Acima, freedompay). */
const NO_PAYMENT_NEEDED = new Set(["cognical_zibby_loan", "katapult_payment_loan", "acimacheckout", "freedompay"]);

export interface AddressLike {
  firstname?: string | null;
  telephone?: string | null;
  email?: string | null;
  validation_errors?: readonly unknown[] | null;
  formatted_text?: string | null;
}

/** §5: billing needs telephone, firstname and email and no validation errors. */
export const billingValid = (a: AddressLike | null | undefined): boolean =>
  !!a && !!a.telephone?.trim() && !!a.firstname?.trim() && !!a.email?.trim() && (a.validation_errors?.length ?? 0) === 0;

/** §5: shipping needs firstname and no validation errors. */
export const shippingValid = (a: AddressLike | null | undefined): boolean =>
  !!a && !!a.firstname?.trim() && (a.validation_errors?.length ?? 0) === 0;

/** §5: a billing postcode with a dash at the 7th character keeps only the part before the dash. */
export const billingPostcode = (postcode: string): string => (postcode.charAt(6) === "-" ? postcode.slice(0, 6) : postcode);

/** §5: addresses count as different only when neither formatted text is empty. */
export const addressesDiffer = (shippingText: string | null | undefined, billingText: string | null | undefined): boolean =>
  !!shippingText && !!billingText && shippingText !== billingText;

/** §5: a billing update is accepted when the server returns an empty validation_errors list. */
export const addressAccepted = (answer: { validation_errors?: readonly unknown[] | null }): boolean =>
  Array.isArray(answer.validation_errors) && answer.validation_errors.length === 0;

/** §5 "Other rules": the email is saved only when non-empty. */
export const shouldSaveEmail = (email: string | null | undefined): boolean => !!email && email.trim() !== "";

/** The reCAPTCHA challenge guards guest checkout when enabled for a form list containing guest_checkout (§6, §9). */
export const recaptchaRequired = (enabled: boolean, forms: string): boolean =>
  enabled && forms.split(",").map((f) => f.trim()).includes("guest_checkout");

/** The checkout shows the challenge to a guest only, and only when the store has a site key to show it with. */
export const checkoutNeedsCaptcha = (p: { signedIn: boolean; siteKey: string; enabled: boolean; forms: string }): boolean =>
  !p.signedIn && p.siteKey !== "" && recaptchaRequired(p.enabled, p.forms);

export interface PlaceOrderInput {
  /** the method the shopper selected ("" when none) */
  selectedMethod: string;
  /** the payment chosen for the order ("" when none, or reset since) */
  paymentMethod: string;
  shippingMethod: string | null | undefined;
  email: string | null | undefined;
  sameAsBilling: boolean;
  shippingText: string | null | undefined;
  billingText: string | null | undefined;
  recaptchaRequired: boolean;
  recaptchaToken: string | null | undefined;
}

/**
 * §5 "Place-order disabled when", read as written: the last shipping rule keeps a shopper who said
 * "ship elsewhere" from placing with a shipping address that is still a copy of the billing one.
 */
export function placeOrderDisabled(p: PlaceOrderInput): boolean {
  if (!p.paymentMethod && !NO_PAYMENT_NEEDED.has(p.selectedMethod)) return true;
  if (!p.shippingMethod) return true;
  if ((p.email ?? "").length < 3) return true;
  if (!p.sameAsBilling && !!p.shippingText && p.shippingText === p.billingText) return true;
  if (p.recaptchaRequired && !p.recaptchaToken) return true;
  return false;
}

/** What choosing a payment method does (§4 "Choosing a payment method"), as steps the caller runs in order. */
export interface PaymentChoicePlan {
  skip: boolean;
  fetchAffirmInfo: boolean;
  saveToServer: boolean;
  after: "place_order" | "provider_checkout_info" | "freedompay_redirect" | "nothing" | "refresh_cart";
  resetCard: boolean;
}
const SAVED_FIRST = new Set(["paypal_standard", "acimacheckout", "affirm", "katapult_payment_loan", "moneris", "synchronyunifi"]);

export function planPaymentChoice(code: string, current: { methodsLoading: boolean; selected: string; resetPending: boolean }): PaymentChoicePlan {
  const skip = current.methodsLoading || (current.selected === code && !current.resetPending);
  const after: PaymentChoicePlan["after"] =
    code === "acimacheckout" || code === "paypal_standard" ? "place_order"
      : code === "katapult_payment_loan" || code === "cognical_zibby_loan" ? "provider_checkout_info"
        : code === "freedompay" ? "freedompay_redirect"
          : code === "paypal_express" ? "nothing"
            : "refresh_cart";
  return { skip, fetchAffirmInfo: code === "affirm", saveToServer: SAVED_FIRST.has(code), after, resetCard: isCardMethod(code) };
}

/** Where a placed order takes the shopper (§4 "Placing an order"): a page, the provider, or nowhere. */
export function afterPlaceOrder(method: string, status: string | null | undefined): "stay" | "provider" | "/checkout/confirmation" | "/checkout/success" {
  if (method === "acimacheckout") return "stay";
  if (method === "paypal_standard") return "provider";
  if (method === "checkmo" && status === "suspicious") return "/checkout/confirmation";
  return "/checkout/success";
}

/** §8 place-order failure: the errors map's arrays and messages.error, SQLSTATE hidden, else the default text. */
export function placeOrderErrorTexts(body: unknown): string[] {
  const found: string[] = [];
  const b = (body && typeof body === "object" ? body : {}) as { errors?: unknown; messages?: { error?: unknown } };
  if (b.errors && typeof b.errors === "object") {
    for (const value of Object.values(b.errors as Record<string, unknown>)) {
      if (Array.isArray(value)) for (const v of value) if (typeof v === "string" && v) found.push(v);
    }
  }
  const list = b.messages?.error;
  for (const entry of Array.isArray(list) ? list : list === undefined ? [] : [list]) {
    const text = typeof entry === "string" ? entry : entry && typeof entry === "object" ? (entry as { message?: unknown }).message : undefined;
    if (typeof text === "string" && text) found.push(text);
  }
  if (found.length === 0) return [PLACE_ORDER_ERROR];
  return found.map((t) => (t.includes("SQLSTATE") ? DATABASE_ERROR : t));
}

export interface CardCheckInput { cc_type: string; cc_number: string; cc_cid: string; cc_exp_month: string | number; cc_exp_year: string | number }

/**
 * §5 card checks before saving, in the spec's order, from the contract's pure pieces (the api runs
 * the same ones). hps_securesubmit also needs its gateway token.
 */
export function cardProblem(method: string, card: CardCheckInput, options: { token?: string | null; now?: Date; accepted?: readonly CardTypeCode[] } = {}): string | null {
  const detected = detectCardType(card.cc_number);
  if (detected === null || detected !== card.cc_type || (options.accepted && !options.accepted.includes(detected))) return CARD_TYPE_NOT_ACCEPTED;
  if (!cardNumberValid(card.cc_number)) return CARD_TYPE_NUMBER_MISMATCH;
  if (!new RegExp(`^\\d{${cvnLength(detected)}}$`).test(card.cc_cid.trim())) return CARD_INVALID_CVN_LENGTH;
  const month = Number(card.cc_exp_month);
  const rawYear = Number(card.cc_exp_year);
  const year = rawYear < 100 ? 2000 + rawYear : rawYear;
  const now = options.now ?? new Date();
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)
    || year * 12 + month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth()) return CARD_EXPIRED;
  if (method === "hps_securesubmit" && !options.token) return HEARTLAND_TOKEN_MISSING;
  return null;
}
