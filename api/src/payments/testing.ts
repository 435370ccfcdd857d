import { afterAll, beforeAll } from "vitest";
import type { Db } from "../db/client";
import { createTestDatabase } from "../test/database";
import { paymentsConfigFromEnv, type PaymentsConfig } from "./config";
import { createPaymentRegistry } from "./registry";
import { PaymentService } from "./service";

/** Test config: the env defaults with the card gateway and anything else overridden. */
export function testPaymentsConfig(card: Partial<PaymentsConfig["card"]> = {}): PaymentsConfig {
  const config = paymentsConfigFromEnv({});
  return { ...config, card: { ...config.card, ...card } };
}

/** A fresh migrated database for one test file, with a PaymentService factory over it. */
export function usePaymentsDb() {
  const context = {} as { db: Db; service(config?: PaymentsConfig): PaymentService };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const database = await createTestDatabase();
    close = database.close;
    context.db = database.db;
    context.service = (config = testPaymentsConfig()) => new PaymentService(database.db, createPaymentRegistry(config));
  });
  afterAll(() => close?.());
  return context;
}
