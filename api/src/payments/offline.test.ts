import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { paymentEvents } from "../db/schema";
import { HttpError } from "../http/errors";
import { paymentsConfigFromEnv } from "./config";
import { usePaymentsDb } from "./testing";

const t = usePaymentsDb();

describe("offline methods", () => {
  it("offers cash on delivery only to US and CA and up to its limit", () => {
    const payments = t.service();
    const codes = (amount: number, country?: string) => payments.methods({ amount, currency: "USD", country }).map((m) => m.code);
    expect(codes(10_000, "US")).toContain("cashondelivery");
    expect(codes(10_000, "ca")).toContain("cashondelivery");
    expect(codes(200_000, "US")).toContain("cashondelivery");
    expect(codes(200_001, "US")).not.toContain("cashondelivery");
    expect(codes(10_000, "MX")).not.toContain("cashondelivery");
    expect(codes(10_000)).not.toContain("cashondelivery");
    expect(codes(10_000, "MX")).toEqual(expect.arrayContaining(["checkmo", "banktransfer", "authorizenet"]));
    expect(codes(0, "US")).toEqual([]);
    expect(payments.methods({ amount: 10_000, currency: "EUR", country: "US" }).map((m) => m.code)).not.toContain("authorizenet");
  });

  it("reads the limits from the environment", () => {
    const config = paymentsConfigFromEnv({ COD_COUNTRIES: "mx", COD_MAX_AMOUNT: "5000", CHECKMO_SUSPICIOUS_ABOVE: "700" });
    expect(config.cashondelivery).toEqual({ countries: ["MX"], maxAmount: 5000 });
    expect(config.checkmo.suspiciousAbove).toBe(700);
    expect(paymentsConfigFromEnv({ COD_MAX_AMOUNT: "lots" }).cashondelivery.maxAmount).toBe(200_000);
  });

  it("refuses an unknown method code with a clear message", () => {
    const payments = t.service();
    expect(() => payments.validate("bitcoin", {})).toThrowError(HttpError);
    expect(() => payments.validate("bitcoin", {})).toThrowError('The payment method "bitcoin" is not available.');
    expect(() => payments.validate("affirm", {})).toThrowError('The payment method "affirm" is not available.');
  });

  it("refuses cash on delivery for a country it does not serve, and records why", async () => {
    const payments = t.service();
    await expect(payments.authorize({ orderRef: "cod-mx", method: "cashondelivery", amount: 5000, currency: "USD", data: {}, idempotencyKey: "k-cod-mx", shippingCountry: "MX" }))
      .rejects.toThrowError('The payment method "cashondelivery" is not available for this order.');
    const events = await payments.events("cod-mx");
    expect(events.map((e) => [e.step, e.status])).toEqual([["validate", "ineligible"]]);
  });

  it("leaves cash on delivery and bank transfer pending, with the transfer instructions", async () => {
    const payments = t.service();
    const cod = await payments.authorize({ orderRef: "cod-1", method: "cashondelivery", amount: 5000, currency: "USD", data: {}, idempotencyKey: "k-cod-1", shippingCountry: "US" });
    expect(cod).toMatchObject({ status: "pending", reference: "cashondelivery:cod-1" });
    expect(cod.shopperMessage).toBeUndefined();
    const bank = await payments.authorize({ orderRef: "bank-1", method: "banktransfer", amount: 5000, currency: "USD", data: {}, idempotencyKey: "k-bank-1" });
    expect(bank.status).toBe("pending");
    expect(bank.data?.instructions).toMatch(/quote your order number/);
    const events = await payments.events("bank-1");
    expect(events.map((e) => [e.step, e.status, e.amount, e.currency])).toEqual([
      ["authorize", "requested", 5000, "USD"],
      ["authorize", "pending", 5000, "USD"],
    ]);
    expect(events[1].data.instructions).toBe(bank.data?.instructions);
  });
});

describe("checkmo's suspicious rule", () => {
  const check = (orderRef: string, amount: number, billingCountry?: string, shippingCountry?: string) =>
    t.service().authorize({ orderRef, method: "checkmo", amount, currency: "USD", data: {}, idempotencyKey: `k-${orderRef}`, billingCountry, shippingCountry });

  it("is not suspicious up to the threshold with matching countries", async () => {
    const outcome = await check("cm-1", 100_000, "US", "US");
    expect(outcome).toMatchObject({ status: "pending", suspicious: false });
  });

  it("is suspicious above the threshold (1,000.00 by default)", async () => {
    expect((await check("cm-2", 100_001, "US", "US")).suspicious).toBe(true);
  });

  it("is suspicious when billing and shipping countries differ", async () => {
    expect((await check("cm-3", 1_000, "US", "CA")).suspicious).toBe(true);
    expect((await check("cm-4", 1_000, "us", "US")).suspicious).toBe(false);
    expect((await check("cm-5", 1_000, undefined, "US")).suspicious).toBe(false);
  });

  it("records the flag, and a repeated attempt gets the same answer", async () => {
    const payments = t.service();
    const again = await payments.authorize({ orderRef: "cm-3", method: "checkmo", amount: 1_000, currency: "USD", data: {}, idempotencyKey: "k-cm-3", billingCountry: "US", shippingCountry: "US" });
    expect(again).toMatchObject({ status: "pending", suspicious: true, reference: "checkmo:cm-3" });
    const events = await payments.events("cm-3");
    expect(events.filter((e) => e.step === "authorize").map((e) => [e.status, e.data.suspicious])).toEqual([["requested", undefined], ["pending", true]]);
  });

  it("authorizes an offline method inside the caller's transaction, and never a card there", async () => {
    const payments = t.service();
    const input = { orderRef: "bank-tx", method: "banktransfer", amount: 5000, currency: "USD", data: {}, idempotencyKey: "k-bank-tx" };
    // rolled back with the transaction: nothing of it is kept
    let inside: unknown[] = [];
    const rolledBack = await t.db.transaction(async (tx) => {
      const { status } = await payments.authorize(input, tx);
      inside = [status, (await tx.select().from(paymentEvents).where(eq(paymentEvents.orderRef, "bank-tx"))).map((e) => [e.step, e.status])];
      tx.rollback();
    }).then(() => false, () => true);
    expect([rolledBack, ...inside]).toEqual([true, "pending", [["authorize", "requested"], ["authorize", "pending"]]]);
    expect(await payments.events("bank-tx")).toEqual([]);
    await t.db.transaction(async (tx) => {
      await expect(payments.authorize({ ...input, orderRef: "card-tx", method: "authorizenet", data: { cc_type: "VI", cc_number: "4111111111111111", cc_cid: "123", cc_exp_month: 12, cc_exp_year: 2031 } }, tx))
        .rejects.toThrowError("payment method authorizenet calls a provider: authorize it outside any transaction");
    });
    expect(await payments.events("card-tx")).toEqual([]);
  });
});
