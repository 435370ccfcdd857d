/**
 * Seeds the demo store:  npm run seed -- --products N [--seed S] [--reset]
 *
 * Uses DATABASE_URL (a PostgreSQL server) when set, otherwise the embedded database in DATA_DIR
 * (default: ./data at the repository root). Refuses to touch a store that already has data
 * unless --reset, which empties every table first. Prints the demo shopper's sign-in (its password
 * from DEMO_PASSWORD, else random) and, for the embedded database, keeps it beside the data.
 */
import path from "node:path";
import { openDatabase, serverAddress } from "../db/client";
import { repositoryRoot } from "../lib/paths";
import { parseArgs, type CliArgs } from "./cli-args";
import { emptyStore, isDatabaseEmpty, seedDemoStore } from "./generate";
import { demoAccountLine, forgetDemoAccount, saveDemoAccount } from "./demo-account";

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<number> {
  let args: CliArgs;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const log = (message: string): void => void process.stderr.write(`[seed] ${message}\n`);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? path.resolve(repositoryRoot(process.cwd()), "data");
  const started = performance.now();

  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    log(databaseUrl ? `database: PostgreSQL server at ${serverAddress(databaseUrl)}` : `database: embedded, in ${dataDir}`);
    await database.migrate();
    if (!(await isDatabaseEmpty(database.db))) {
      if (!args.reset) {
        log("the store already has data; nothing was changed. Run again with --reset to erase it and seed a fresh demo store.");
        return 1;
      }
      const emptied = await emptyStore(database.db);
      log(`reset: emptied ${emptied} tables`);
    } else if (args.reset) {
      // no store yet, but an interrupted earlier run may have left rows behind
      await emptyStore(database.db);
    }
    log(`seeding ${args.products.toLocaleString("en-US")} products (seed ${args.seed})`);
    const seedStarted = performance.now();
    if (!databaseUrl) forgetDemoAccount(dataDir);
    const summary = await seedDemoStore(database.db, {
      products: args.products, seed: args.seed, demoPassword: process.env.DEMO_PASSWORD || undefined,
      onProgress: (message) => log(`${seconds(performance.now() - seedStarted).padStart(8)}  ${message}`),
    });
    if (!databaseUrl) saveDemoAccount(dataDir, summary.demoAccount);
    const seedMs = performance.now() - seedStarted;
    const rows = Object.values(summary.counts).reduce((a, b) => a + b, 0);
    const width = Math.max(...Object.keys(summary.counts).map((k) => k.length));
    for (const [table, count] of Object.entries(summary.counts)) {
      log(`  ${table.padEnd(width)} ${String(count).padStart(9)} rows  ${seconds(summary.writeMs[table] ?? 0).padStart(8)}`);
    }
    log(`done: ${rows.toLocaleString("en-US")} rows in ${seconds(seedMs)} (total ${seconds(performance.now() - started)} with migrations)`);
    log(demoAccountLine(summary.demoAccount));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[seed] failed: ${error instanceof Error ? error.message : String(error)}\n`);
    if (error instanceof Error && error.cause instanceof Error) process.stderr.write(`[seed] cause: ${error.cause.message}\n`);
    process.exit(1);
  },
);
