import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

/** The server-side api client against a local HTTP server standing in for the api. */
let server: http.Server;
const seen: { url: string; headers: http.IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  server = http.createServer((request, response) => {
    seen.push({ url: request.url ?? "", headers: request.headers });
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (request.url === "/api/rest/config") return json(200, { name: "Hearth & Home ✓" });
    if (request.url === "/api/rest/products/none") return json(404, { messages: { error: [{ message: "The product does not exist." }] } });
    if (request.url === "/api/rest/down") return response.writeHead(503).end("down for maintenance");
    if (request.url === "/api/rest/not-json") return response.writeHead(200).end("<html>");
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("API_URL", `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});

afterAll(() => {
  vi.unstubAllEnvs();
  server.closeAllConnections();
  server.close();
});

const client = () => import("./api");

describe("apiGet", () => {
  it("reads the api's JSON with its language header", async () => {
    const { apiGet } = await client();
    expect(await apiGet("/config")).toEqual({ name: "Hearth & Home ✓" });
    expect(await apiGet("/config", { language: "fr-CA" })).toEqual({ name: "Hearth & Home ✓" });
    const calls = seen.filter((call) => call.url === "/api/rest/config");
    expect(calls.map((call) => [call.headers.accept, call.headers["x-language"]])).toEqual([["application/json", "en-US"], ["application/json", "fr-CA"]]);
  });

  it("turns an error answer into an ApiError with the api's message, or the status line when it has none", async () => {
    const { apiGet, ApiError } = await client();
    const missing = await apiGet("/products/none").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, message: "The product does not exist.", path: "/products/none" });
    await expect(apiGet("/down")).rejects.toMatchObject({ status: 503, message: "HTTP 503 Service Unavailable" });
    await expect(apiGet("/not-json")).rejects.toMatchObject({ status: 502, message: "the api's answer to GET /not-json is not JSON" });
  });

  it("is an ApiError with status 0 when the api cannot be reached", async () => {
    const { apiGet } = await client();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(apiGet("/config")).rejects.toMatchObject({ status: 0, path: "/config" });
  });
});
