import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export interface VerifierRequest {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
}

/**
 * A local reCAPTCHA verifier speaking Google's siteverify protocol: a form POST of secret,
 * response and remoteip, answered with {success, score?, action?, "error-codes"}. Tokens in
 * `valid` pass (with the secret `secret`); `mode` makes it misbehave the ways a real one can.
 */
export class RecaptchaPeer {
  readonly requests: VerifierRequest[] = [];
  mode: "normal" | "error" | "slow" = "normal";
  /** score answered with a passing token (v3); undefined: none (v2) */
  score: number | undefined;

  private constructor(private readonly server: Server, readonly port: number, readonly secret: string, readonly valid: Set<string>) {}

  static async start(secret = "test-secret", valid: string[] = ["good-token"]): Promise<RecaptchaPeer> {
    let peer: RecaptchaPeer | undefined;
    const server = createServer((request, response) => void peer!.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    peer = new RecaptchaPeer(server, (server.address() as AddressInfo).port, secret, new Set(valid));
    return peer;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/recaptcha/api/siteverify`;
  }

  private async handle(request: IncomingMessage, response: import("node:http").ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    this.requests.push({ secret: form.get("secret"), response: form.get("response"), remoteip: form.get("remoteip") });
    if (this.mode === "error") {
      response.writeHead(502).end("bad gateway");
      return;
    }
    if (this.mode === "slow") return; // never answers: the client's timeout must end the wait
    const json = (body: object) => response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    if (request.method !== "POST" || form.get("secret") !== this.secret) return json({ success: false, "error-codes": ["invalid-input-secret"] });
    const token = form.get("response");
    if (!token) return json({ success: false, "error-codes": ["missing-input-response"] });
    if (!this.valid.has(token)) return json({ success: false, "error-codes": ["invalid-input-response"] });
    return json({ success: true, challenge_ts: new Date().toISOString(), hostname: "localhost", ...(this.score === undefined ? {} : { score: this.score, action: "submit" }) });
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A verifier for one test file: started before its tests, closed after. `options` goes to the app
 * (`useTestApp(fill, { recaptcha: options })`); its address is filled in once the verifier listens,
 * and the app reads it through that object. Tokens in `valid` pass with the secret "test-secret".
 */
export function useRecaptchaPeer(valid: string[] = ["good-token"]) {
  const options = { verifyUrl: "", secret: "test-secret", timeoutMs: 1_000 };
  const context = { options, peer: undefined as unknown as RecaptchaPeer };
  beforeAll(async () => {
    context.peer = await RecaptchaPeer.start(options.secret, valid);
    options.verifyUrl = context.peer.url;
  });
  afterAll(() => context.peer?.close());
  return context;
}
