import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { checkCard, cardPaymentInput, cardPublic, normaliseCardNumber, type CardTypeCode } from "@store/contract";
import type { PaymentsConfig } from "../config";
import { WebhookSignatureError, type Amount, type Outcome, type PaymentContext, type PaymentProvider, type PaymentStatus, type ProviderEvent } from "../provider";
import { httpRequest } from "@store/contract/http-request";

// ---------------------------------------------------------------------------------------------
// The card gateway under spec code `authorizenet`: a client of the subset of Authorize.net's JSON
// API that we use (createTransactionRequest, getTransactionDetailsRequest, signed webhooks).
// The same protocol is spoken by the sandbox server in ../sandbox for the demo and the tests.

export type TransactionType = "authOnlyTransaction" | "authCaptureTransaction" | "priorAuthCaptureTransaction" | "voidTransaction";

export interface MerchantAuthentication {
  name: string;
  transactionKey: string;
}

export interface CreateTransactionRequest {
  createTransactionRequest: {
    merchantAuthentication: MerchantAuthentication;
    /** our idempotency key: the gateway answers a repeated refId with its first answer */
    refId?: string;
    transactionRequest: {
      transactionType: TransactionType;
      /** decimal string, e.g. "12.34" */
      amount?: string;
      currencyCode?: string;
      payment?: { creditCard: { cardNumber: string; expirationDate: string; cardCode: string } };
      refTransId?: string;
      order?: { invoiceNumber?: string };
    };
  };
}

export interface GetTransactionDetailsRequest {
  getTransactionDetailsRequest: { merchantAuthentication: MerchantAuthentication; transId: string };
}

export interface ApiMessages {
  resultCode: "Ok" | "Error";
  message: { code: string; text: string }[];
}

/** responseCode: 1 approved, 2 declined, 3 error, 4 held for review */
export interface TransactionResponse {
  responseCode: "1" | "2" | "3" | "4";
  authCode?: string;
  transId: string;
  refTransID?: string;
  accountNumber?: string;
  accountType?: string;
  messages?: { code: string; description: string }[];
  errors?: { errorCode: string; errorText: string }[];
}

export interface CreateTransactionResponse {
  refId?: string;
  messages: ApiMessages;
  transactionResponse?: TransactionResponse;
}

/** authorizedPendingCapture, capturedPendingSettlement, settledSuccessfully, voided, declined, FDSPendingReview, … */
export interface GetTransactionDetailsResponse {
  messages: ApiMessages;
  transaction?: { transId: string; transactionStatus: string; authAmount?: number; settleAmount?: number };
}

/** A webhook notification (Authorize.net's shape), signed in X-ANET-Signature: sha512=<HMAC hex>. */
export interface WebhookNotification {
  notificationId: string;
  eventType: string;
  eventDate: string;
  webhookId?: string;
  payload: { responseCode?: number; authAmount?: number; entityName: string; id: string };
}

export const SIGNATURE_HEADER = "x-anet-signature";

/** The webhook signature for a raw body: sha512=HEX (upper case, as Authorize.net sends it). */
export function signWebhook(rawBody: string, signatureKey: string): string {
  return `sha512=${createHmac("sha512", signatureKey).update(rawBody).digest("hex").toUpperCase()}`;
}

/** Card types this gateway takes (Authorize.net's list, minus what it does not settle in USD/CAD). */
export const AUTHORIZENET_CARD_TYPES: readonly CardTypeCode[] = ["VI", "MC", "AE", "DI", "JCB", "DN"];

const WEBHOOK_STATUS: Record<string, PaymentStatus> = {
  "net.authorize.payment.authorization.created": "authorized",
  "net.authorize.payment.authcapture.created": "captured",
  "net.authorize.payment.capture.created": "captured",
  "net.authorize.payment.priorAuthCapture.created": "captured",
  "net.authorize.payment.void.created": "voided",
  "net.authorize.payment.fraud.declined": "declined",
  "net.authorize.payment.fraud.held": "pending",
};

const TRANSACTION_STATUS: Record<string, PaymentStatus> = {
  authorizedPendingCapture: "authorized",
  capturedPendingSettlement: "captured",
  settledSuccessfully: "captured",
  voided: "voided",
  declined: "declined",
  FDSPendingReview: "pending",
  FDSAuthorizedPendingReview: "pending",
  generalError: "error",
};

/** Our idempotency key as a refId (the protocol allows 20 characters): a digest, so long keys never collide by prefix. */
export const gatewayRefId = (key: string): string => createHash("sha256").update(key).digest("base64url").slice(0, 20);

/** "12.34" from 1234 minor units (the gateway takes two-decimal currencies only). */
export const toDecimal = (minor: number): string => (minor / 100).toFixed(2);

export class AuthorizeNetProvider implements PaymentProvider {
  readonly code = "authorizenet";
  readonly title = "Credit Card";
  readonly kind = "card" as const;

  constructor(private readonly config: PaymentsConfig["card"]) {}

  isEligible(input: { amount: number; currency: string }): boolean {
    return input.amount > 0 && ["USD", "CAD"].includes(input.currency.toUpperCase());
  }

  validate(data: Record<string, unknown>): string | null {
    return checkCard(data as never, { accepted: AUTHORIZENET_CARD_TYPES });
  }

  publicData(data: Record<string, unknown>): Record<string, unknown> {
    return cardPublic(data as never);
  }

