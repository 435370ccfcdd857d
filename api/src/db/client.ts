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

export { schema };
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

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

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    // An idle connection the server closes (restart, failover, pg_terminate_backend) is dropped from
    // the pool and replaced on next use; without this listener the 'error' event would end the process.
    pool.on("error", (error) => {
      process.emitWarning(`idle database connection closed: ${error.message}`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db as never, { migrationsFolder: migrationsFolder() }),
      close: () => endPool(pool),
    };
  }
  const dataDir = options.dataDir && options.dataDir !== "memory://" ? path.resolve(options.dataDir) : undefined;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}
