import { and, asc, eq, inArray, lte } from "drizzle-orm";
import nodemailer, { type Transporter } from "nodemailer";
import { schema, type Db } from "../db/client";
import { BuiltOnce, placeholders } from "../db/built-once";
import type { MailStatus } from "../db/schema/mail";

export interface MailMessage {
  /** what the mail is: 'cart', 'order_confirmation', 'password_reset', 'contact', … */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** omitted: the store's sender (MAIL_FROM, else the store name at no-reply@localhost) */
  from?: string;
  /** a second enqueue with the same key is ignored (e.g. `order_confirmation:<order id>`) */
  dedupeKey?: string;
}

export interface EnqueueResult {
  id: number;
  /** false when the dedupe key was already queued: nothing new was written */
  created: boolean;
  status: MailStatus;
}

export interface MailOptions {
  /** smtp://user:pass@host:587 (smtps:// for TLS from the start); unset: mails are held, never sent */
  smtpUrl?: string;
  /** sender for mails without their own */
  from?: string;
  /** the store's name, for the default sender when `from` is unset */
  storeName?: () => Promise<string>;
  /** the clock every schedule is measured with (tests drive it) */
  now?: () => Date;
  /** how often the worker looks for due mail queued by other processes */
  pollMs?: number;
  /** mails claimed per round */
  batchSize?: number;
  /** SMTP connection, greeting and socket timeouts */
  smtpTimeoutMs?: number;
  /** where the worker reports what went wrong; it never throws */
  log?: (message: string) => void;
}

/** Held mails after the first are reported together, at most once in this long. */
const HELD_REPORT_MS = 10_000;

/** the outbox insert, built once (see BuiltOnce) */
const statements = new BuiltOnce();

/** Waits after the 1st, 2nd, … failed attempt; after the last one the mail is given up as 'failed'. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 2 * 3_600_000, 4 * 3_600_000, 8 * 3_600_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/**
 * How long a claimed mail stays out of other workers' reach: far beyond one SMTP exchange, so a
 * mail is never sent twice, yet a worker that died mid-send leaves it due again later.
 */
const CLAIM_LEASE_MS = 5 * 60_000;
const DEFAULT_STORE_NAME = "Store";

const { mailOutbox } = schema;

/**
 * The store's mail: `enqueue` writes to the outbox table (inside the caller's transaction when it
 * passes one); the worker delivers queued rows through SMTP later, with retries, so a slow or
 * failing SMTP server never fails or slows what queued the mail.
 */
export class MailService {
  private readonly transport?: Transporter;
  private readonly now: () => Date;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private started = false;
  private stopping = false;
  private heldReported = false;
  private heldUnreported = 0;
  private heldLast = 0;
  private heldTimer?: NodeJS.Timeout;

