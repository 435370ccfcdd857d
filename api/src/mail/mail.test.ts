import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { schema } from "../db/client";
import { buildApp } from "../app";
import { useTestApp } from "../test/app";
import { closedPort, SmtpPeer } from "../test/smtp";
import { MailService, type MailOptions } from "./service";
import { formatOutbox, parseOutboxArgs, readOutbox } from "./outbox";

const ctx = useTestApp();
const { mailOutbox } = schema;

/** Everything a test starts, stopped after it whatever happened. */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  // each test starts from an empty outbox: a row one test left queued must not reach the next one's server
  await ctx.db.delete(mailOutbox);
});
async function peer(options?: Parameters<typeof SmtpPeer.start>[0]) {
  const started = await SmtpPeer.start(options);
  cleanups.push(() => started.close());
  return started;
}
function mailer(options: MailOptions) {
  const service = new MailService(ctx.db, { from: "Test Store <store@example.test>", ...options });
  cleanups.push(() => service.stop());
  return service;
}
async function row(id: number) {
  const [found] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return found!;
}
/** A clock tests move by hand, so hours of backoff pass at once. */
function manualClock() {
  let at = new Date();
  return { now: () => at, advance: (ms: number) => (at = new Date(at.getTime() + ms)) };
}

describe("mail transport over SMTP", () => {
  it("delivers a queued mail to the SMTP server, woken by the enqueue, with its to, subject, text and html", async () => {
    const smtp = await peer();
    // a poll of one minute: only the wake on enqueue can deliver within the wait below
    const mail = mailer({ smtpUrl: smtp.url, pollMs: 60_000 });
    mail.start();
    const queued = await mail.enqueue({
      kind: "cart",
      to: "shopper@example.test",
      subject: "Your cart at Test Store",
      text: "2 × Kettle\nTotal: $59.98",
      html: "<p>2 × Kettle</p><p>Total: $59.98</p>",
    });
    expect(queued).toMatchObject({ created: true, status: "queued" });

    const [arrived] = await smtp.waitFor(1);
    expect(arrived!.envelope).toEqual({ from: "store@example.test", to: ["shopper@example.test"] });
    expect(arrived!.mail.subject).toBe("Your cart at Test Store");
    expect(arrived!.mail.text?.trim()).toBe("2 × Kettle\nTotal: $59.98");
    expect(arrived!.mail.html).toContain("<p>Total: $59.98</p>");
    expect(arrived!.mail.from?.value).toEqual([{ name: "Test Store", address: "store@example.test" }]);

    await expect.poll(async () => (await row(queued.id)).status).toBe("sent");
    const sent = await row(queued.id);
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.messageId).toBe(arrived!.mail.messageId);
  });

  it("sends from the store's name at no-reply@localhost when no sender is configured", async () => {
    await ctx.app.services.config.update({ name: "Acme Appliances" });
    const smtp = await peer();
    const mail = new MailService(ctx.db, { smtpUrl: smtp.url, storeName: async () => (await ctx.app.services.config.get()).name });
    cleanups.push(() => mail.stop());
    await mail.enqueue({ kind: "contact", to: "owner@example.test", subject: "Contact form", text: "Hello" });
    expect(await mail.deliverDue()).toBe(1);
    const [arrived] = await smtp.waitFor(1);
    expect(arrived!.mail.from?.value).toEqual([{ name: "Acme Appliances", address: "no-reply@localhost" }]);
  });

  it("leaves a mail the server refuses (550) queued with one attempt and a retry 30 s later, then delivers it", async () => {
    const refusing = await peer({ refuse: true });
    const clock = manualClock();
    const mail = mailer({ smtpUrl: refusing.url, now: clock.now });
    const queued = await mail.enqueue({ kind: "order_confirmation", to: "refused@example.test", subject: "Order 1001", text: "Thank you" });

    expect(await mail.deliverDue()).toBe(0);
    const failed = await row(queued.id);
    expect(failed.status).toBe("queued");
    expect(failed.attempts).toBe(1);
    expect(failed.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 30_000);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(failed.lastError).toContain("550");
    expect(refusing.received).toHaveLength(0);

    // not due yet: nothing is tried
    clock.advance(29_000);
    expect(await mail.deliverDue()).toBe(0);
    expect((await row(queued.id)).attempts).toBe(1);
  });

  it("retries a mail while the server is down and delivers it once the server is up", async () => {
    const port = await closedPort();
    const clock = manualClock();
    const mail = mailer({ smtpUrl: `smtp://127.0.0.1:${port}`, now: clock.now });
    const queued = await mail.enqueue({ kind: "order_confirmation", to: "later@example.test", subject: "Order 1002", text: "On its way" });

    expect(await mail.deliverDue()).toBe(0);
    const waiting = await row(queued.id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 30_000);
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);

    const smtp = await peer({ port });
    clock.advance(30_000);
    expect(await mail.deliverDue()).toBe(1);
    const [arrived] = await smtp.waitFor(1);
    expect(arrived!.mail.subject).toBe("Order 1002");
    expect(await row(queued.id)).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("backs off 30 s, 2 min, 10 min, 1 h, 2 h, 4 h, 8 h and gives up as 'failed' after the 8th attempt", async () => {
    const refusing = await peer({ refuse: true });
    const clock = manualClock();
    const mail = mailer({ smtpUrl: refusing.url, now: clock.now });
    const queued = await mail.enqueue({ kind: "contact", to: "never@example.test", subject: "Never", text: "…" });
    const minute = 60_000;
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 8; attempt++) {
      await mail.deliverDue();
      const current = await row(queued.id);
      expect(current.attempts).toBe(attempt);
      if (attempt < 8) {
        expect(current.status).toBe("queued");
        waits.push(current.nextAttemptAt.getTime() - clock.now().getTime());
        clock.advance(current.nextAttemptAt.getTime() - clock.now().getTime());
      } else {
        expect(current.status).toBe("failed");
      }
    }
    expect(waits).toEqual([0.5 * minute, 2 * minute, 10 * minute, 60 * minute, 120 * minute, 240 * minute, 480 * minute]);
    clock.advance(24 * 60 * minute);
    expect(await mail.deliverDue()).toBe(0);
    expect((await row(queued.id)).attempts).toBe(8);
  });

  it("keeps enqueue fast while the SMTP server holds its greeting back 5 s, and still delivers", async () => {
    const slow = await peer({ greetingDelayMs: 5_000 });
    const mail = mailer({ smtpUrl: slow.url, pollMs: 60_000 });
    mail.start();
    await mail.enqueue({ kind: "cart", to: "slow1@example.test", subject: "Slow 1", text: "first" });
    // the worker is now connected and waiting on the greeting; queuing more must not wait with it
    await expect.poll(() => slow.openConnections, { timeout: 4_000 }).toBe(1);
    expect(slow.received).toHaveLength(0);
    const started = performance.now();
    await mail.enqueue({ kind: "cart", to: "slow2@example.test", subject: "Slow 2", text: "second" });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeLessThan(1_000);

    const arrived = await slow.waitFor(2, 20_000);
    expect(arrived.map((r) => r.mail.subject).sort()).toEqual(["Slow 1", "Slow 2"]);
  }, 30_000);

  it("queues a mail once per dedupe key", async () => {
    const smtp = await peer();
    const mail = mailer({ smtpUrl: smtp.url });
    const message = { kind: "order_confirmation", to: "once@example.test", subject: "Order 1003", text: "Thanks", dedupeKey: "order_confirmation:1003" };
    const first = await mail.enqueue(message);
    const replay = await mail.enqueue(message);
    expect(first.created).toBe(true);
    expect(replay).toEqual({ id: first.id, created: false, status: "queued" });
    const rows = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, "order_confirmation:1003"));
    expect(rows).toHaveLength(1);
    await mail.deliverDue();
    await smtp.waitFor(1);
    // a replay after sending still adds nothing
    expect(await mail.enqueue(message)).toEqual({ id: first.id, created: false, status: "sent" });
    expect(await mail.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it("writes the mail inside the caller's transaction: rolled back, it is gone; committed, it is sent", async () => {
    const smtp = await peer();
    const mail = mailer({ smtpUrl: smtp.url });
    await expect(
      ctx.db.transaction(async (tx) => {
        await mail.enqueue({ kind: "order_confirmation", to: "tx@example.test", subject: "Rolled back", text: "-" }, tx);
        throw new Error("the order failed");
      }),
    ).rejects.toThrow("the order failed");
    await ctx.db.transaction(async (tx) => {
      await mail.enqueue({ kind: "order_confirmation", to: "tx@example.test", subject: "Committed", text: "+" }, tx);
    });
    const rows = await ctx.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, "tx@example.test"));
    expect(rows.map((r) => r.subject)).toEqual(["Committed"]);
    expect(await mail.deliverDue()).toBe(1);
    expect((await smtp.waitFor(1)).map((r) => r.mail.subject)).toEqual(["Committed"]);
  });

  it("never sends a mail twice when several workers race over the same queued rows", async () => {
    const smtp = await peer();
    const workers = [1, 2, 3, 4].map(() => mailer({ smtpUrl: smtp.url, batchSize: 3 }));
    const subjects = Array.from({ length: 24 }, (_, i) => `Race ${i + 1}`);
    const ids: number[] = [];
    for (const subject of subjects) ids.push((await workers[0]!.enqueue({ kind: "cart", to: "race@example.test", subject, text: subject })).id);

    // on PostgreSQL each worker's queries run on their own pooled connections, truly at once
    const sent = await Promise.all(workers.map((worker) => worker.deliverDue()));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(24);
    await smtp.waitFor(24);
    expect(smtp.received.map((r) => r.mail.subject).sort()).toEqual([...subjects].sort());
    const rows = await ctx.db.select({ status: mailOutbox.status, attempts: mailOutbox.attempts }).from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

describe("mail worker in the app", () => {
  it("runs when started on the app's service and stops when the app closes", async () => {
    const smtp = await peer();
    const app = await buildApp({ db: ctx.db, mail: { smtpUrl: smtp.url, from: "Shop <shop@example.test>", pollMs: 50 } });
    cleanups.push(() => app.close());
    app.services.mail.start();
    await app.services.mail.enqueue({ kind: "cart", to: "app@example.test", subject: "While open", text: "a" });
    expect((await smtp.waitFor(1)).map((r) => r.mail.subject)).toEqual(["While open"]);

    await app.close();
    const after = await app.services.mail.enqueue({ kind: "cart", to: "app@example.test", subject: "After close", text: "b" });
    // polls every 50 ms while running: a second is many rounds it would have had
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await row(after.id)).status).toBe("queued");
    expect(smtp.received).toHaveLength(1);
  });
});

