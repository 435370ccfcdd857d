import { HttpError } from "../http/errors";
import type { PaymentsConfig } from "./config";
import type { PaymentProvider } from "./provider";
import { AuthorizeNetProvider } from "./providers/authorizenet";
import { BankTransferProvider } from "./providers/banktransfer";
import { CashOnDeliveryProvider } from "./providers/cashondelivery";
import { CheckMoneyOrderProvider } from "./providers/checkmo";

/** Method code → provider. The spec's other codes (affirm, paypal_standard, …) join as their modules land. */
export class PaymentRegistry {
  private readonly providers = new Map<string, PaymentProvider>();

  constructor(providers: PaymentProvider[]) {
    for (const provider of providers) this.providers.set(provider.code, provider);
  }

  /** The provider for a method code; an unknown code is the caller's mistake (400). */
  get(code: string): PaymentProvider {
    const provider = this.providers.get(code);
    if (!provider) throw new HttpError(400, `The payment method "${String(code).slice(0, 50)}" is not available.`);
    return provider;
  }

  has(code: string): boolean {
    return this.providers.has(code);
  }

  all(): PaymentProvider[] {
    return [...this.providers.values()];
  }
}

export function createPaymentRegistry(config: PaymentsConfig): PaymentRegistry {
  return new PaymentRegistry([
    new AuthorizeNetProvider(config.card),
    new CheckMoneyOrderProvider(config.checkmo),
    new CashOnDeliveryProvider(config.cashondelivery),
    new BankTransferProvider(config.banktransfer),
  ]);
}
