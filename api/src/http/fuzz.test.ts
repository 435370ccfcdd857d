import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { CSRF_HEADER } from "@store/contract";
import { Shopper, useTestApp } from "../test/app";
import { CUSTOMERS, insertProductFixtures } from "../product/test-fixtures";

/**
 * Malformed input against every route of the published OpenAPI document: a route added later is
 * covered without editing this file. Any 5xx fails, and so does any non-2xx answer that is not
 * exactly {"messages":{"error":[{"message":"…"}]}} in JSON.
 */

const t = useTestApp(insertProductFixtures);

type Method = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
interface Operation {
  parameters?: { in: string; name: string; schema?: { type?: string } }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}
interface Case extends InjectOptions {
  method: Method;
  url: string;
  why: string;
}

/** mulberry32: a small seeded generator, so a failure is reproducible. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20261124);
function sample<T>(items: T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, n);
}

/** Values that make a path reach real data in the fixtures; any other parameter gets "1". */
const GOOD_PATH: Record<string, string> = {
  id: "120", identifier: "home", key: "appliances", term: "fridge", zip: "90001", type: "home",
  attribute: "color", value: "white", values: "1", bannerId: "1", "*": "brand/frostline.png", form: "contact",
};

/** Already percent-encoded text for a path segment or a query value. */
const NASTY_URL_TEXT = [
  "%00", "a%00b", "%ED%A0%80", "%ED%B0%80x", "%01%07%1B%7F", "%C2%85%E2%80%A8", "__proto__", "constructor", "prototype",
  "toString", "hasOwnProperty", "x".repeat(5000), "%E0%A4%A", "%", "%%", "%zz", "..%2F..%2Fetc%2Fpasswd", "..", "-1", "0",
  "99999999999999999999999", "1e309", "NaN", "Infinity", "-0", "1.5", "0x10", "%F0%9F%98%80", "%20", "'%3B--", "%22%5C",
];
/** Query strings that are odd in their shape rather than their value. */
const ODD_QUERIES = [
  "__proto__=1", "__proto__[x]=1", "constructor=1", "constructor[prototype][x]=1", "prototype=1", "toString=1",
  "hasOwnProperty=1", "a[b][c][d]=1", "%00=1", "%ED%A0%80=1", "=", "&&&", "%=%", "filter[0][attribute]=__proto__&filter[0][in]=x",
  "filter[0][attribute]=constructor&filter[0][in]=toString", "filter[__proto__][in]=1", "filter[0][attribute]=price&filter[0][from]=1e309",
  `${"k".repeat(3000)}=1`, Array.from({ length: 500 }, (_, i) => `p${i}=${i}`).join("&"),
];

/** JSON values of every kind, for each property of a body. */
const WRONG_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, "", " ", "NaN", "Infinity", "x".repeat(5000), "a\u0000b", "\uD800",
  "x\uDC00", "\u0007\u001B\u007F", "\u202E", [], [1, "a", null], {}, { __proto__: null, x: 1 }, ["\u0000"], { "\u0000": 1 },
];
const RAW_BODIES: { payload: string; why: string }[] = [
  { payload: "", why: "empty body" },
  { payload: "{", why: "truncated JSON" },
  { payload: "{\"a\":}", why: "invalid JSON" },
  { payload: "nul", why: "bare word" },
  { payload: "null", why: "null" },
  { payload: "123", why: "number" },
  { payload: "\"text\"", why: "string" },
  { payload: "[]", why: "array" },
  { payload: "NaN", why: "NaN" },
  { payload: "{\"__proto__\":{\"polluted\":1}}", why: "__proto__ key" },
  { payload: "{\"constructor\":{\"prototype\":{\"polluted\":1}}}", why: "constructor key" },
  { payload: "{\"a\":{\"__proto__\":{\"x\":1}}}", why: "nested __proto__ key" },
  { payload: "{\"x\\u0000\":1}", why: "NUL in a key" },
  { payload: "{\"x\":\"\\ud800\"}", why: "lone surrogate in a string" },
  { payload: "{\"x\":\"\\u0000\"}", why: "NUL in a string" },
  { payload: "[".repeat(10_000) + "]".repeat(10_000), why: "10,000-deep arrays" },
  { payload: "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000), why: "10,000-deep objects" },
  { payload: "{\"a\":1,\"a\":2}", why: "duplicate keys" },
  { payload: "\uFEFF{}", why: "byte-order mark" },
  { payload: "{\"x\":1e999}", why: "number out of range" },
];
const WRONG_CONTENT_TYPES = [
  "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml",
  "application/json; charset=utf-16", "application/json; charset=latin1", "application/jsonx", "*/*", "",
];
const OVERSIZED = JSON.stringify({ x: "y".repeat(300 * 1024) });

function pathWith(template: string, values: Record<string, string>) {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => values[name] ?? GOOD_PATH[name] ?? "1");
}

/** The route's body properties (first JSON schema, following anyOf), or none. */
function bodyProperties(operation: Operation): string[] {
  const schema = operation.requestBody?.content["application/json"]?.schema;
  const props = schema?.properties ?? schema?.anyOf?.find((s) => s.properties)?.properties;
  return Object.keys(props ?? {});
}

