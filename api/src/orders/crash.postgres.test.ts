import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { CSRF_HEADER } from "@store/contract";
import { buildApp } from "../app";
import { openDatabase, schema, type Database } from "../db/client";
import { insertCartFixtures } from "../cart/test-fixtures";

// The api as its own process on the PostgreSQL server (TEST_DATABASE_URL), killed with SIGKILL in
// the middle of 200 concurrent orders: every order must be whole or absent, and the stock must be
// the start minus what the standing orders hold. Runs only in the PostgreSQL pass (vitest.config.ts
// leaves *.postgres.test.ts out when TEST_DATABASE_URL is unset).

const here = path.dirname(fileURLToPath(import.meta.url));
const apiRoot = path.resolve(here, "../..");
const SHOPPERS = 200;
const START = { a: 1_000, b: 1_000 };

let database: Database;
let child: ChildProcess | undefined;
let dbName = "";
let dbUrl = "";
let base = "";

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function admin(query: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) throw new Error("this file needs TEST_DATABASE_URL (a PostgreSQL server)");
  dbName = `t_crash_${randomBytes(4).toString("hex")}`;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  dbUrl = url.toString();
  database = await openDatabase({ databaseUrl: dbUrl });
  await database.migrate();
  await insertCartFixtures(database.db);
  await database.db.insert(schema.storeConfigs).values({ storeCode: "default", config: {} });
  await database.db.insert(schema.products).values([
    { entityId: 950, sku: "CRASH-A", urlKey: "crash-a", name: "Crash Test Lamp", price: 1999, finalPrice: 1999, qty: START.a },
    { entityId: 951, sku: "CRASH-B", urlKey: "crash-b", name: "Crash Test Bulb", price: 499, finalPrice: 499, qty: START.b },
  ]);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await database?.close();
  if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

async function startApi(): Promise<ChildProcess> {
  const port = await freePort();
  base = `http://127.0.0.1:${port}/api/rest`;
  // node itself with tsx's loader: one process, so SIGKILL reaches the api (the tsx command would be a parent)
  const started = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiRoot,
    env: {
      ...process.env, DATABASE_URL: dbUrl, API_PORT: String(port), LOG_LEVEL: "error", RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
      PRUNE_INTERVAL_MINUTES: "1000", SMTP_URL: "", VITEST: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  started.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString(); });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (started.exitCode !== null) throw new Error(`api exited: ${stderr}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return started;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) throw new Error(`api did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A browser's cookie jar and CSRF token, calling through the storefront (a trusted proxy) from its own address. */
class Client {
  cookie = "";
  csrf = "";
  constructor(private readonly address: string) {}
  async call(method: string, url: string, body?: unknown) {
    const response = await fetch(`${base}${url}`, {
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

async function invariants() {
  const db = database.db;
  const orders = await db.select().from(schema.orders);
  const items = await db.select().from(schema.orderItems);
  const standing = orders.filter((o) => o.status !== "canceled");
  const held = (id: number) => standing.reduce((sum, o) => sum + o.heldStock.filter((h) => h.product_id === id).reduce((s, h) => s + h.qty, 0), 0);
  for (const o of orders) {
    // whole: both lines, and the stock it holds is what its lines took
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

describe("the api killed (SIGKILL) in the middle of 200 concurrent orders", () => {
  it("leaves every order whole or absent, and stock equal to the start minus what the orders hold", async () => {
    child = await startApi();
    const clients = Array.from({ length: SHOPPERS }, (_, i) => new Client(`10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`));
    for (let i = 0; i < clients.length; i += 20) await Promise.all(clients.slice(i, i + 20).map((c) => c.ready()));

    const placing = clients.map((c) => c.call("POST", "/cart/place", {}).then((r) => r.status, () => "dropped"));
    // kill once 60 orders are written, while the rest are in flight
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [row] = (await database.db.execute(sql`SELECT count(*)::int AS n FROM orders`) as unknown as { rows: Array<{ n: number }> }).rows;
      if (row!.n >= 60) break;
      if (Date.now() > deadline) throw new Error("no orders were written");
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill("SIGKILL");
    const outcomes = await Promise.all(placing);
    expect(outcomes.filter((o) => o === "dropped").length, "some requests were cut off by the kill").toBeGreaterThan(0);
    // the server ends the killed process's transactions; wait until none of its sessions is left
    const until = Date.now() + 10_000;
    for (;;) {
      const [row] = (await database.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`) as unknown as { rows: Array<{ n: number }> }).rows;
      if (row!.n === 0 || Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 50));
    }

    const afterCrash = await invariants();
    expect(afterCrash.length).toBeGreaterThanOrEqual(60);
    expect(afterCrash.length).toBeLessThanOrEqual(SHOPPERS);

    // recovery (what a restarted api runs at start): every interrupted order is applied or canceled, stock still adds up
    const app = await buildApp({ db: database.db });
    try {
      await app.services.orders.recover(0);
    } finally {
      await app.close();
    }
    const recovered = await invariants();
    expect(recovered.filter((o) => o.status === "pending_payment")).toEqual([]);
    for (const o of recovered.filter((o) => o.status === "processing")) {
      const [cart] = await database.db.select().from(schema.carts).where(eq(schema.carts.cartId, o.sourceCartId));
      expect(cart, "a placed order's cart is closed").toBeUndefined();
    }
  }, 180_000);
});
