/**
 * Prints the newest mails of the outbox:  npm run mail:outbox -w api [-- --last 10] [--status held]
 *
 * Reads DATABASE_URL (a PostgreSQL server) when set, otherwise the embedded database in DATA_DIR
 * (default ./data at the repository root). The embedded database serves one process at a time, so
 * stop the api before reading it (the command says so if it is still running).
 */
import path from "node:path";
import { openDatabase } from "../db/client";
import { repositoryRoot } from "../lib/paths";
import { formatOutbox, parseOutboxArgs, readOutbox } from "./outbox";

async function main(): Promise<number> {
  let args;
  try {
    args = parseOutboxArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? path.resolve(repositoryRoot(process.cwd()), "data");
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await database.migrate();
    process.stdout.write(formatOutbox(await readOutbox(database.db, args)));
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[mail] failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