function casesFor(template: string, method: Method, operation: Operation): Case[] {
  const cases: Case[] = [];
  const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name);
  const queryParams = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  const base = pathWith(template, {});

  for (const name of pathParams) {
    for (const text of sample(NASTY_URL_TEXT, 14)) cases.push({ method, url: pathWith(template, { [name]: text }), why: `path ${name}` });
  }
  // the whole path, not only its parameters
  for (const suffix of ["%", "%E0%A4%A", "%00", "/..%2F..%2F", "/" + "a".repeat(3000), "//", "/%2e%2e/"]) {
    cases.push({ method, url: base + suffix, why: "path suffix" });
  }

  const queries: string[] = [];
  for (const name of queryParams) {
    for (const text of NASTY_URL_TEXT) queries.push(`${name}=${text}`);
    queries.push(`${name}=1&${name}=2`, `${name}[]=1`, `${name}[x]=1`, `${name}`);
  }
  for (const q of sample(queries, 30)) cases.push({ method, url: `${base}?${q}`, why: "query" });
  for (const q of sample(ODD_QUERIES, 8)) cases.push({ method, url: `${base}?${q}`, why: "odd query" });

  if (method !== "GET") {
    const json = { "content-type": "application/json" };
    const bodies: Case[] = [];
    for (const prop of bodyProperties(operation)) {
      for (const value of WRONG_VALUES) bodies.push({ method, url: base, headers: json, payload: JSON.stringify({ [prop]: value }), why: `body ${prop}` });
    }
    for (const raw of RAW_BODIES) bodies.push({ method, url: base, headers: json, payload: raw.payload, why: `body ${raw.why}` });
    for (const type of WRONG_CONTENT_TYPES) bodies.push({ method, url: base, headers: { "content-type": type }, payload: "{\"a\":1}", why: `content type ${type}` });
    bodies.push({ method, url: base, headers: json, payload: OVERSIZED, why: "body over the limit" });
    cases.push(...sample(bodies, 40));
    // always the structural ones, whatever the sample chose
    for (const raw of RAW_BODIES.slice(9, 17)) cases.push({ method, url: base, headers: json, payload: raw.payload, why: `body ${raw.why}` });
  }
  return cases;
}

const ERROR_KEYS = ["messages"];
/** Exactly {"messages":{"error":[{"message":"…"}, …]}}, nothing more. */
function isErrorShape(body: unknown): boolean {
  if (!body || typeof body !== "object" || Array.isArray(body)) return false;
  if (Object.keys(body).join() !== ERROR_KEYS.join()) return false;
  const messages = (body as { messages: unknown }).messages;
  if (!messages || typeof messages !== "object" || Object.keys(messages).join() !== "error") return false;
  const list = (messages as { error: unknown }).error;
  return Array.isArray(list) && list.length > 0
    && list.every((m) => m && typeof m === "object" && Object.keys(m).join() === "message" && typeof m.message === "string" && m.message.length > 0);
}

function problem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (response.statusCode < 300) return undefined;
  if (!String(response.headers["content-type"] ?? "").startsWith("application/json")) return `answered ${response.statusCode} as ${response.headers["content-type"]}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `answered ${response.statusCode} with invalid JSON`;
  }
  return isErrorShape(body) ? undefined : `answered ${response.statusCode} outside the error shape`;
}

interface Identity {
  name: string;
  headers: Record<string, string>;
}

/** A fresh guest session and a fresh signed-in customer for each route, so sign-out cases do not leak. */
async function identities(): Promise<Identity[]> {
  const guest = new Shopper(t.app);
  await guest.startSession();
  const customer = new Shopper(t.app);
  await customer.startSession();
  const signIn = await t.app.inject({
    method: "POST", url: "/api/rest/customers/self/session", remoteAddress: nextAddress(),
    headers: { cookie: customer.cookie, [CSRF_HEADER]: customer.csrf }, payload: { login: CUSTOMERS.alice.email, password: CUSTOMERS.alice.password },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const sid = signIn.cookies.find((c) => c.name === "sid");
  if (sid) customer.cookie = `sid=${sid.value}`;
  const csrf = (await customer.get("/api/rest/customers/self/session")).json().customer_data.csrf_token as string;
  // the customer's own data answers, so fuzzed calls with this identity reach signed-in handlers
  expect((await customer.get("/api/rest/customer/wishlist/items")).statusCode).toBe(200);
  return [
    { name: "stranger", headers: {} },
    { name: "guest session", headers: { cookie: guest.cookie, [CSRF_HEADER]: guest.csrf } },
    { name: "signed in", headers: { cookie: customer.cookie, [CSRF_HEADER]: csrf } },
  ];
}

let client = 0;
/** A distinct client address per request, so rate limits do not turn this into a 429 test. */
function nextAddress() {
  client++;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
}

describe("malformed input against every route of the OpenAPI document", () => {
  it("never answers 5xx nor outside the error shape", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/rest/openapi.json" })).json() as { paths: Record<string, Record<string, Operation>> };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase() as Method, operation })));
    expect(routes.length).toBeGreaterThan(30);

    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      // each case as a stranger and as a signed-in customer; mutating calls also as a guest with a
      // session, all with a valid CSRF token so they reach the handlers
      const [stranger, guest, customer] = await identities();
      const who = route.method === "GET" ? [stranger!, customer!] : [stranger!, guest!, customer!];
      for (const c of casesFor(route.path, route.method, route.operation)) {
        for (const identity of who) {
          const headers = { ...(c.headers as Record<string, string> | undefined), ...identity.headers };
          const response = await t.app.inject({ ...c, headers, remoteAddress: nextAddress() });
          sent++;
          const wrong = problem(response);
          if (wrong) failures.push(`${c.method} ${c.url.slice(0, 160)} [${c.why}, ${identity.name}] ${wrong}: ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(sent).toBeGreaterThan(routes.length * 40);
    expect(failures.slice(0, 40), `${failures.length} of ${sent} requests failed`).toEqual([]);
  }, 120_000);
});
