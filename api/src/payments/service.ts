import { createHash } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { PAYMENT_DECLINED, PAYMENT_UNKNOWN_ERROR } from "@store/contract";
import type { Db } from "../db/client";
import { paymentEvents } from "../db/schema";
import { BuiltOnce } from "../db/built-once";
import { HttpError } from "../http/errors";
import { WebhookSignatureError, type Amount, type EligibilityInput, type Outcome, type PaymentKind, type PaymentStatus } from "./provider";
import type { PaymentRegistry } from "./registry";
import type { Unawaited } from "../db/unawaited";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type PaymentStep = "validate" | "initiate" | "authorize" | "capture" | "void" | "status" | "webhook" | "finalize";

export interface AuthorizeInput extends Amount {
  orderRef: string;
  method: string;
  data: Record<string, unknown>;
  /**
   * One key per attempt to pay: a repeat with the same key (a double click, a retried request)
   * gets the first answer and is never charged twice. Derive it from what the shopper pays with
   * (see attemptKey), so a retry with another card after a decline is a new attempt.
   */
  idempotencyKey: string;
  billingCountry?: string;
  shippingCountry?: string;
  /** the order was written by this very call: no earlier attempt can have an answer to look up */
  firstAttempt?: boolean;
}

export interface PaymentResult extends Outcome {
  method: string;
  /** what the shopper is told when the payment did not go through (spec 001 §8) */
  shopperMessage?: string;
}

/** A payment's new state, from a webhook or a redirect return, on its way to the order. */
export interface FinalizeEvent {
  orderRef: string;
  method: string;
  reference: string;
  status: PaymentStatus;
  amount?: number;
  source: "webhook" | "return";
  data?: Record<string, unknown>;
}

/** How the order code applies a finalized payment: inside the transaction that records it. */
export type ApplyToOrder = (tx: Tx, event: FinalizeEvent) => Promise<void>;

/** the payment events' insert, built once (see BuiltOnce) */
const statements = new BuiltOnce();

type EventRow = {
  orderRef: string; method: string; step: PaymentStep; status: string; amount?: number; currency?: string;
  idempotencyKey?: string; providerReference?: string; data?: Record<string, unknown>;
};

/** An authorization checked and ready to send. */
type Attempt = { input: AuthorizeInput; base: Omit<EventRow, "step" | "status">; shown: Record<string, unknown>; requested: EventRow };

const shopperMessage = (status: PaymentStatus): string | undefined =>
  status === "declined" ? PAYMENT_DECLINED : status === "error" ? PAYMENT_UNKNOWN_ERROR : undefined;

/**
 * An idempotency key for one attempt to pay: the same cart, amount and payment details give the
 * same key (a double click is one charge); another card after a decline gives a new one. Built
 * from what may be shown of the payment data, never from a whole card number.
 */
export function attemptKey(orderRef: string, money: Amount, shown: Record<string, unknown>): string {
  const sorted = Object.keys(shown).sort().map((k) => [k, shown[k]]);
  return createHash("sha256").update(JSON.stringify([orderRef, money.amount, money.currency, sorted])).digest("base64url").slice(0, 32);
}

/**
 * Payments for the order code. Every call to a provider happens here, outside any database
 * transaction (callers must not hold one open either), with an event recorded before and after.
 */
export class PaymentService {
  private readonly finalizers: ApplyToOrder[] = [];

  constructor(private readonly db: Db, readonly registry: PaymentRegistry) {}

  /** The methods a shopper may choose for this amount and shipping country. */
  methods(input: EligibilityInput): { code: string; title: string; kind: PaymentKind }[] {
    return this.registry.all().filter((p) => p.isEligible(input)).map(({ code, title, kind }) => ({ code, title, kind }));
  }

  /**
   * The checks before saving a method on the cart (PUT /cart/payment) and again on place:
   * the spec's text when the data is refused, else what may be stored and shown.
   */
  validate(method: string, data: Record<string, unknown>): { message: string | null; data: Record<string, unknown> } {
    const provider = this.registry.get(method);
    const message = provider.validate(data);
    return { message, data: message ? {} : provider.publicData(data) };
  }

  /** The events of one cart or order, oldest first (for the order page, support, tests). */
  async events(orderRef: string) {
    return this.db.select().from(paymentEvents).where(eq(paymentEvents.orderRef, orderRef)).orderBy(paymentEvents.id);
  }

  /** Events in one statement, oldest first (`db`: the caller's transaction, when it has one). */
  private async record(rows: EventRow | EventRow[], db: Db = this.db) {
    await statements.insert(db, paymentEvents, (Array.isArray(rows) ? rows : [rows]).map((row) => ({ ...row, data: row.data ?? {} })));
  }

  private outcomeData(outcome: Outcome): Record<string, unknown> {
    return {
      ...(outcome.data ?? {}),
      ...(outcome.message ? { message: outcome.message } : {}),
      ...(outcome.redirectUrl ? { redirect_url: outcome.redirectUrl } : {}),
      ...(outcome.suspicious !== undefined ? { suspicious: outcome.suspicious } : {}),
    };
  }

