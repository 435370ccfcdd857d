import http from "node:http";
import https from "node:https";

/** Connections to outside services (card gateway, captcha verifier) are kept open between calls. */
const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

export interface PostOptions {
  headers?: Record<string, string>;
  /** bound on the whole exchange, connection to last byte; past it the call fails with a TimeoutError */
  timeoutMs: number;
}

/**
 * One POST to an outside service: its status and body text. node:http rather than fetch: a card
 * order makes a gateway call, and fetch cost the api two to three times the CPU per call (about
 * 0.5 ms against 0.2 ms, measured against the sandbox gateway).
 */
export function post(url: string, body: string, options: PostOptions): Promise<{ status: number; text: string }> {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") return Promise.reject(new Error(`cannot post to a ${target.protocol} address`));
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, answer?: { status: number; text: string }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve(answer!);
    };
    const request = client.request(target, {
      method: "POST",
      agent: agents[target.protocol as keyof typeof agents],
      headers: { ...options.headers, "content-length": String(Buffer.byteLength(body)) },
    }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => settle(null, { status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", (error) => settle(error));
    });
    const timer = setTimeout(() => {
      const timeout = Object.assign(new Error(`no answer from ${target.host} within ${options.timeoutMs} ms`), { name: "TimeoutError" });
      settle(timeout);
      request.destroy(timeout);
    }, options.timeoutMs);
    request.on("error", (error) => settle(error));
    request.end(body);
  });
}
