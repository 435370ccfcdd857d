import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthorizeNetProvider } from "./providers/authorizenet";
import { startSandboxCardGateway, type SandboxCardGateway } from "./sandbox/card-gateway";
import { testPaymentsConfig, usePaymentsDb } from "./testing";
import { attemptKey } from "./service";

const t = usePaymentsDb();
let gateway: SandboxCardGateway;

beforeAll(async () => {
  gateway = await startSandboxCardGateway();
});
afterAll(() => gateway?.close());

const card = (cc_number: string, cc_type = "VI", cc_cid = "123") => ({ cc_type, cc_number, cc_cid, cc_exp_month: 12, cc_exp_year: 2031 });
const payments = (card: Parameters<typeof testPaymentsConfig>[0] = {}) => t.service(testPaymentsConfig({ url: gateway.url, ...card }));
let n = 0;
const pay = (data: Record<string, unknown>, options: { amount?: number; orderRef?: string; key?: string; capture?: boolean } = {}) => {
  n += 1;
  return payments({ captureOnAuthorize: options.capture ?? false }).authorize({
    orderRef: options.orderRef ?? `order-${n}`, method: "authorizenet", amount: options.amount ?? 12_345, currency: "USD", data,
    idempotencyKey: options.key ?? `key-${n}`,
  });
};

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("the sandbox card gateway through the real HTTP client", () => {
  it.each([
    ["4111 1111 1111 1111", "VI", "123", "XXXX1111"],
    ["5555 5555 5555 4444", "MC", "123", "XXXX4444"],
    ["3782 822463 10005", "AE", "1234", "XXXX0005"],
    ["6011 1111 1111 1117", "DI", "123", "XXXX1117"],
  ])("approves %s (%s)", async (number, type, cid, masked) => {
    const before = gateway.transactions().length;
    const outcome = await pay(card(number, type, cid));
    expect(outcome.status).toBe("authorized");
    expect(outcome.reference).toMatch(/^\d+$/);
    expect(outcome.shopperMessage).toBeUndefined();
    expect(outcome.data).toMatchObject({ cc_type: type, cc_last_four: masked.slice(-4), account_number: masked });
    expect(gateway.transactions().length).toBe(before + 1);
    expect(gateway.transactions().at(-1)).toMatchObject({ transId: outcome.reference, amount: 12_345, status: "authorizedPendingCapture" });
  });

  it("declines 4000 0000 0000 0002 with the spec's words, and the shopper can try again", async () => {
    const declined = await pay(card("4000000000000002"), { orderRef: "cart-retry" });
    expect(declined.status).toBe("declined");
    expect(declined.shopperMessage).toBe("Unfortunately, we weren't able to process the payment.");
    const retry = await pay(card("4111111111111111"), { orderRef: "cart-retry" });
    expect(retry.status).toBe("authorized");
    const events = await payments().events("cart-retry");
    expect(events.map((e) => [e.step, e.status])).toEqual([
      ["authorize", "requested"], ["authorize", "declined"], ["authorize", "requested"], ["authorize", "authorized"],
    ]);
    expect(events[1].data.message).toBe("This transaction has been declined.");
  });

  it("answers 4000 0000 0000 0119 with an error and the spec's unknown-error words", async () => {
    const outcome = await pay(card("4000000000000119"));
    expect(outcome.status).toBe("error");
    expect(outcome.shopperMessage).toBe("An unknown error occured while processing payment, please try submitting payment again.");
  });

  it("holds an amount ending in .01 for review (pending)", async () => {
    const outcome = await pay(card("4111111111111111"), { amount: 10_001 });
    expect(outcome.status).toBe("pending");
    expect(gateway.transactions().at(-1)).toMatchObject({ transId: outcome.reference, status: "FDSPendingReview" });
  });

  it("captures on authorize when the gateway is set to sale", async () => {
    const outcome = await pay(card("5555555555554444", "MC"), { capture: true });
    expect(outcome.status).toBe("captured");
    expect(gateway.transactions().at(-1)?.status).toBe("capturedPendingSettlement");
  });

  it("captures, voids and reports the status of a transaction, recording each step", async () => {
    const service = payments();
    const first = await pay(card("4111111111111111"), { orderRef: "order-steps" });
    const ref = first.reference!;
    expect((await service.status({ orderRef: "order-steps", method: "authorizenet", reference: ref })).status).toBe("authorized");
    const captured = await service.capture({ orderRef: "order-steps", method: "authorizenet", reference: ref, amount: 12_345, currency: "USD", idempotencyKey: "cap-1" });
    expect(captured.status).toBe("captured");
    expect((await service.status({ orderRef: "order-steps", method: "authorizenet", reference: ref })).status).toBe("captured");
    const twice = await service.capture({ orderRef: "order-steps", method: "authorizenet", reference: ref, amount: 12_345, currency: "USD", idempotencyKey: "cap-2" });
    expect(twice.status).toBe("error");
    const voided = await service.void({ orderRef: "order-steps", method: "authorizenet", reference: ref, idempotencyKey: "void-1" });
    expect(voided.status).toBe("voided");
    expect((await service.status({ orderRef: "order-steps", method: "authorizenet", reference: ref })).status).toBe("voided");
    const steps = (await service.events("order-steps")).map((e) => `${e.step}:${e.status}`);
    expect(steps).toEqual([
      "authorize:requested", "authorize:authorized", "status:authorized",
      "capture:requested", "capture:captured", "status:captured",
      "capture:requested", "capture:error", "void:requested", "void:voided", "status:voided",
    ]);
  });

  it("refuses bad card data before calling the gateway, with the spec's texts", async () => {
    const before = gateway.transactions().length;
    await expect(pay(card("4111111111111111", "MC"), { orderRef: "bad-card" })).rejects.toThrowError("Credit card type not accepted");
    await expect(pay(card("4111111111111112"), { orderRef: "bad-card" })).rejects.toThrowError("Credit card type/number mismatch.");
    await expect(pay(card("378282246310005", "AE", "123"), { orderRef: "bad-card" })).rejects.toThrowError("Invalid CVN length.");
    expect(gateway.transactions().length).toBe(before);
    const events = await payments().events("bad-card");
    expect(events.map((e) => [e.step, e.status, e.data.message])).toEqual([
      ["validate", "invalid", "Credit card type not accepted"],
      ["validate", "invalid", "Credit card type/number mismatch."],
      ["validate", "invalid", "Invalid CVN length."],
    ]);
  });

  it("never records a card number or security code", async () => {
    await pay(card("4111111111111111", "VI", "987"), { orderRef: "no-pan" });
    const events = await payments().events("no-pan");
    const stored = JSON.stringify(events);
    expect(stored).toContain("\"cc_last_four\":\"1111\"");
    expect(stored).not.toContain("411111");
    // the code is in no field (the gateway's random transaction id may hold the digits 987)
    const values = (value: unknown): unknown[] => (value && typeof value === "object" ? Object.values(value).flatMap(values) : [value]);
    expect(values(events.map((e) => e.data)).map(String)).not.toContain("987");
    expect(stored).not.toMatch(/cc_cid|cvv|cvn/i);
  });
});

