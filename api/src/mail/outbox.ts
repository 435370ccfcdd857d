import { parseArgs } from "node:util";
import { desc, eq } from "drizzle-orm";
import { schema, type Db } from "../db/client";
import { MAIL_STATUSES, type MailStatus } from "../db/schema/mail";

export const OUTBOX_USAGE = "usage: npm run mail:outbox -w api [-- --last N] [--status queued|sent|failed|held]";

export interface OutboxArgs {
  last: number;
  status?: MailStatus;
}

/** Arguments of the outbox reader (argv without node and script); throws with a user-facing message. */
export function parseOutboxArgs(argv: string[]): OutboxArgs {
  const { values } = parseArgs({ args: argv, options: { last: { type: "string" }, status: { type: "string" } }, strict: true });
  const last = values.last === undefined ? 10 : Number(values.last);
  if (!Number.isInteger(last) || last < 1) throw new Error(`--last must be a whole number from 1, got "${values.last}"\n${OUTBOX_USAGE}`);
  const status = values.status as MailStatus | undefined;
  if (status !== undefined && !MAIL_STATUSES.includes(status)) throw new Error(`--status must be one of ${MAIL_STATUSES.join(", ")}\n${OUTBOX_USAGE}`);
  return { last, status };
}

export type OutboxRow = typeof schema.mailOutbox.$inferSelect;

/** The newest mails first. */
export function readOutbox(db: Db, args: Partial<OutboxArgs> = {}): Promise<OutboxRow[]> {
  const query = db.select().from(schema.mailOutbox).$dynamic();
  if (args.status) query.where(eq(schema.mailOutbox.status, args.status));
  return query.orderBy(desc(schema.mailOutbox.id)).limit(args.last ?? 10);
}

/** What a developer reads: one block per mail, oldest of the selection first. */
export function formatOutbox(rows: OutboxRow[]): string {
  if (rows.length === 0) return "The outbox is empty.\n";
  return [...rows].reverse().map((row) => [
    `#${row.id} ${row.kind} · ${row.status}${row.attempts ? ` · ${row.attempts} attempt(s)` : ""} · ${row.createdAt.toISOString()}`,
    `To: ${row.to}`,
    ...(row.from ? [`From: ${row.from}`] : []),
    `Subject: ${row.subject}`,
    ...(row.lastError ? [`Last error: ${row.lastError}`] : []),
    "",
    row.text,
  ].join("\n")).join(`\n${"-".repeat(72)}\n`) + "\n";
}
