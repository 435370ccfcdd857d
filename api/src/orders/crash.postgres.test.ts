import { randomBytes } from "node:crypto";
import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp } from "../app";
import { openDatabase, schema, type Database } from "../db/client";
import { SHOPPERS, checkInvariants, insertCrashStore, readyShoppers, startApi } from "./crash-harness";

// The api as its own process on the PostgreSQL server (TEST_DATABASE_URL), killed with SIGKILL in
// the middle of 200 concurrent orders: every order must be whole or absent, and the stock must be
// the start minus what the standing orders hold. Runs only in the PostgreSQL pass (vitest.config.ts
// leaves *.postgres.test.ts out when TEST_DATABASE_URL is unset).

let database: Database;
let child: ChildProcess | undefined;
let dbName = "";
let dbUrl = "";

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
  await insertCrashStore(database.db);
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  await database?.close();
  if (dbName) await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

const count = async (query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;

describe("the api killed (SIGKILL) in the middle of 200 concurrent orders on the PostgreSQL server", () => {
  it("leaves every order whole or absent, and stock equal to the start minus what the orders hold", async () => {
    const api = await startApi({ DATABASE_URL: dbUrl });
    child = api.child;
    const clients = await readyShoppers(api.base);

    const placing = clients.map((c) => c.call("POST", "/cart/place", {}).then((r) => r.status, () => "dropped"));
    // kill once 60 orders are written, while the rest are in flight
    const deadline = Date.now() + 30_000;
    while ((await count(sql`SELECT count(*)::int AS n FROM orders`)) < 60) {
      if (Date.now() > deadline) throw new Error("no orders were written");
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill("SIGKILL");
    const outcomes = await Promise.all(placing);
    expect(outcomes.filter((o) => o === "dropped").length, "some requests were cut off by the kill").toBeGreaterThan(0);
    // the server rolls back the killed process's open transactions once it sees the sockets close
    const until = Date.now() + 10_000;
    while ((await count(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database()
      AND pid <> pg_backend_pid() AND state LIKE 'idle in transaction%'`)) > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 50));
    }

    const afterCrash = await checkInvariants(database.db);
    expect(afterCrash.length).toBeGreaterThanOrEqual(60);
    expect(afterCrash.length).toBeLessThanOrEqual(SHOPPERS);

    // recovery (what a restarted api runs at start): every interrupted order is applied or canceled, stock still adds up
    const app = await buildApp({ db: database.db });
    try {
      await app.services.orders.recover(0);
    } finally {
      await app.close();
    }
    const recovered = await checkInvariants(database.db);
    expect(recovered.filter((o) => o.status === "pending_payment")).toEqual([]);
    for (const o of recovered.filter((o) => o.status === "processing")) {
      const [cart] = await database.db.select().from(schema.carts).where(eq(schema.carts.cartId, o.sourceCartId));
      expect(cart, "a placed order's cart is closed").toBeUndefined();
    }
  }, 180_000);
});
