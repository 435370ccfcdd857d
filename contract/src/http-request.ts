import http from "node:http";
import https from "node:https";

// Server-only: import it as "@store/contract/http-request", never from the package's index (the
// browser bundles that).

/** Connections are kept open between calls (to the api, a card gateway, a captcha verifier). */
const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

export interface RequestOptions {
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** bound on the whole exchange, connection to last byte; past it the call fails with a TimeoutError */
  timeoutMs: number;
}

export interface Answer {
  status: number;
  /** the status line's reason ("Service Unavailable") */
  statusText: string;
  text: string;
}

/**
 * One HTTP exchange: its status and body text. node:http rather than fetch: fetch cost the api two
 * to three times the CPU per gateway call (about 0.5 ms against 0.2 ms), and a storefront render
 * about a twentieth more CPU for its api reads.
 *
 * A GET whose kept-open connection the other side had just closed is sent once more on a new one
 * (nothing was answered on it); other methods are never sent twice.
 */
export function httpRequest(url: string, options: RequestOptions): Promise<Answer> {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:") return Promise.reject(new Error(`cannot call a ${target.protocol} address`));
  const method = options.method ?? "GET";
  const send = (retried: boolean) => new Promise<Answer>((resolve, reject) => {
    let settled = false;
    const settle = (error: Error | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (!error) resolve(answer!);
      else if (!retried && method === "GET" && outgoing.reusedSocket && (error as NodeJS.ErrnoException).code === "ECONNRESET") resolve(send(true));
      else reject(error);
    };
    const headers = options.body === undefined ? options.headers : { ...options.headers, "content-length": String(Buffer.byteLength(options.body)) };
    const outgoing = (target.protocol === "https:" ? https : http).request(target, { method, agent: agents[target.protocol as keyof typeof agents], headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => settle(null, { status: response.statusCode ?? 0, statusText: response.statusMessage ?? "", text: Buffer.concat(chunks).toString("utf8") }));
      response.on("error", (error) => settle(error));
    });
    const timer = setTimeout(() => {
      const timeout = Object.assign(new Error(`no answer from ${target.host} within ${options.timeoutMs} ms`), { name: "TimeoutError" });
      settle(timeout);
      outgoing.destroy(timeout);
    }, options.timeoutMs);
    outgoing.on("error", (error) => settle(error));
    outgoing.end(options.body);
  });
  return send(false);
}