  /**
   * Authorize (or sale, per the gateway's setting) the amount with the method. Bad card data is a
   * 400 with the spec's text; a decline or a failure is an outcome, not an exception, so the
   * order code can keep the cart and let the shopper try again.
   *
   * `within`: the caller's open transaction, allowed only for an offline method (no outside party:
   * its answer is decided here). Its events are then written with the order, request and answer in
   * one statement, and a refusal rolls them back with the rest.
   */
  async authorize(input: AuthorizeInput, within?: Tx, unawaited?: Unawaited): Promise<PaymentResult> {
    if (within && this.registry.get(input.method).kind !== "offline") {
      throw new Error(`payment method ${input.method} calls a provider: authorize it outside any transaction`);
    }
    const db = (within as unknown as Db | undefined) ?? this.db;
    const done = input.firstAttempt ? undefined : await this.earlierAnswer(input, db);
    if (done) return done;
    const attempt = await this.check(input, db, { recordRequest: !within });
    const { result, answered } = await this.send(attempt);
    const recorded = this.record(within ? [attempt.requested, answered] : answered, db);
    // in the caller's transaction, its events may go with its next statement
    if (within && unawaited) unawaited.add(recorded);
    else await recorded;
    return result;
  }

  /**
   * The first half of an authorization whose order is written in transactions on either side of
   * the provider call: the checks, and the 'requested' event written in the caller's transaction,
   * which must commit before `call` (a call that leaves this process is recorded before it starts).
   * A refusal (400) rolls back with the caller's transaction. `call` makes the request with no
   * transaction open and hands back the answer's event, for the caller to write (`record`) in the
   * transaction that applies it: the answer and its effect on the order land together or not at all.
   * The order is written in that same transaction, so no earlier attempt can have an answer.
   */
  async authorizeAround(input: AuthorizeInput, tx: Tx, unawaited?: Unawaited): Promise<{ call: () => Promise<{ result: PaymentResult; record: (tx: Tx) => Promise<void> }> }> {
    const attempt = await this.check(input, tx as unknown as Db, { recordRequest: true, unawaited });
    return {
      call: async () => {
        const { result, answered } = await this.send(attempt);
        return { result, record: (after) => this.record(answered, after as unknown as Db) };
      },
    };
  }

  /**
   * A repeated attempt's first answer, so it never reaches the provider twice; a failure ('error')
   * is not kept, so the same attempt may be made again once the gateway is back.
   */
  private async earlierAnswer(input: AuthorizeInput, db: Db): Promise<PaymentResult | undefined> {
    const [done] = await db.select().from(paymentEvents)
      .where(and(eq(paymentEvents.method, input.method), eq(paymentEvents.idempotencyKey, input.idempotencyKey),
        eq(paymentEvents.step, "authorize"), ne(paymentEvents.status, "requested"), ne(paymentEvents.status, "error")))
      .orderBy(desc(paymentEvents.id)).limit(1);
    if (!done) return undefined;
    const { message, redirect_url, suspicious, ...data } = done.data as Record<string, unknown>;
    const status = done.status as PaymentStatus;
    return {
      method: input.method, status, reference: done.providerReference ?? undefined, data,
      message: message as string | undefined, redirectUrl: redirect_url as string | undefined,
      suspicious: suspicious as boolean | undefined, shopperMessage: shopperMessage(status),
    };
  }

  /** An attempt checked (a refusal is a 400 with its event) and, unless `recordRequest` is false, recorded as requested. */
  private async check(input: AuthorizeInput, db: Db, options: { recordRequest: boolean; unawaited?: Unawaited }): Promise<Attempt> {
    const provider = this.registry.get(input.method);
    const base = { orderRef: input.orderRef, method: input.method, amount: input.amount, currency: input.currency, idempotencyKey: input.idempotencyKey };
    if (!provider.isEligible({ amount: input.amount, currency: input.currency, country: input.shippingCountry })) {
      await this.record({ ...base, step: "validate", status: "ineligible" }, db);
      throw new HttpError(400, `The payment method "${input.method}" is not available for this order.`);
    }
    const invalid = provider.validate(input.data);
    if (invalid) {
      await this.record({ ...base, step: "validate", status: "invalid", data: { message: invalid } }, db);
      throw new HttpError(400, invalid);
    }
    const shown = provider.publicData(input.data);
    const requested: EventRow = { ...base, step: "authorize", status: "requested", data: shown };
    if (options.recordRequest && options.unawaited) options.unawaited.add(this.record(requested, db));
    else if (options.recordRequest) await this.record(requested, db);
    return { input, base, shown, requested };
  }

  /** The provider's call (no transaction may be open) and the event of its answer, not yet written. */
  private async send({ input, base, shown }: Attempt): Promise<{ result: PaymentResult; answered: EventRow }> {
    let outcome: Outcome;
    try {
      outcome = await this.registry.get(input.method).authorize(input);
    } catch (error) {
      outcome = { status: "error", message: error instanceof Error ? error.message : String(error) };
    }
    const answered: EventRow = { ...base, step: "authorize", status: outcome.status, providerReference: outcome.reference, data: { ...shown, ...this.outcomeData(outcome) } };
    return { result: { ...outcome, data: { ...shown, ...(outcome.data ?? {}) }, method: input.method, shopperMessage: shopperMessage(outcome.status) }, answered };
  }