  constructor(private readonly db: Db, private readonly options: MailOptions = {}) {
    this.now = options.now ?? (() => new Date());
    if (options.smtpUrl) {
      const timeout = options.smtpTimeoutMs ?? 10_000;
      this.transport = nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
      });
    }
  }

  /** Whether an SMTP server is configured; without one every mail is held in the outbox. */
  get sends(): boolean {
    return this.transport !== undefined;
  }

  /**
   * Queues a mail. Pass the open transaction to make the mail part of it (it exists iff the
   * transaction commits); then call `wake()` after the commit, or the next poll delivers it.
   * Only writes a row: no SMTP exchange happens here.
   */
  async enqueue(message: MailMessage, tx: Db = this.db): Promise<EnqueueResult> {
    const status: MailStatus = this.transport ? "queued" : "held";
    const values = {
      kind: message.kind,
      to: message.to,
      from: message.from ?? null,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      status,
      nextAttemptAt: this.now(),
      dedupeKey: message.dedupeKey ?? null,
    };
    const [row] = await statements.run<{ id: number; status: MailStatus }[]>(tx, "queue mail", (db) => db
      .insert(mailOutbox)
      .values(placeholders(values) as never)
      .onConflictDoNothing({ target: mailOutbox.dedupeKey })
      .returning({ id: mailOutbox.id, status: mailOutbox.status }), values);
    if (row) {
      if (tx === this.db) this.wake();
      if (status === "held") this.noteHeld(row.id, message);
      return { id: row.id, created: true, status: row.status };
    }
    const [existing] = await tx
      .select({ id: mailOutbox.id, status: mailOutbox.status })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, message.dedupeKey!));
    return { id: existing!.id, created: false, status: existing!.status };
  }

  /**
   * A held mail is reported: the first one in full, later ones counted, one line per
   * `HELD_REPORT_MS` at most (a line per order, at a sale's rate, would be most of the log and a
   * write per order).
   */
  private noteHeld(id: number, message: MailMessage): void {
    if (!this.heldReported) {
      this.heldReported = true;
      this.options.log?.(`mail ${id} held (no SMTP_URL): "${message.subject}" to ${message.to}; read it with npm run mail:outbox -w api`);
      return;
    }
    this.heldUnreported += 1;
    this.heldLast = id;
    if (this.heldTimer) return;
    this.heldTimer = setTimeout(() => this.reportHeld(), HELD_REPORT_MS);
    this.heldTimer.unref();
  }

  private reportHeld(): void {
    clearTimeout(this.heldTimer);
    this.heldTimer = undefined;
    if (this.heldUnreported === 0) return;
    this.options.log?.(`${this.heldUnreported} more mail(s) held (no SMTP_URL), the last ${this.heldLast}; read them with npm run mail:outbox -w api`);
    this.heldUnreported = 0;
  }

  /** Starts the worker: delivers due mail now, on every `wake()` and every poll. No-op without SMTP. */
  start(): void {
    if (this.started || this.stopping || !this.transport) return;
    this.started = true;
    this.timer = setInterval(() => this.wake(), this.options.pollMs ?? 5_000);
    this.timer.unref();
    this.wake();
  }

  /** Stops the worker, waiting for the round in flight; the transport is closed. */
  async stop(): Promise<void> {
    this.started = false;
    this.reportHeld();
    this.stopping = true; // a round in flight finishes its batch, not the whole backlog
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.stopping = false;
    this.transport?.close();
  }

  /** Asks the running worker for a round now (one at a time; a wake during a round runs another). */
  wake(): void {
    if (!this.started) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.deliverDue();
      } while (this.again && this.started);
    })().finally(() => {
      this.running = undefined;
    });
  }

  /**
   * One round: claims due mail in batches and sends each. Never throws; returns how many were sent.
   * Two workers (processes) on one database never claim the same row: SKIP LOCKED passes over rows
   * another is claiming, and a claimed row's next attempt moves a lease ahead.
   */
  async deliverDue(): Promise<number> {
    if (!this.transport) return 0;
    let sent = 0;
    try {
      for (;;) {
        const batch = await this.claim();
        for (const row of batch) if (await this.deliver(row)) sent += 1;
        if (batch.length < (this.options.batchSize ?? 10) || this.stopping) break;
      }
    } catch (error) {
      this.options.log?.(`mail worker: ${describe(error)}`);
    }
    return sent;
  }

  private async claim() {
    const now = this.now();
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, "queued"), lte(mailOutbox.nextAttemptAt, now)))
      .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
      .limit(this.options.batchSize ?? 10)
      .for("update", { skipLocked: true });
    return this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
      .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, "queued")))
      .returning();
  }

  private async deliver(row: typeof mailOutbox.$inferSelect): Promise<boolean> {
    try {
      const info = await this.transport!.sendMail({
        from: row.from ?? (await this.defaultFrom()),
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
      });
      await this.db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: this.now(), messageId: info.messageId ?? null, attempts: row.attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (error) {
      const attempts = row.attempts + 1;
      const gaveUp = attempts >= MAX_ATTEMPTS;
      const delay = RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1]!;
      await this.db
        .update(mailOutbox)
        .set({
          status: gaveUp ? "failed" : "queued",
          attempts,
          lastError: describe(error).slice(0, 1000),
          nextAttemptAt: new Date(this.now().getTime() + delay),
        })
        .where(eq(mailOutbox.id, row.id));
      this.options.log?.(`mail ${row.id} to ${row.to}: attempt ${attempts} failed${gaveUp ? ", giving up" : ""}: ${describe(error)}`);
      return false;
    }
  }

  /** MAIL_FROM, else the store's name at no-reply@localhost. */
  async defaultFrom(): Promise<string | { name: string; address: string }> {
    if (this.options.from) return this.options.from;
    let name = DEFAULT_STORE_NAME;
    try {
      name = (await this.options.storeName?.()) || DEFAULT_STORE_NAME;
    } catch {
      // no store configuration yet: the constant name will do
    }
    return { name, address: "no-reply@localhost" }; // nodemailer quotes and encodes the name
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
