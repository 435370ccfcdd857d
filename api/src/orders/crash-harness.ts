import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import { CSRF_HEADER } from "@store/contract";
import { schema, type Db } from "../db/client";
import { insertCartFixtures } from "../cart/test-fixtures";

/** What the crash tests share: the api as its own process, shoppers over HTTP, and the checks after a kill. */

const here = path.dirname(fileURLToPath(import.meta.url));
const apiRoot = path.resolve(here, "../..");
export const SHOPPERS = 200;
export const START = { a: 1_000, b: 1_000 };

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The store every crash test sells from: the cart fixtures, a store configuration, two products of 1,000 units. */
export async function insertCrashStore(db: Db): Promise<void> {
  await insertCartFixtures(db);
  await db.insert(schema.storeConfigs).values({ storeCode: "default", config: {} });
  await db.insert(schema.products).values([
    { entityId: 950, sku: "CRASH-A", urlKey: "crash-a", name: "Crash Test Lamp", price: 1999, finalPrice: 1999, qty: START.a },
    { entityId: 951, sku: "CRASH-B", urlKey: "crash-b", name: "Crash Test Bulb", price: 499, finalPrice: 499, qty: START.b },
  ]);
}

/** Starts `node --import tsx src/main.ts` (one process, so SIGKILL reaches the api itself) and waits for /health. */
export async function startApi(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/api/rest`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiRoot,
    env: {
      ...process.env, ...env, API_PORT: String(port), LOG_LEVEL: "error", RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
      PRUNE_INTERVAL_MINUTES: "1000", SMTP_URL: "", VITEST: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString(); });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base };
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`api did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A browser's cookie jar and CSRF token, calling through the storefront (a trusted proxy) from its own address. */
export class Client {
  cookie = "";
  csrf = "";
  constructor(private readonly base: string, private readonly address: string) {}
  async call(method: string, url: string, body?: unknown) {
    const response = await fetch(`${this.base}${url}`, {
      method,
      headers: {
        cookie: this.cookie, "x-forwarded-for": this.address, [CSRF_HEADER]: this.csrf,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = response.headers.getSetCookie().find((c) => c.startsWith("sid="));
    if (set) this.cookie = set.split(";")[0]!;
    return { status: response.status, text: await response.text() };
  }
  /** A cart ready to place: one lamp and two bulbs, addresses, email, flat rate, check / money order. */
  async ready() {
    const session = await this.call("GET", "/customers/self/session");
    this.csrf = JSON.parse(session.text).customer_data.csrf_token;
    const steps: Array<[string, string, unknown]> = [
      ["POST", "/cart/items", { items: [{ product_id: 950 }, { product_id: 951, qty: 2 }] }],
      ["PUT", "/cart/billing_address", {
        firstname: "Pat", lastname: "Doe", street: ["1 Main St"], city: "Seattle", region: "WA", postcode: "98101", country_id: "US",
        telephone: "206-555-0100", email: "pat@example.com",
      }],
      ["PUT", "/cart/shipping_address", { same_as_billing: true }],
      ["PUT", "/cart", { email: "pat@example.com" }],
      ["PUT", "/cart/shipping", { method: "flatrate_flatrate" }],
      ["PUT", "/cart/payment", { method: "checkmo" }],
    ];
    for (const [method, url, body] of steps) {
      const r = await this.call(method, url, body);
      if (r.status !== 200) throw new Error(`${method} ${url}: ${r.status} ${r.text}`);
    }
  }
}

/** 200 shoppers with ready carts, readied 20 at a time. */
export async function readyShoppers(base: string): Promise<Client[]> {
  const clients = Array.from({ length: SHOPPERS }, (_, i) => new Client(base, `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`));
  for (let i = 0; i < clients.length; i += 20) await Promise.all(clients.slice(i, i + 20).map((c) => c.ready()));
  return clients;
}

/** Every order whole (both lines, the stock it holds matching them); stock = start − what standing orders hold. */
export async function checkInvariants(db: Db) {
  const orders = await db.select().from(schema.orders);
  const items = await db.select().from(schema.orderItems);
  const standing = orders.filter((o) => o.status !== "canceled");
  const held = (id: number) => standing.reduce((sum, o) => sum + o.heldStock.filter((h) => h.product_id === id).reduce((s, h) => s + h.qty, 0), 0);
  for (const o of orders) {
    const lines = items.filter((i) => i.orderId === o.entityId);
    expect(lines.map((l) => [l.sku, l.qty]).sort()).toEqual([["CRASH-A", 1], ["CRASH-B", 2]]);
    expect(o.heldStock.map((h) => [h.product_id, h.qty]).sort()).toEqual([[950, 1], [951, 2]]);
  }
  const [a] = await db.select({ qty: schema.products.qty }).from(schema.products).where(eq(schema.products.entityId, 950));
  const [b] = await db.select({ qty: schema.products.qty }).from(schema.products).where(eq(schema.products.entityId, 951));
  expect(a!.qty).toBe(START.a - held(950));
  expect(b!.qty).toBe(START.b - held(951));
  return orders;
}