  private get auth(): MerchantAuthentication {
    return { name: this.config.login, transactionKey: this.config.transactionKey };
  }

  /** One call to the gateway. Any failure to get a well-formed answer is thrown (the caller says 'error'). */
  private async call<T>(body: object): Promise<T> {
    const response = await httpRequest(this.config.url, {
      method: "POST",
      body: JSON.stringify(body),
      headers: { "content-type": "application/json", accept: "application/json" },
      timeoutMs: this.config.timeoutMs,
    });
    if (response.status < 200 || response.status > 299) throw new Error(`card gateway answered HTTP ${response.status}`);
    // Authorize.net prefixes its JSON with a byte-order mark
    return JSON.parse(response.text.replace(/^\uFEFF/, "")) as T;
  }

  private async transaction(request: CreateTransactionRequest["createTransactionRequest"]["transactionRequest"], refId: string, approved: PaymentStatus): Promise<Outcome> {
    let answer: CreateTransactionResponse;
    try {
      answer = await this.call<CreateTransactionResponse>({
        createTransactionRequest: { merchantAuthentication: this.auth, refId: gatewayRefId(refId), transactionRequest: request },
      } satisfies CreateTransactionRequest);
    } catch (error) {
      return { status: "error", message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
    }
    const tr = answer.transactionResponse;
    const words = tr?.errors?.[0]?.errorText ?? tr?.messages?.[0]?.description ?? answer.messages?.message?.[0]?.text;
    if (!tr) return { status: "error", message: words ?? "no transaction in the answer" };
    const reference = tr.transId && tr.transId !== "0" ? tr.transId : undefined;
    const data = tr.accountNumber ? { account_number: tr.accountNumber, account_type: tr.accountType, auth_code: tr.authCode } : undefined;
    switch (tr.responseCode) {
      case "1": return { status: approved, reference, message: words, data };
      case "2": return { status: "declined", reference, message: words };
      case "4": return { status: "pending", reference, message: words, data };
      default: return { status: "error", reference, message: words };
    }
  }

  async authorize(context: PaymentContext & { idempotencyKey: string }): Promise<Outcome> {
    const card = cardPaymentInput.parse(context.data);
    const year = card.cc_exp_year < 100 ? 2000 + card.cc_exp_year : card.cc_exp_year;
    const capture = this.config.captureOnAuthorize;
    return this.transaction({
      transactionType: capture ? "authCaptureTransaction" : "authOnlyTransaction",
      amount: toDecimal(context.amount),
      currencyCode: context.currency.toUpperCase(),
      payment: {
        creditCard: {
          cardNumber: normaliseCardNumber(card.cc_number),
          expirationDate: `${year}-${String(card.cc_exp_month).padStart(2, "0")}`,
          cardCode: card.cc_cid,
        },
      },
      order: { invoiceNumber: context.orderRef.slice(0, 20) },
    }, context.idempotencyKey, capture ? "captured" : "authorized");
  }

  async capture(reference: string, money: Amount, idempotencyKey: string): Promise<Outcome> {
    return this.transaction({ transactionType: "priorAuthCaptureTransaction", amount: toDecimal(money.amount), refTransId: reference }, idempotencyKey, "captured");
  }

  async void(reference: string, idempotencyKey: string): Promise<Outcome> {
    return this.transaction({ transactionType: "voidTransaction", refTransId: reference }, idempotencyKey, "voided");
  }

  async status(reference: string): Promise<Outcome> {
    try {
      const answer = await this.call<GetTransactionDetailsResponse>({
        getTransactionDetailsRequest: { merchantAuthentication: this.auth, transId: reference },
      } satisfies GetTransactionDetailsRequest);
      const status = answer.transaction ? TRANSACTION_STATUS[answer.transaction.transactionStatus] : undefined;
      return status ? { status, reference } : { status: "error", reference, message: answer.messages?.message?.[0]?.text };
    } catch (error) {
      return { status: "error", reference, message: error instanceof Error ? error.message : String(error) };
    }
  }

  parseWebhook(headers: Record<string, string | string[] | undefined>, rawBody: string): ProviderEvent | null {
    const given = headers[SIGNATURE_HEADER];
    const expected = signWebhook(rawBody, this.config.signatureKey);
    if (typeof given !== "string" || given.length !== expected.length
      || !timingSafeEqual(Buffer.from(given.toUpperCase().replace(/^SHA512=/, "sha512=")), Buffer.from(expected))) {
      throw new WebhookSignatureError("Invalid webhook signature.");
    }
    let note: WebhookNotification;
    try {
      note = JSON.parse(rawBody) as WebhookNotification;
    } catch {
      return null;
    }
    const status = WEBHOOK_STATUS[note.eventType]
      // a held transaction the merchant approved is authorized (or captured, if it was auth+capture)
      ?? (note.eventType === "net.authorize.payment.fraud.approved" ? (this.config.captureOnAuthorize ? "captured" : "authorized") : undefined);
    if (!status || note.payload?.entityName !== "transaction" || !note.payload.id) return null;
    return {
      eventId: String(note.notificationId),
      reference: String(note.payload.id),
      status,
      amount: typeof note.payload.authAmount === "number" ? Math.round(note.payload.authAmount * 100) : undefined,
      data: { event_type: note.eventType },
    };
  }
}
