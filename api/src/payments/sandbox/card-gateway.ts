import { randomBytes, randomUUID } from "node:crypto";
import Fastify from "fastify";
import { luhnValid, normaliseCardNumber } from "@store/contract";
import {
  signWebhook, SIGNATURE_HEADER,
  type ApiMessages, type CreateTransactionRequest, type CreateTransactionResponse, type GetTransactionDetailsRequest,
  type GetTransactionDetailsResponse, type TransactionResponse, type TransactionType, type WebhookNotification,
} from "../providers/authorizenet";

/**
 * A local card gateway speaking the subset of Authorize.net's JSON API our `authorizenet`
 * provider uses, for the demo store and the tests (production code never imports this).
 * Transactions live in memory; test numbers and amounts decide the answer (see ../README.md).
 */

export const SANDBOX_PATH = "/xml/v1/request.api";

export const SANDBOX_NUMBERS = {
  decline: "4000000000000002",
  error: "4000000000000119",
} as const;

export interface SandboxTransaction {
  transId: string;
  refId?: string;
  type: TransactionType;
  /** Authorize.net's transactionStatus */
  status: string;
  /** minor units */
  amount: number;
  lastFour?: string;
  refTransId?: string;
}

export interface SandboxCardGatewayOptions {
  /** 0 (the default) picks a free port */
  port?: number;
  host?: string;
  login?: string;
  transactionKey?: string;
  signatureKey?: string;
  /** where review decisions are notified (the api's POST /api/rest/payments/authorizenet/webhook) */
  webhookUrl?: string;
}

export interface SandboxCardGateway {
  /** the endpoint to give the provider (CARD_GATEWAY_URL) */
  url: string;
  /** every transaction made, in order (a replayed refId adds none) */
  transactions(): SandboxTransaction[];
  /** the merchant's decision on a transaction held for review; notifies webhookUrl, answers the notification sent */
  review(transId: string, decision: "approve" | "decline"): Promise<{ body: string; status: number | null }>;
  close(): Promise<void>;
}

const ok = (text = "Successful."): ApiMessages => ({ resultCode: "Ok", message: [{ code: "I00001", text }] });
const fail = (code: string, text: string): ApiMessages => ({ resultCode: "Error", message: [{ code, text }] });

const minor = (amount: unknown): number => {
  const n = Number(amount);
  return Number.isFinite(n) ? Math.round(n * 100) : NaN;
};

