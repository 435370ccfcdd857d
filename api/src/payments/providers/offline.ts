import type { Amount, Outcome, PaymentContext, PaymentProvider } from "../provider";

/**
 * What the offline methods share: no outside party, so authorizing records the promise to pay
 * (pending until staff see the money) under a reference of our own, and capture and void are
 * bookkeeping.
 */
export abstract class OfflineProvider implements PaymentProvider {
  abstract readonly code: string;
  abstract readonly title: string;
  readonly kind = "offline" as const;

  abstract isEligible(input: { amount: number; currency: string; country?: string }): boolean;

  validate(): string | null {
    return null;
  }

  /** offline methods take no input worth keeping */
  publicData(): Record<string, unknown> {
    return {};
  }

  protected reference(context: PaymentContext): string {
    return `${this.code}:${context.orderRef}`;
  }

  async authorize(context: PaymentContext & { idempotencyKey: string }): Promise<Outcome> {
    return { status: "pending", reference: this.reference(context) };
  }

  async capture(reference: string, _money: Amount): Promise<Outcome> {
    return { status: "captured", reference };
  }

  async void(reference: string): Promise<Outcome> {
    return { status: "voided", reference };
  }

  async status(reference: string): Promise<Outcome> {
    return { status: "pending", reference };
  }
}