describe("idempotency: one key, one charge", () => {
  it("answers a repeated authorization from the record, without a second charge", async () => {
    const before = gateway.transactions().length;
    const first = await pay(card("4111111111111111"), { orderRef: "idem-1", key: "idem-key-1" });
    const second = await pay(card("4111111111111111"), { orderRef: "idem-1", key: "idem-key-1" });
    expect(second).toMatchObject({ status: "authorized", reference: first.reference });
    expect(gateway.transactions().length).toBe(before + 1);
  });

  it("charges once when two requests with one key race", async () => {
    const before = gateway.transactions().length;
    const [a, b] = await Promise.all([
      pay(card("5555555555554444", "MC"), { orderRef: "idem-2", key: "idem-key-2" }),
      pay(card("5555555555554444", "MC"), { orderRef: "idem-2", key: "idem-key-2" }),
    ]);
    expect(a.reference).toBe(b.reference);
    expect(gateway.transactions().length).toBe(before + 1);
  });

  it("the gateway itself answers a repeated refId with its first answer", async () => {
    const provider = new AuthorizeNetProvider(testPaymentsConfig({ url: gateway.url }).card);
    const before = gateway.transactions().length;
    const context = { orderRef: "idem-3", amount: 500, currency: "USD", data: card("4111111111111111"), idempotencyKey: "idem-key-3" };
    const first = await provider.authorize(context);
    const second = await provider.authorize(context);
    expect(second.reference).toBe(first.reference);
    expect(gateway.transactions().length).toBe(before + 1);
    const other = await provider.authorize({ ...context, idempotencyKey: "idem-key-4" });
    expect(other.reference).not.toBe(first.reference);
  });

  it("derives one key per attempt from what may be shown of the payment", () => {
    const shown = { cc_type: "VI", cc_last_four: "1111", cc_exp_month: 12, cc_exp_year: 2031 };
    const key = attemptKey("cart-9", { amount: 100, currency: "USD" }, shown);
    expect(attemptKey("cart-9", { amount: 100, currency: "USD" }, { ...shown })).toBe(key);
    expect(attemptKey("cart-9", { amount: 100, currency: "USD" }, { ...shown, cc_last_four: "4444" })).not.toBe(key);
    expect(attemptKey("cart-9", { amount: 101, currency: "USD" }, shown)).not.toBe(key);
  });
});

