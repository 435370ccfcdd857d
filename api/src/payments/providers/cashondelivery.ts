import type { PaymentsConfig } from "../config";
import { OfflineProvider } from "./offline";

/** Cash on delivery: only where our carriers collect (COD_COUNTRIES) and up to COD_MAX_AMOUNT. */
export class CashOnDeliveryProvider extends OfflineProvider {
  readonly code = "cashondelivery";
  readonly title = "Cash On Delivery";

  constructor(private readonly config: PaymentsConfig["cashondelivery"]) {
    super();
  }

  isEligible(input: { amount: number; country?: string }): boolean {
    const country = input.country?.toUpperCase();
    return input.amount > 0 && input.amount <= this.config.maxAmount && !!country && this.config.countries.includes(country);
  }
}
