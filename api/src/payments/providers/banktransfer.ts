import type { PaymentsConfig } from "../config";
import type { Outcome, PaymentContext } from "../provider";
import { OfflineProvider } from "./offline";

/** Bank transfer: pending until the money arrives; the shopper gets the instructions with the order. */
export class BankTransferProvider extends OfflineProvider {
  readonly code = "banktransfer";
  readonly title = "Bank Transfer Payment";

  constructor(private readonly config: PaymentsConfig["banktransfer"]) {
    super();
  }

  isEligible(input: { amount: number }): boolean {
    return input.amount > 0;
  }

  publicData(): Record<string, unknown> {
    return { instructions: this.config.instructions };
  }

  async authorize(context: PaymentContext & { idempotencyKey: string }): Promise<Outcome> {
    return { status: "pending", reference: this.reference(context), data: { instructions: this.config.instructions } };
  }
}