describe("mail without an SMTP server", () => {
  it("holds the mail (the app's own service has no SMTP_URL) and the outbox reader prints it", async () => {
    const held = await ctx.app.services.mail.enqueue({
      kind: "password_reset",
      to: "forgetful@example.test",
      subject: "Reset your password",
      text: "Open http://localhost:3000/reset?token=abc to choose a new password.",
    });
    expect(held).toMatchObject({ created: true, status: "held" });
    expect(ctx.app.services.mail.sends).toBe(false);
    // held mail is never picked up, even by a worker that can send
    const smtp = await peer();
    expect(await mailer({ smtpUrl: smtp.url }).deliverDue()).toBe(0);
    expect((await row(held.id)).status).toBe("held");

    const printed = formatOutbox(await readOutbox(ctx.db, parseOutboxArgs(["--last", "1"])));
    expect(printed).toContain("To: forgetful@example.test");
    expect(printed).toContain("Subject: Reset your password");
    expect(printed).toContain("Open http://localhost:3000/reset?token=abc to choose a new password.");
    expect(printed).toContain("password_reset · held");

    const onlyHeld = await readOutbox(ctx.db, parseOutboxArgs(["--status", "held", "--last", "50"]));
    expect(onlyHeld.map((r) => r.id)).toContain(held.id);
    expect(onlyHeld.every((r) => r.status === "held")).toBe(true);
  });

  it("reports the first held mail in full and the rest counted, not a line each", async () => {
    const lines: string[] = [];
    const mail = mailer({ log: (line) => lines.push(line) });
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await mail.enqueue({ kind: "order", to: `buyer${n}@example.test`, subject: `Your order ${n}`, text: "Thank you." })).id);
    }
    expect(lines).toEqual([`mail ${ids[0]} held (no SMTP_URL): "Your order 1" to buyer1@example.test; read it with npm run mail:outbox -w api`]);
    // the count comes within 10 s, or when the service stops
    await mail.stop();
    expect(lines).toEqual([
      `mail ${ids[0]} held (no SMTP_URL): "Your order 1" to buyer1@example.test; read it with npm run mail:outbox -w api`,
      `2 more mail(s) held (no SMTP_URL), the last ${ids[2]}; read them with npm run mail:outbox -w api`,
    ]);
    await mail.stop();
    expect(lines).toHaveLength(2);
  });

  it("rejects bad outbox arguments with the usage line", async () => {
    expect(() => parseOutboxArgs(["--last", "zero"])).toThrow('--last must be a whole number from 1, got "zero"');
    expect(() => parseOutboxArgs(["--status", "lost"])).toThrow("--status must be one of queued, sent, failed, held");
    const run = promisify(execFile);
    const failure = await run("npx", ["tsx", "src/mail/cli.ts", "--last", "0"], { cwd: new URL("../..", import.meta.url).pathname }).catch((error: { code: number; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain("usage: npm run mail:outbox -w api [-- --last N]");
  });
});
