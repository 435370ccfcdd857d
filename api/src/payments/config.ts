/** Payment settings, from the environment (defaults suit the demo store and its sandbox gateway). */
export interface PaymentsConfig {
  card: {
    /** the gateway's JSON endpoint (Authorize.net's protocol) */
    url: string;
    login: string;
    transactionKey: string;
    /** the key webhooks are signed with (HMAC-SHA512, X-ANET-Signature) */
    signatureKey: string;
    timeoutMs: number;
    /** authCaptureTransaction instead of authOnlyTransaction */
    captureOnAuthorize: boolean;
  };
  checkmo: {
    /** a grand total above this (minor units) makes a check order suspicious */
    suspiciousAbove: number;
  };
  cashondelivery: { countries: string[]; maxAmount: number };
  banktransfer: { instructions: string };
}

/** The sandbox gateway's default address when the api and it run side by side (`npm start`). */
export const DEFAULT_CARD_GATEWAY_URL = "http://127.0.0.1:4010/xml/v1/request.api";

const int = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value !== "" && Number.isInteger(n) && n >= 0 ? n : fallback;
};

export function paymentsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): PaymentsConfig {
  return {
    card: {
      url: env.CARD_GATEWAY_URL || DEFAULT_CARD_GATEWAY_URL,
      login: env.CARD_GATEWAY_LOGIN || "sandbox-login",
      transactionKey: env.CARD_GATEWAY_KEY || "sandbox-key",
      signatureKey: env.CARD_GATEWAY_SIGNATURE_KEY || "sandbox-signature-key",
      timeoutMs: int(env.CARD_GATEWAY_TIMEOUT_MS, 15_000),
      captureOnAuthorize: env.CARD_GATEWAY_CAPTURE === "1",
    },
    checkmo: { suspiciousAbove: int(env.CHECKMO_SUSPICIOUS_ABOVE, 100_000) },
    cashondelivery: {
      countries: (env.COD_COUNTRIES || "US,CA").split(",").map((c) => c.trim().toUpperCase()).filter(Boolean),
      maxAmount: int(env.COD_MAX_AMOUNT, 200_000),
    },
    banktransfer: {
      instructions: env.BANK_TRANSFER_INSTRUCTIONS
        || "Please transfer the order total to our bank account and quote your order number as the reference. "
        + "We ship your order once the payment has arrived.",
    },
  };
}
