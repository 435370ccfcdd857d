/** Card type codes as a shopper reads them (kept apart from the card form so the order pages need none of its checks). */
export const CARD_TYPE_NAMES: Record<string, string> = { VI: "Visa", MC: "Mastercard", AE: "American Express", DI: "Discover", JCB: "JCB", DN: "Diners Club", UN: "UnionPay", MI: "Maestro" };
