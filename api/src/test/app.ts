import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { CSRF_HEADER } from "@store/contract";
import { buildApp, type AppOptions } from "../app";
import type { Database, Db } from "../db/client";
import { createTestDatabase } from "./database";

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/** The whole api in process over a fresh database, answering through inject. */
export async function createTestApp(options: Partial<AppOptions> = {}): Promise<{ app: TestApp; database: Database; close(): Promise<void> }> {
  const database = await createTestDatabase();
  const app = await buildApp({ db: database.db, validateResponses: true, ...options });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface TestContext {
  app: TestApp;
  db: Db;
}

/**
 * The api for one test file: built on a fresh database before its tests, with `fill` run on that
 * database first (fixtures), and closed after them. Read `app` and `db` inside tests and hooks.
 */
export function useTestApp(fill?: (db: Db) => Promise<unknown>, options: Partial<AppOptions> = {}): TestContext {
  const context = {} as TestContext;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const created = await createTestApp(options);
    close = created.close;
    context.app = created.app;
    context.db = created.database.db;
    await fill?.(context.db);
  });
  afterAll(() => close?.());
  return context;
}

/** A shopper's cookie jar and CSRF token, as a browser would hold them, calling from `remoteAddress` (default: loopback). */
export class Shopper {
  cookie = "";
  csrf = "";
  constructor(private readonly app: TestApp, private readonly options: { remoteAddress?: string } = {}) {}

  private remember(response: LightMyRequestResponse) {
    const set = response.cookies.find((c) => c.name === "sid");
    if (set) this.cookie = `sid=${set.value}`;
  }

  async startSession() {
    const response = await this.get("/api/rest/customers/self/session");
    this.csrf = response.json().customer_data.csrf_token;
    return response;
  }

  async get(url: string, headers: Record<string, string> = {}) {
    const response = await this.app.inject({ method: "GET", url, headers: { cookie: this.cookie, ...headers }, remoteAddress: this.options.remoteAddress });
    this.remember(response);
    return response;
  }

  async send(method: "POST" | "PUT" | "DELETE", url: string, payload?: unknown, options: { csrf?: boolean; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { cookie: this.cookie, ...options.headers };
    if (options.csrf !== false) headers[CSRF_HEADER] = this.csrf;
    const response = await this.app.inject({ method, url, payload: payload as object, headers, remoteAddress: this.options.remoteAddress });
    this.remember(response);
    return response;
  }
}

/** Polls (every 25 ms, for at most `ms`) until `check` holds; answers how long it took. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return Date.now() - start;
}
