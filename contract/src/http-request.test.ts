import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest } from "./http-request";

/**
 * A server standing in for the other side. On a kept-open connection that has already answered a
 * /closing… address, it closes the socket unanswered when that address comes again: what a client
 * meets when the other side has just closed an idle connection.
 */
let server: http.Server;
let base: string;
const arrived: { method: string; url: string; body: string; connection: number }[] = [];

beforeAll(async () => {
  let connections = 0;
  server = http.createServer((request, response) => {
    const connection = (request.socket as { id?: number }).id ?? 0;
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => { body += chunk; });
    request.on("end", () => {
      arrived.push({ method: request.method ?? "", url: request.url ?? "", body, connection });
      const again = arrived.filter((call) => call.connection === connection && call.url === request.url).length > 1;
      if (request.url === "/slow") return; // never answered
      if (request.url?.startsWith("/closing") && again) return request.socket.destroy();
      response.writeHead(request.url === "/missing" ? 404 : 200, { "content-type": "text/plain" });
      response.end(`${request.method} ${request.url} ${body}`.trim());
    });
  });
  server.on("connection", (socket) => { (socket as { id?: number }).id = ++connections; });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("httpRequest", () => {
  it("answers the status, its reason and the body text, on one kept-open connection", async () => {
    const first = await httpRequest(`${base}/missing`, { timeoutMs: 2_000 });
    const second = await httpRequest(`${base}/missing`, { timeoutMs: 2_000 });
    expect(first).toEqual({ status: 404, statusText: "Not Found", text: "GET /missing" });
    expect(second.status).toBe(404);
    const calls = arrived.filter((call) => call.url === "/missing");
    expect(calls[0]!.connection).toBe(calls[1]!.connection);
  });

  it("sends a POST's body with its length", async () => {
    const answer = await httpRequest(`${base}/form`, { method: "POST", body: "a=1&b=ü", headers: { "content-type": "application/x-www-form-urlencoded" }, timeoutMs: 2_000 });
    expect(answer).toMatchObject({ status: 200, text: "POST /form a=1&b=ü" });
  });

  it("sends a GET once more, on a new connection, when the kept-open one was closed unanswered", async () => {
    expect((await httpRequest(`${base}/closing-get`, { timeoutMs: 2_000 })).text).toBe("GET /closing-get");
    expect((await httpRequest(`${base}/closing-get`, { timeoutMs: 2_000 })).text).toBe("GET /closing-get");
    const calls = arrived.filter((call) => call.url === "/closing-get");
    expect(calls).toHaveLength(3);
    expect(calls[1]!.connection).toBe(calls[0]!.connection);
    expect(calls[2]!.connection).not.toBe(calls[1]!.connection);
  });

  it("never sends a POST twice: the closed connection is the caller's error", async () => {
    await httpRequest(`${base}/closing-post`, { method: "POST", body: "1", timeoutMs: 2_000 });
    await expect(httpRequest(`${base}/closing-post`, { method: "POST", body: "2", timeoutMs: 2_000 })).rejects.toMatchObject({ code: "ECONNRESET" });
    expect(arrived.filter((call) => call.url === "/closing-post").map((call) => call.body)).toEqual(["1", "2"]);
  });

  it("fails with a TimeoutError when the whole exchange takes longer than its bound", async () => {
    const started = Date.now();
    await expect(httpRequest(`${base}/slow`, { timeoutMs: 200 })).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("refuses an address that is not http or https", async () => {
    await expect(httpRequest("file:///etc/passwd", { timeoutMs: 200 })).rejects.toThrow("cannot call a file: address");
  });
});