describe("a gateway that fails", () => {
  it("is down: the outcome is 'error', recorded, and the same attempt may be made again later", async () => {
    const port = await closedPort();
    const down = t.service(testPaymentsConfig({ url: `http://127.0.0.1:${port}/xml/v1/request.api` }));
    const outcome = await down.authorize({ orderRef: "down-1", method: "authorizenet", amount: 700, currency: "USD", data: card("4111111111111111"), idempotencyKey: "down-key" });
    expect(outcome.status).toBe("error");
    expect(outcome.shopperMessage).toBe("An unknown error occured while processing payment, please try submitting payment again.");
    const events = await down.events("down-1");
    expect(events.map((e) => [e.step, e.status])).toEqual([["authorize", "requested"], ["authorize", "error"]]);
    expect(String(events[1].data.message)).toMatch(/fetch failed|ECONNREFUSED/);

    const back = await payments().authorize({ orderRef: "down-1", method: "authorizenet", amount: 700, currency: "USD", data: card("4111111111111111"), idempotencyKey: "down-key" });
    expect(back.status).toBe("authorized");
  });

  it("times out: the outcome is 'error' and recorded", async () => {
    const sockets: import("node:net").Socket[] = [];
    const silent: Server = createServer((socket) => void sockets.push(socket)); // accepts, never answers
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = silent.address() as { port: number };
      const slow = t.service(testPaymentsConfig({ url: `http://127.0.0.1:${port}/xml/v1/request.api`, timeoutMs: 300 }));
      const started = Date.now();
      const outcome = await slow.authorize({ orderRef: "slow-1", method: "authorizenet", amount: 700, currency: "USD", data: card("4111111111111111"), idempotencyKey: "slow-key" });
      expect(outcome.status).toBe("error");
      expect(Date.now() - started).toBeLessThan(5_000);
      const events = await slow.events("slow-1");
      expect(events.map((e) => [e.step, e.status])).toEqual([["authorize", "requested"], ["authorize", "error"]]);
      expect(String(events[1].data.message)).toMatch(/TimeoutError/);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("refuses wrong credentials: 'error'", async () => {
    const outcome = await payments({ transactionKey: "wrong" }).authorize({ orderRef: "creds-1", method: "authorizenet", amount: 700, currency: "USD", data: card("4111111111111111"), idempotencyKey: "creds-key" });
    expect(outcome.status).toBe("error");
    expect(outcome.message).toBe("User authentication failed due to invalid authentication values.");
  });
});