  private async step(step: "capture" | "void" | "status", orderRef: string, method: string, reference: string,
    call: () => Promise<Outcome>, extra: { amount?: number; currency?: string; idempotencyKey?: string } = {}): Promise<PaymentResult> {
    const base = { orderRef, method, step, providerReference: reference, ...extra };
    if (step !== "status") await this.record({ ...base, status: "requested" });
    let outcome: Outcome;
    try {
      outcome = await call();
    } catch (error) {
      outcome = { status: "error", reference, message: error instanceof Error ? error.message : String(error) };
    }
    await this.record({ ...base, status: outcome.status, data: this.outcomeData(outcome) });
    return { ...outcome, method, shopperMessage: shopperMessage(outcome.status) };
  }

  capture(input: { orderRef: string; method: string; reference: string; idempotencyKey: string } & Amount): Promise<PaymentResult> {
    const provider = this.registry.get(input.method);
    return this.step("capture", input.orderRef, input.method, input.reference,
      () => provider.capture(input.reference, input, input.idempotencyKey),
      { amount: input.amount, currency: input.currency, idempotencyKey: input.idempotencyKey });
  }

  void(input: { orderRef: string; method: string; reference: string; idempotencyKey: string }): Promise<PaymentResult> {
    const provider = this.registry.get(input.method);
    return this.step("void", input.orderRef, input.method, input.reference, () => provider.void(input.reference, input.idempotencyKey),
      { idempotencyKey: input.idempotencyKey });
  }

  status(input: { orderRef: string; method: string; reference: string }): Promise<PaymentResult> {
    const provider = this.registry.get(input.method);
    return this.step("status", input.orderRef, input.method, input.reference, () => provider.status(input.reference));
  }

  /** How webhooks reach the orders: the order code registers its applier once at start. */
  onFinalize(apply: ApplyToOrder): () => void {
    this.finalizers.push(apply);
    return () => {
      const at = this.finalizers.indexOf(apply);
      if (at >= 0) this.finalizers.splice(at, 1);
    };
  }

  /**
   * The one path by which a payment's new state reaches its order, for a redirect return and a
   * webhook alike. Idempotent: the first call for a (method, reference, status) records it and
   * applies it in the same transaction; any later one is a no-op that answers applied: false.
   * No provider is called in here.
   */
  async finalize(event: FinalizeEvent, applyToOrder?: ApplyToOrder): Promise<{ applied: boolean }> {
    const appliers = applyToOrder ? [applyToOrder] : this.finalizers;
    return this.db.transaction(async (tx) => {
      const inserted = await tx.insert(paymentEvents).values({
        orderRef: event.orderRef, method: event.method, step: "finalize", status: event.status, amount: event.amount,
        providerReference: event.reference, data: { source: event.source, ...(event.data ?? {}) },
      }).onConflictDoNothing().returning({ id: paymentEvents.id });
      if (inserted.length === 0) return { applied: false };
      for (const apply of appliers) await apply(tx, event);
      return { applied: true };
    });
  }

  /** A shopper back from a provider's page: ask the provider (no transaction open), then finalize. */
  async resume(input: { orderRef: string; method: string; reference: string }, applyToOrder?: ApplyToOrder): Promise<PaymentResult & { applied: boolean }> {
    const result = await this.status(input);
    if (result.status === "error") return { ...result, applied: false };
    const { applied } = await this.finalize({ ...input, status: result.status, source: "return" }, applyToOrder);
    return { ...result, applied };
  }

  /** POST /payments/{code}/webhook: check the signature, record, and finalize the order it belongs to. */
  async webhook(code: string, headers: Record<string, string | string[] | undefined>, rawBody: string): Promise<{ applied: boolean }> {
    const provider = this.registry.has(code) ? this.registry.get(code) : undefined;
    if (!provider?.parseWebhook) throw new HttpError(404, `No webhooks for payment method "${String(code).slice(0, 50)}".`);
    let event;
    try {
      event = provider.parseWebhook(headers, rawBody);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new HttpError(401, error.message);
      throw error;
    }
    if (!event) return { applied: false };
    const [known] = await this.db.select({ orderRef: paymentEvents.orderRef }).from(paymentEvents)
      .where(and(eq(paymentEvents.method, code), eq(paymentEvents.providerReference, event.reference)))
      .orderBy(paymentEvents.id).limit(1);
    await this.record({
      orderRef: known?.orderRef ?? "", method: code, step: "webhook", status: event.status, amount: event.amount,
      providerReference: event.reference, data: { event_id: event.eventId, ...(event.data ?? {}) },
    });
    // a transaction we never started (another shop on the same account): nothing to apply
    if (!known) return { applied: false };
    return this.finalize({ orderRef: known.orderRef, method: code, reference: event.reference, status: event.status, amount: event.amount, source: "webhook", data: event.data });
  }
}
