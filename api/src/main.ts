import path from "node:path";
import { inspect } from "node:util";
import { buildApp } from "./app";
import { openDatabase, serverAddress } from "./db/client";
import { DataDirInUse } from "./db/data-dir-lock";
import { emptyStore, hasLeftovers, isDatabaseEmpty, seedDemoStore } from "./seed/generate";
import { parseSeedConfig } from "./seed/cli-args";
import { repositoryRoot } from "./lib/paths";
import { parseTrustedProxies } from "./http/limits";

/** A whole number ≥ 1 from the environment, or undefined (the default) when unset. */
function positiveInt(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, not "${raw}"`);
  return value;
}
import { MaintenanceService, schedulePruning } from "./maintenance/service";
import { scheduleSaleWindows } from "./product/sale-windows";
import { demoAccountLine, forgetDemoAccount, readDemoAccount, saveDemoAccount } from "./seed/demo-account";

/** Process entry: open the database, migrate, seed a demo store when empty, listen. */
async function main() {
  const port = Number(process.env.API_PORT ?? 4000);
  const host = process.env.API_HOST ?? "127.0.0.1";
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? path.join(repositoryRoot(), "data");
  const log = (message: string) => process.stderr.write(`[api] ${message}\n`);

  const database = await openDatabase({ databaseUrl, dataDir });
  log(databaseUrl ? `database: PostgreSQL server (${serverAddress(databaseUrl)})` : `database: embedded PostgreSQL in ${dataDir}`);
  await database.migrate();
  if (await isDatabaseEmpty(database.db)) {
    if (await hasLeftovers(database.db)) {
      // no store configuration means no seed ever finished: these rows are its unfinished work
      log("an earlier start stopped while seeding: clearing its partial data");
      await emptyStore(database.db);
    }
    const products = Number(process.env.SEED_PRODUCTS ?? 1500);
    log(`empty database: seeding the demo store (${products} products)…`);
    const started = Date.now();
    if (!databaseUrl) forgetDemoAccount(dataDir);
    const { demoAccount } = await seedDemoStore(database.db, {
      products, config: parseSeedConfig(process.env.SEED_CONFIG), demoPassword: process.env.DEMO_PASSWORD || undefined, onProgress: (m) => log(`  ${m}`),
    });
    log(`demo store seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    if (!databaseUrl) saveDemoAccount(dataDir, demoAccount);
    log(demoAccountLine(demoAccount));
  } else if (!databaseUrl) {
    // the embedded demo store keeps its sign-in beside it (see seed/demo-account.ts)
    const demoAccount = readDemoAccount(dataDir);
    if (demoAccount) log(demoAccountLine(demoAccount));
  }

  const app = await buildApp({
    db: database.db,
    logger: { level: process.env.LOG_LEVEL ?? "warn" },
    storeCode: process.env.STORE_CODE,
    mail: { smtpUrl: process.env.SMTP_URL || undefined, from: process.env.MAIL_FROM || undefined, log },
    trustedProxies: parseTrustedProxies(process.env.TRUSTED_PROXIES),
    suggestAfterShoppers: positiveInt("SEARCH_SUGGEST_MIN_SHOPPERS"),
    rateLimitMax: positiveInt("RATE_LIMIT_WRITES_PER_MINUTE"),
    publicUrl: process.env.PUBLIC_URL || undefined,
    recaptcha: { verifyUrl: process.env.RECAPTCHA_VERIFY_URL || undefined, secret: process.env.RECAPTCHA_SECRET || undefined, log },
  });
  app.services.mail.start(); // delivers queued mail in the background; app.close() stops it
  app.services.cart.catalog.warmUp(); // the first shoppers' adds find their products held
  await app.listen({ port, host });
  log(app.services.mail.sends ? `mail: SMTP server ${new URL(process.env.SMTP_URL!).host}` : "mail: no SMTP_URL, mails are held in the outbox (npm run mail:outbox -w api)");
  log(`listening on http://${host}:${port}/api/rest (docs at /api/rest/docs)`);

  // a PostgreSQL server vacuums itself (autovacuum); the embedded database does not
  const maintenance = new MaintenanceService(database.db, () => app.services.orders.recover(), { vacuum: database.kind === "pglite" });
  const pruning = schedulePruning(maintenance, {
    intervalMinutes: positiveInt("PRUNE_INTERVAL_MINUTES") ?? 60,
    log,
  });

  // listings read the stored final_price: moved when a sale window opens or closes
  const saleWindows = scheduleSaleWindows(database.db, { log });

  // orders a crash left between claim and payment: their recorded answers applied, abandoned ones canceled
  const recovery = setInterval(() => {
    app.services.orders.recover().catch((error: unknown) => log(`order recovery failed: ${error instanceof Error ? error.message : String(error)}`));
  }, 60_000);
  recovery.unref();

  let stopping = false;
  // a close that cannot finish (a request that never ends, a database that no longer answers) must
  // not leave the process running with the database's folder held
  const closeWithinMs = (positiveInt("SHUTDOWN_TIMEOUT_SECONDS") ?? 30) * 1000;
  const stop = async (signal: string) => {
    if (stopping) {
      log(`${signal} again: stopping now, without closing`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal}: closing`);
    setTimeout(() => {
      log(`still closing after ${closeWithinMs / 1000} s: stopping now, without closing`);
      process.exit(1);
    }, closeWithinMs).unref();
    clearInterval(recovery);
    await pruning.stop();
    await saleWindows.stop();
    await app.close();
    await database.close(); // flushes the embedded database to disk
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error) => {
  // an operator's mistake is said plainly; anything else with its stack (inspect prints the cause
  // too: a failed query's database error is its cause)
  process.stderr.write(`[api] failed to start: ${error instanceof DataDirInUse ? error.message : inspect(error)}\n`);
  process.exit(1);
});
