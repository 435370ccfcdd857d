/**
 * The one interface every payment method code implements (one module per code under providers/),
 * after Medusa's AbstractPaymentProvider (authorize / capture / void / status / webhook parsing),
 * Saleor's transaction events (every step is an event) and Spree's payment sessions (initiate).
 * Money is always integer minor units with an ISO currency code.
 */

export type PaymentKind = "offline" | "card" | "redirect" | "financing";

/** Where a payment stands after a step. */
export type PaymentStatus = "authorized" | "captured" | "pending" | "requires_action" | "declined" | "error" | "voided";

export interface Amount {
  /** minor units (cents) */
  amount: number;
  currency: string;
}

export interface EligibilityInput extends Amount {
  /** the shipping country (two letters), when known */
  country?: string;
}

export interface PaymentContext extends Amount {
  /** the cart or order this payment belongs to */
  orderRef: string;
  /** what the shopper sent for the method (card fields, tokens…) */
  data: Record<string, unknown>;
  billingCountry?: string;
  shippingCountry?: string;
}

export interface Outcome {
  status: PaymentStatus;
  /** the provider's id for the transaction (needed for capture, void, status, webhooks) */
  reference?: string;
  /** requires_action: where to send the shopper */
  redirectUrl?: string;
  /** the provider's words, for the record (the shopper sees the spec's texts) */
  message?: string;
  /** checkmo: the order must be held for review; the place-order answer says 'suspicious' */
  suspicious?: boolean;
  /** what may be kept and shown with the order (bank-transfer instructions, card last four…) */
  data?: Record<string, unknown>;
}

/** A webhook as every provider's is normalised. */
export interface ProviderEvent {
  /** the provider's id for this notification (for the record) */
  eventId: string;
  reference: string;
  status: PaymentStatus;
  amount?: number;
  data?: Record<string, unknown>;
}

/** A webhook whose signature is missing or wrong: answered 401, never processed. */
export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly code: string;
  readonly title: string;
  readonly kind: PaymentKind;
  /** may the shopper choose this method for this amount, currency and shipping country? */
  isEligible(input: EligibilityInput): boolean;
  /** the checks before saving the method (spec 001 §5): the text to show, or null */
  validate(data: Record<string, unknown>): string | null;
  /** what may be stored and shown: never a whole card number nor a security code */
  publicData(data: Record<string, unknown>): Record<string, unknown>;
  /** a session or a redirect before the order is placed (methods that need one) */
  initiate?(context: PaymentContext): Promise<Outcome>;
  authorize(context: PaymentContext & { idempotencyKey: string }): Promise<Outcome>;
  capture(reference: string, money: Amount, idempotencyKey: string): Promise<Outcome>;
  void(reference: string, idempotencyKey: string): Promise<Outcome>;
  status(reference: string): Promise<Outcome>;
  /** a normalised event, null for a notification we do not act on; throws WebhookSignatureError */
  parseWebhook?(headers: Record<string, string | string[] | undefined>, rawBody: string): ProviderEvent | null;
}
