import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { API_PREFIX, buildApp } from "../app";
import type { Database } from "../db/client";
import { paymentEvents } from "../db/schema";
import { createTestDatabase } from "../test/database";
import { createPaymentRegistry } from "./registry";
import paymentRoutes from "./routes";
import { startSandboxCardGateway, type SandboxCardGateway } from "./sandbox/card-gateway";
import { PaymentService, type FinalizeEvent } from "./service";
import { signWebhook } from "./providers/authorizenet";
import { testPaymentsConfig } from "./testing";

// The whole api listening on a real port, with the webhook route mounted as app.ts should mount
// it (beside, not inside, the session scope), and the sandbox gateway notifying it over HTTP.
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;
let gateway: SandboxCardGateway;
let payments: PaymentService;
const config = testPaymentsConfig({ signatureKey: "test-signature-key" });
const applied: FinalizeEvent[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  payments = new PaymentService(database.db, createPaymentRegistry(config));
  app = await buildApp({ db: database.db, validateResponses: true });
  await app.register(paymentRoutes, { prefix: API_PREFIX, payments });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  gateway = await startSandboxCardGateway({ signatureKey: "test-signature-key", webhookUrl: `${address}${API_PREFIX}/payments/authorizenet/webhook` });
  config.card.url = gateway.url;
  // what the order code will register: here it only notes what reached it
  payments.onFinalize(async (_tx, event) => void applied.push(event));
});
afterAll(async () => {
  await gateway?.close();
  await app?.close();
  await database?.close();
});

const card = { cc_type: "VI", cc_number: "4111111111111111", cc_cid: "123", cc_exp_month: 12, cc_exp_year: 2031 };
const heldPayment = (orderRef: string) =>
  payments.authorize({ orderRef, method: "authorizenet", amount: 25_001, currency: "USD", data: card, idempotencyKey: `key-${orderRef}` });
const finalizeRows = (orderRef: string) =>
  database.db.select().from(paymentEvents).where(eq(paymentEvents.orderRef, orderRef)).then((rows) => rows.filter((r) => r.step === "finalize"));

describe("POST /payments/authorizenet/webhook", () => {
  it("finalizes a held payment the merchant approved, once, however often the notice comes", async () => {
    const held = await heldPayment("order-held-1");
    expect(held.status).toBe("pending");
    const sent = await gateway.review(held.reference!, "approve");
    expect(sent.status).toBe(200);
    expect(applied.filter((e) => e.orderRef === "order-held-1")).toEqual([
      expect.objectContaining({ orderRef: "order-held-1", method: "authorizenet", reference: held.reference, status: "authorized", amount: 25_001, source: "webhook" }),
    ]);

    // the gateway retries the same notification: answered, not applied again
    const replay = await app.inject({
      method: "POST", url: "/api/rest/payments/authorizenet/webhook", payload: sent.body,
      headers: { "content-type": "application/json", "x-anet-signature": signWebhook(sent.body, "test-signature-key") },
    });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, applied: false });
    expect(applied.filter((e) => e.orderRef === "order-held-1")).toHaveLength(1);
    expect(await finalizeRows("order-held-1")).toHaveLength(1);
    const webhooks = (await payments.events("order-held-1")).filter((e) => e.step === "webhook");
    expect(webhooks).toHaveLength(2);
  });

  it("finalizes a decline after review as declined", async () => {
    const held = await heldPayment("order-held-2");
    await gateway.review(held.reference!, "decline");
    expect(applied.filter((e) => e.orderRef === "order-held-2").map((e) => e.status)).toEqual(["declined"]);
  });

  it("refuses a wrong or missing signature in the error shape, and applies nothing", async () => {
    const held = await heldPayment("order-forged");
    const body = JSON.stringify({
      notificationId: "forged-1", eventType: "net.authorize.payment.fraud.approved", eventDate: new Date().toISOString(),
      payload: { entityName: "transaction", id: held.reference, authAmount: 250.01, responseCode: 1 },
    });
    for (const signature of [signWebhook(body, "not-the-key"), undefined, "sha512=00"]) {
      const response = await app.inject({
        method: "POST", url: "/api/rest/payments/authorizenet/webhook", payload: body,
        headers: { "content-type": "application/json", ...(signature ? { "x-anet-signature": signature } : {}) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ messages: { error: [{ message: "Invalid webhook signature." }] } });
    }
    expect(applied.filter((e) => e.orderRef === "order-forged")).toEqual([]);

    // the same body signed with the right key is taken (and needs no session or CSRF token)
    const genuine = await app.inject({
      method: "POST", url: "/api/rest/payments/authorizenet/webhook", payload: body,
      headers: { "content-type": "application/json", "x-anet-signature": signWebhook(body, "test-signature-key").toLowerCase() },
    });
    expect(genuine.json()).toEqual({ received: true, applied: true });
  });

  it("answers a notice about a transaction we never made without applying it", async () => {
    const body = JSON.stringify({ notificationId: "n-x", eventType: "net.authorize.payment.void.created", eventDate: "", payload: { entityName: "transaction", id: "999" } });
    const response = await app.inject({
      method: "POST", url: "/api/rest/payments/authorizenet/webhook", payload: body,
      headers: { "content-type": "application/json", "x-anet-signature": signWebhook(body, "test-signature-key") },
    });
    expect(response.json()).toEqual({ received: true, applied: false });
  });

  it("404s for a method without webhooks and for an unknown code, in the error shape", async () => {
    for (const code of ["checkmo", "nosuchpay"]) {
      const response = await app.inject({ method: "POST", url: `/api/rest/payments/${code}/webhook`, payload: "{}", headers: { "content-type": "application/json" } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ messages: { error: [{ message: `No webhooks for payment method "${code}".` }] } });
    }
  });
});

describe("finalize: one idempotent path for webhooks and redirect returns", () => {
  it("applies a redirect return once", async () => {
    const paid = await payments.authorize({ orderRef: "order-return", method: "authorizenet", amount: 900, currency: "USD", data: card, idempotencyKey: "key-return" });
    const mine: FinalizeEvent[] = [];
    const apply = async (_tx: unknown, event: FinalizeEvent) => void mine.push(event);
    const first = await payments.resume({ orderRef: "order-return", method: "authorizenet", reference: paid.reference! }, apply);
    const second = await payments.resume({ orderRef: "order-return", method: "authorizenet", reference: paid.reference! }, apply);
    expect([first.applied, second.applied]).toEqual([true, false]);
    expect(mine).toEqual([expect.objectContaining({ status: "authorized", source: "return" })]);
  });

  it("records nothing when the order could not apply it, so the next notice tries again", async () => {
    const event: FinalizeEvent = { orderRef: "order-rollback", method: "authorizenet", reference: "r-1", status: "captured", source: "webhook" };
    await expect(payments.finalize(event, async () => { throw new Error("order locked"); })).rejects.toThrowError("order locked");
    expect(await finalizeRows("order-rollback")).toEqual([]);
    expect(await payments.finalize(event, async () => {})).toEqual({ applied: true });
    expect(await payments.finalize(event, async () => {})).toEqual({ applied: false });
    expect(await payments.finalize({ ...event, status: "voided" }, async () => {})).toEqual({ applied: true });
  });
});
