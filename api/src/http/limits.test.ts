import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type AppOptions } from "../app";
import type { Database } from "../db/client";
import { createTestDatabase } from "../test/database";
import { Shopper, type TestApp } from "../test/app";

const SIGN_OUT = "/api/rest/customers/self/session";
const TOO_MANY = { messages: { error: [{ message: "Too many requests. Please wait a minute and try again." }] } };

let database: Database;
const apps: TestApp[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.close();
});

/** An api over the file's database; `extend` may add routes before it starts. */
async function api(options: Partial<AppOptions> = {}, extend?: (app: TestApp) => void): Promise<TestApp> {
  const app = await buildApp({ db: database.db, validateResponses: true, ...options });
  apps.push(app);
  extend?.(app);
  await app.ready();
  return app;
}

/** Signs out (a mutating route that sets no limit of its own) `times` times; the status codes. */
async function signOuts(shopper: Shopper, times: number, forwardedFor?: (i: number) => string): Promise<number[]> {
  await shopper.startSession();
  const codes: number[] = [];
  for (let i = 0; i < times; i++) {
    const headers = forwardedFor ? { "x-forwarded-for": forwardedFor(i) } : undefined;
    const response = await shopper.send("DELETE", SIGN_OUT, undefined, { headers });
    codes.push(response.statusCode);
    if (response.statusCode === 200) shopper.csrf = response.json().customer_data.csrf_token;
  }
  return codes;
}

describe("default limit on every mutating route", () => {
  it("answers 429 in the error shape after the default number of writes per client", async () => {
    const app = await api({ rateLimitMax: 3 });
    const shopper = new Shopper(app, { remoteAddress: "203.0.113.10" });
    await shopper.startSession();
    for (let i = 0; i < 3; i++) {
      const response = await shopper.send("DELETE", SIGN_OUT);
      expect(response.statusCode).toBe(200);
      shopper.csrf = response.json().customer_data.csrf_token;
    }
    const refused = await shopper.send("DELETE", SIGN_OUT);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // another client is not held back by the first one
    expect(await signOuts(new Shopper(app, { remoteAddress: "203.0.113.11" }), 3)).toEqual([200, 200, 200]);
  });

  it("limits a mutating route added after the limits were set up, without it asking", async () => {
    const app = await api({ rateLimitMax: 2 }, (instance) => {
      instance.post("/later", async () => ({ ok: true }));
      instance.get("/later", async () => ({ ok: true }));
    });
    const post = () => app.inject({ method: "POST", url: "/later", remoteAddress: "198.51.100.20" });
    expect([(await post()).statusCode, (await post()).statusCode]).toEqual([200, 200]);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    // reads stay unlimited
    for (let i = 0; i < 5; i++) {
      const read = await app.inject({ url: "/later", remoteAddress: "198.51.100.20" });
      expect(read.statusCode).toBe(200);
      expect(read.headers["x-ratelimit-limit"]).toBeUndefined();
    }
  });
});

describe("client address behind proxies", () => {
  it("ignores X-Forwarded-For from an address that is not a trusted proxy", async () => {
    const app = await api({ rateLimitMax: 3 });
    const spoofer = new Shopper(app, { remoteAddress: "203.0.113.30" });
    expect(await signOuts(spoofer, 4, (i) => `192.0.2.${i + 1}`)).toEqual([200, 200, 200, 429]);
  });

  it("believes X-Forwarded-For from the storefront on loopback by default, and from configured proxies only", async () => {
    const byDefault = await api({ rateLimitMax: 3 });
    // a new forwarded client each time: each its own allowance
    expect(await signOuts(new Shopper(byDefault, { remoteAddress: "127.0.0.1" }), 4, (i) => `192.0.2.${i + 1}`)).toEqual([200, 200, 200, 200]);
    // the same forwarded client: counted as one
    expect(await signOuts(new Shopper(byDefault, { remoteAddress: "::1" }), 4, () => "192.0.2.99")).toEqual([200, 200, 200, 429]);

    const configured = await api({ rateLimitMax: 3, trustedProxies: ["10.1.0.0/16"] });
    expect(await signOuts(new Shopper(configured, { remoteAddress: "10.1.2.3" }), 4, (i) => `192.0.2.${i + 1}`)).toEqual([200, 200, 200, 200]);
    expect(await signOuts(new Shopper(configured, { remoteAddress: "10.1.2.3" }), 4, () => "192.0.2.50")).toEqual([200, 200, 200, 429]);
    // loopback is no longer trusted once proxies are named
    expect(await signOuts(new Shopper(configured, { remoteAddress: "127.0.0.1" }), 4, (i) => `192.0.2.${i + 100}`)).toEqual([200, 200, 200, 429]);
  });
});
