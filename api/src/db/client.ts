import { fileURLToPath } from "node:url";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { StatementNames } from "./statement-names";
import { PgliteStatements } from "./pglite-statements";
import { EmbeddedClient } from "./embedded";
import { lockDataDir } from "./data-dir-lock";

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The embedded database behind a drizzle handle (it runs one statement at a time), or null for a PostgreSQL server. */
export function embeddedClient(db: Db): PGlite | null {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite || client instanceof EmbeddedClient ? (client as PGlite) : null;
}

/**
 * Subscribes to a notification channel (PostgreSQL LISTEN). `onLive(false)` says notifications may
 * be missed from now on (the listening connection dropped: caches must start over), `onLive(true)`
 * that it listens again (it reconnects by itself). Answers how to stop, and `sync`: runs a read
 * (`SELECT 1` when none is given) on the listening connection and answers its rows once every
 * notification committed before it was sent has been handed to onMessage.
 */
export type Listen = (channel: string, onMessage: (payload: string) => void, onLive: (live: boolean) => void) =>
  Promise<{ stop: () => Promise<void>; sync: ((read?: RoundRead) => Promise<unknown[]>) | null }>;

/** A read sent as a change-feed round: a named statement (prepared once per connection) and its values. */
export interface RoundRead {
  name: string;
  text: string;
  values: unknown[];
}

/** How a database built here listens; a Db from elsewhere has no entry, and nothing caches over it. */
const listeners = new WeakMap<Db, Listen>();
export const listenerOf = (db: Db): Listen | undefined => listeners.get(db);

/** LISTEN on a connection of its own (pool connections are shared), reconnecting after a drop. */
function serverListen(connectionString: string): Listen {
  return async (channel, onMessage, onLive) => {
    let client: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | undefined;
    const connect = async (): Promise<void> => {
      const c = new pg.Client({ connectionString });
      c.on("notification", (m) => {
        if (m.channel === channel) onMessage(m.payload ?? "");
      });
      c.on("error", () => undefined);
      c.on("end", () => {
        if (stopped || client !== c) return;
        client = null;
        onLive(false);
        reconnect();
      });
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = c;
    };
    const reconnect = () => {
      retry = setTimeout(() => {
        connect().then(() => onLive(true), reconnect);
      }, 1_000);
    };
    await connect();
    // one statement at a time on the connection, in the order asked (a round's answer vouches for
    // what committed before it was sent, and it is sent after it was asked)
    let last: Promise<unknown> = Promise.resolve();
    const inTurn = <T>(run: () => Promise<T>): Promise<T> => {
      const turn = last.then(run, run);
      last = turn.catch(() => undefined);
      return turn;
    };
    return {
      stop: async () => {
        stopped = true;
        clearTimeout(retry);
        await client?.end().catch(() => undefined);
      },
      // the server sends a listening connection's notifications as they commit, in order on its
      // socket: a query's answer comes after every notification committed before it was sent
      sync: (read) => inTurn(async () => {
        if (!read) return client ? (await client.query("SELECT 1")).rows : [];
        if (!client) throw new Error("not listening");
        return (await client.query({ name: read.name, text: read.text, values: read.values })).rows;
      }),
    };
  };
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… runs on a PostgreSQL server; otherwise the embedded PGlite */
  databaseUrl?: string;
  /** PGlite data directory; omitted (or "memory://") keeps the database in memory */
  dataDir?: string;
}

/** Migrations sit beside this file in source and beside main.js in the build. */
function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, "migrations"), path.join(here, "db", "migrations")]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`migrations folder not found near ${here}`);
}

/** Ends the pool and waits until every connection has really closed (pool.end resolves earlier). */
async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on("remove", () => {
      open -= 1;
      if (open <= 0) resolve();
    });
  });
  await pool.end();
  await allClosed;
}

/**
 * Where a server connection string points, for logs: host and port, or the socket folder of
 * `postgres://user@/db?host=/var/run/postgresql` (a form node-postgres takes and `new URL` refuses).
 */
export function serverAddress(databaseUrl: string): string {
  const socket = /[?&]host=([^&]+)/.exec(databaseUrl)?.[1];
  if (socket) return decodeURIComponent(socket);
  try {
    return new URL(databaseUrl).host || "localhost";
  } catch {
    return "the configured server";
  }
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // its cart writes send no notification: kept cart answers check their rows' stamps (migration
      // 0027). A SET, not a startup option, which a pooling proxy may refuse; done before first use.
      onConnect: async (client: pg.ClientBase) => {
        await client.query("SET store.announce_carts = off");
      },
    });
    // An idle connection the server closes (restart, failover, pg_terminate_backend) is dropped from
    // the pool and replaced on next use; without this listener the 'error' event would end the process.
    pool.on("error", (error) => {
      process.emitWarning(`idle database connection closed: ${error.message}`);
    });
    // a proxy pooling by transaction (PgBouncer before 1.21) cannot keep named statements: 0 turns them off
    if (process.env.DATABASE_NAMED_STATEMENTS !== "0") new StatementNames().install(pool);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    listeners.set(db, serverListen(options.databaseUrl));
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      close: () => endPool(pool),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? path.resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // one process at a time (a second opener would corrupt the files)
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: PGlite | EmbeddedClient;
  try {
    // on a thread of its own (embedded.ts); DATABASE_THREAD=0 runs it on the api's thread
    client = process.env.DATABASE_THREAD === "0"
      ? new PgliteStatements(await PGlite.create(dataDir, { extensions: { pg_trgm } })).client()
      : await EmbeddedClient.create(dataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client as PGlite, { schema }) as unknown as Db;
  // one embedded connection: its notifications arrive as the notifying statement completes
  listeners.set(db, async (channel, onMessage) => ({ stop: await client.listen(channel, onMessage), sync: null }));
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close().finally(unlock),
  };
}