export async function startSandboxCardGateway(options: SandboxCardGatewayOptions = {}): Promise<SandboxCardGateway> {
  const login = options.login ?? "sandbox-login";
  const key = options.transactionKey ?? "sandbox-key";
  const signatureKey = options.signatureKey ?? "sandbox-signature-key";
  const transactions = new Map<string, SandboxTransaction>();
  /** refId + transactionType → the first answer (the same request twice is one charge) */
  const answered = new Map<string, CreateTransactionResponse>();
  let nextId = 60_000_000_000 + Math.floor(Math.random() * 1_000_000);

  const app = Fastify({ logger: false });

  const respond = (tr: Partial<TransactionResponse> & Pick<TransactionResponse, "responseCode" | "transId">, refId?: string): CreateTransactionResponse => {
    const approved = tr.responseCode === "1" || tr.responseCode === "4";
    return { refId, messages: approved ? ok() : fail("E00027", "The transaction was unsuccessful."), transactionResponse: tr as TransactionResponse };
  };
  const problem = (errorCode: string, errorText: string, refId?: string, transId = "0") =>
    respond({ responseCode: "3", transId, errors: [{ errorCode, errorText }] }, refId);

  function create(request: CreateTransactionRequest["createTransactionRequest"]): CreateTransactionResponse {
    const { refId, transactionRequest: t } = request;
    if (!t?.transactionType) return { refId, messages: fail("E00003", "The transactionRequest element is missing.") };
    if (t.transactionType === "authOnlyTransaction" || t.transactionType === "authCaptureTransaction") {
      const amount = minor(t.amount);
      if (!(amount > 0)) return problem("5", "A valid amount is required.", refId);
      const card = t.payment?.creditCard;
      const number = normaliseCardNumber(card?.cardNumber ?? "");
      if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return problem("6", "The credit card number is invalid.", refId);
      const [year, month] = (card?.expirationDate ?? "").split("-").map(Number);
      const now = new Date();
      if (!year || !month || year * 12 + month - 1 < now.getUTCFullYear() * 12 + now.getUTCMonth()) return problem("8", "The credit card has expired.", refId);
      const transId = String(nextId++);
      const base = { transId, refId, type: t.transactionType, amount, lastFour: number.slice(-4) };
      const account = { accountNumber: `XXXX${number.slice(-4)}`, accountType: number.startsWith("4") ? "Visa" : number.startsWith("5") ? "MasterCard" : number.startsWith("3") ? "AmericanExpress" : "Discover" };
      if (number === SANDBOX_NUMBERS.decline) {
        transactions.set(transId, { ...base, status: "declined" });
        return respond({ responseCode: "2", transId, ...account, errors: [{ errorCode: "2", errorText: "This transaction has been declined." }] }, refId);
      }
      if (number === SANDBOX_NUMBERS.error) {
        transactions.set(transId, { ...base, status: "generalError" });
        return problem("19", "An error occurred during processing. Please try again in 5 minutes.", refId, transId);
      }
      if (amount % 100 === 1) {
        transactions.set(transId, { ...base, status: "FDSPendingReview" });
        return respond({ responseCode: "4", transId, authCode: "", ...account, messages: [{ code: "252", description: "Your order has been received. Thank you for your business!" }] }, refId);
      }
      transactions.set(transId, { ...base, status: t.transactionType === "authOnlyTransaction" ? "authorizedPendingCapture" : "capturedPendingSettlement" });
      return respond({ responseCode: "1", transId, authCode: randomBytes(3).toString("hex").toUpperCase(), ...account, messages: [{ code: "1", description: "This transaction has been approved." }] }, refId);
    }
    const original = t.refTransId ? transactions.get(t.refTransId) : undefined;
    if (!original) return problem("16", "The transaction cannot be found.", refId);
    if (t.transactionType === "priorAuthCaptureTransaction") {
      if (original.status !== "authorizedPendingCapture") return problem("311", "This transaction has already been captured.", refId, original.transId);
      const amount = t.amount === undefined ? original.amount : minor(t.amount);
      if (!(amount > 0) || amount > original.amount) return problem("47", "The amount requested for settlement cannot be greater than the original amount authorized.", refId);
      original.status = "capturedPendingSettlement";
      const transId = String(nextId++);
      transactions.set(transId, { transId, refId, type: t.transactionType, status: "capturedPendingSettlement", amount, refTransId: original.transId });
      return respond({ responseCode: "1", transId, refTransID: original.transId, messages: [{ code: "1", description: "This transaction has been approved." }] }, refId);
    }
    if (t.transactionType === "voidTransaction") {
      if (!["authorizedPendingCapture", "capturedPendingSettlement", "FDSPendingReview"].includes(original.status)) {
        return problem("310", "This transaction has already been voided.", refId, original.transId);
      }
      original.status = "voided";
      return respond({ responseCode: "1", transId: original.transId, refTransID: original.transId, messages: [{ code: "1", description: "This transaction has been approved." }] }, refId);
    }
    return { refId, messages: fail("E00003", `transactionType ${String(t.transactionType)} is not supported by the sandbox.`) };
  }

  app.post(SANDBOX_PATH, async (request, reply) => {
    const body = (request.body ?? {}) as Partial<CreateTransactionRequest & GetTransactionDetailsRequest>;
    const call = body.createTransactionRequest ?? body.getTransactionDetailsRequest;
    let answer: CreateTransactionResponse | GetTransactionDetailsResponse;
    if (!call) answer = { messages: fail("E00003", "Unknown request.") };
    else if (call.merchantAuthentication?.name !== login || call.merchantAuthentication?.transactionKey !== key) {
      answer = { messages: fail("E00007", "User authentication failed due to invalid authentication values.") };
    } else if (body.getTransactionDetailsRequest) {
      const found = transactions.get(String(body.getTransactionDetailsRequest.transId));
      answer = found
        ? { messages: ok(), transaction: { transId: found.transId, transactionStatus: found.status, authAmount: found.amount / 100 } }
        : { messages: fail("E00040", "The record cannot be found.") };
    } else {
      const request = body.createTransactionRequest!;
      const once = request.refId ? `${request.refId}\u0000${request.transactionRequest?.transactionType}` : undefined;
      const first = once ? answered.get(once) : undefined;
      answer = first ?? create(request);
      if (once && !first) answered.set(once, answer);
    }
    // Authorize.net starts its JSON with a byte-order mark; clients must cope
    reply.header("content-type", "application/json; charset=utf-8");
    return reply.send(`\uFEFF${JSON.stringify(answer)}`);
  });

  async function review(transId: string, decision: "approve" | "decline") {
    const found = transactions.get(transId);
    if (!found || found.status !== "FDSPendingReview") throw new Error(`transaction ${transId} is not held for review`);
    found.status = decision === "decline" ? "declined" : found.type === "authCaptureTransaction" ? "capturedPendingSettlement" : "authorizedPendingCapture";
    const note: WebhookNotification = {
      notificationId: randomUUID(),
      eventType: decision === "decline" ? "net.authorize.payment.fraud.declined" : "net.authorize.payment.fraud.approved",
      eventDate: new Date().toISOString(),
      webhookId: "sandbox",
      payload: { responseCode: decision === "decline" ? 2 : 1, authAmount: found.amount / 100, entityName: "transaction", id: transId },
    };
    const body = JSON.stringify(note);
    if (!options.webhookUrl) return { body, status: null };
    const response = await fetch(options.webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signWebhook(body, signatureKey) },
      body,
    });
    return { body, status: response.status };
  }

  // the merchant's review decision, for trying the held-for-review path by hand in the demo
  app.post<{ Params: { transId: string; decision: string } }>("/sandbox/review/:transId/:decision", async (request, reply) => {
    const decision = request.params.decision === "decline" ? "decline" : "approve";
    try {
      return await review(request.params.transId, decision);
    } catch (error) {
      return reply.status(404).send({ error: (error as Error).message });
    }
  });

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? "127.0.0.1" });
  return {
    url: `${address}${SANDBOX_PATH}`,
    transactions: () => [...transactions.values()],
    review,
    close: () => app.close(),
  };
}
