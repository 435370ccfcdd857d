import type { PaymentsConfig } from "../config";
import type { Outcome, PaymentContext } from "../provider";
import { OfflineProvider } from "./offline";

/**
 * Check / money order. The order waits for the check (pending) and is flagged suspicious, so
 * staff review it before shipping and the shopper lands on /checkout/confirmation instead of
 * /checkout/success (spec 001 §4), when either
 *  - the grand total is above CHECKMO_SUSPICIOUS_ABOVE (minor units, default 100000 = 1,000.00), or
 *  - the billing and shipping countries differ (both known): a classic sign of check fraud.
 */
export class CheckMoneyOrderProvider extends OfflineProvider {
  readonly code = "checkmo";
  readonly title = "Check / Money order";

  constructor(private readonly config: PaymentsConfig["checkmo"]) {
    super();
  }

  isEligible(input: { amount: number }): boolean {
    return input.amount > 0;
  }

  isSuspicious(context: Pick<PaymentContext, "amount" | "billingCountry" | "shippingCountry">): boolean {
    if (context.amount > this.config.suspiciousAbove) return true;
    const billing = context.billingCountry?.toUpperCase();
    const shipping = context.shippingCountry?.toUpperCase();
    return Boolean(billing && shipping && billing !== shipping);
  }

  async authorize(context: PaymentContext & { idempotencyKey: string }): Promise<Outcome> {
    return { status: "pending", reference: this.reference(context), suspicious: this.isSuspicious(context) };
  }
}
