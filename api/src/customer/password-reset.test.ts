import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { createTestApp, type TestApp } from "../test/app";
import { SmtpPeer, type ReceivedMail } from "../test/smtp";
import { STRONG_PASSWORD, errorOf, newcomer, signUp } from "../test/accounts";

const FORGOT = "/api/rest/customer/forgotpassword";
const RESET = "/api/rest/customer/resetpassword";
const SIGN_IN = "/api/rest/customers/self/session";
const REQUESTED = { message: "If there is an account with that email address, we have sent it a link to reset the password." };
const DONE = { message: "Your password has been reset. You can now sign in with the new one." };
const INVALID = errorOf("This password reset link is invalid or has expired. Please ask for a new one.");
const NEW_PASSWORD = "copper-willow-saddle-17";

let smtp: SmtpPeer;
let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof createTestApp>>["database"]["db"];
beforeAll(async () => {
  smtp = await SmtpPeer.start();
  const created = await createTestApp({ mail: { smtpUrl: smtp.url, from: "Store <store@example.test>", pollMs: 60_000 }, publicUrl: "https://shop.example.test/" });
  ({ app, close } = created);
  db = created.database.db;
  app.services.mail.start();
});
afterAll(async () => {
  await close();
  await smtp.close();
});

async function guest() {
  const shopper = newcomer(app);
  await shopper.startSession();
  return shopper;
}
/** Asks for a reset of `email` and returns the mail that arrives for it. */
async function requestReset(email: string): Promise<ReceivedMail> {
  const before = smtp.received.length;
  const response = await (await guest()).send("POST", FORGOT, { email });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual(REQUESTED);
  await smtp.waitFor(before + 1);
  return smtp.received.at(-1)!;
}
/** The token in the reset link of a received mail, read as a shopper would: from the link. */
function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.mail.text ?? "");
  expect(match, mail.mail.text).not.toBeNull();
  return new URL(match![0]);
}
async function signIn(login: string, password: string) {
  return (await guest()).send("POST", SIGN_IN, { login, password });
}

describe("forgot and reset password", () => {
  it("mails a link to the storefront's reset page; following it sets the new password once and signs out every session", async () => {
    const owner = newcomer(app);
    const customerId = await signUp(owner, { email: "reset.me@example.com", firstname: "Rosalind" });
    const received = await requestReset(" Reset.Me@example.com ");
    expect(received.envelope.to).toEqual(["reset.me@example.com"]);
    expect(received.mail.subject).toBe("Reset your password at Our Store");
    expect(received.mail.text).toContain("Hello Rosalind,");
    const link = linkIn(received);
    expect(`${link.origin}${link.pathname}`).toBe("https://shop.example.test/customer/account/resetpassword");
    const token = link.searchParams.get("token")!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(received.mail.html).toContain(`href="${link.href}"`);
    // only a hash of the token is kept
    const [row] = await db.select().from(schema.passwordResets).where(eq(schema.passwordResets.customerId, Number(customerId)));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(30 * 60_000);

    const resetter = await guest();
    const reset = await resetter.send("POST", RESET, { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual(DONE);
    expect((await owner.get("/api/rest/customers/self/session")).json().isloggedin).toBe(false);
    expect((await signIn("reset.me@example.com", STRONG_PASSWORD)).statusCode).toBe(401);
    expect((await signIn("reset.me@example.com", NEW_PASSWORD)).statusCode).toBe(200);

    // the second use is refused
    const again = await (await guest()).send("POST", RESET, { token, password: "another-fine-passphrase-8", confirmation: "another-fine-passphrase-8" });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await signIn("reset.me@example.com", NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const before = smtp.received.length;
    const outboxBefore = (await db.select().from(schema.mailOutbox)).length;
    const response = await (await guest()).send("POST", FORGOT, { email: "nobody-here@example.com" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(REQUESTED);
    expect((await db.select().from(schema.mailOutbox)).length).toBe(outboxBefore);
    expect(smtp.received.length).toBe(before);
  });

  it("refuses an expired token", async () => {
    await signUp(newcomer(app), { email: "late@example.com" });
    const token = linkIn(await requestReset("late@example.com")).searchParams.get("token")!;
    await db.execute(sql`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`);
    const response = await (await guest()).send("POST", RESET, { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
    expect((await signIn("late@example.com", STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it("lets one of two simultaneous uses of a token through", async () => {
    await signUp(newcomer(app), { email: "race@example.com" });
    const token = linkIn(await requestReset("race@example.com")).searchParams.get("token")!;
    const [a, b] = [await guest(), await guest()];
    const answers = await Promise.all([
      a.send("POST", RESET, { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD }),
      b.send("POST", RESET, { token, password: "second-racer-passphrase-3", confirmation: "second-racer-passphrase-3" }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it("checks the new password: both fields, equal, long and strong enough; a refused one leaves the token usable", async () => {
    await signUp(newcomer(app), { email: "rules@example.com", firstname: "Barbara", lastname: "Liskov" });
    const token = linkIn(await requestReset("rules@example.com")).searchParams.get("token")!;
    const shopper = await guest();
    const cases: [Record<string, string>, string][] = [
      [{ token, password: "", confirmation: "" }, "Please enter the new password and its confirmation."],
      [{ token, password: NEW_PASSWORD, confirmation: "" }, "Please enter the new password and its confirmation."],
      [{ token, password: NEW_PASSWORD, confirmation: `${NEW_PASSWORD}x` }, "The password and its confirmation do not match."],
      [{ token, password: "sh0rt!", confirmation: "sh0rt!" }, "Please enter a password of at least 8 characters."],
      [{ token, password: "qwertyuiop", confirmation: "qwertyuiop" }, "Please choose a stronger password. This is a frequently used password. Add more words that are less common."],
      [{ token: "made-up-token", password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, "This password reset link is invalid or has expired. Please ask for a new one."],
    ];
    for (const [payload, message] of cases) {
      const response = await shopper.send("POST", RESET, payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual(errorOf(message));
    }
    const personal = await shopper.send("POST", RESET, { token, password: "barbaraliskov", confirmation: "barbaraliskov" });
    expect(personal.json().messages.error[0].message).toMatch(/^Please choose a stronger password\./);
    for (const payload of [{}, { token }, { token: "", password: NEW_PASSWORD, confirmation: NEW_PASSWORD }, { token: "a\u0000", password: "x", confirmation: "x" }]) {
      const response = await (await guest()).send("POST", RESET, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().messages.error).toHaveLength(1);
    }
    expect((await (await guest()).send("POST", RESET, { token, password: NEW_PASSWORD, confirmation: NEW_PASSWORD })).json()).toEqual(DONE);
  });

  it("sends one account at most three reset mails an hour, and limits one address to five requests a minute", async () => {
    await signUp(newcomer(app), { email: "flooded@example.com" });
    const outbox = async () => (await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, "flooded@example.com"))).length;
    for (let i = 0; i < 5; i++) {
      const response = await (await guest()).send("POST", FORGOT, { email: "flooded@example.com" });
      expect(response.json()).toEqual(REQUESTED);
    }
    expect(await outbox()).toBe(3);

    const shopper = await guest();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await shopper.send("POST", FORGOT, { email: `someone${i}@example.com` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const bad = await (await guest()).send("POST", FORGOT, { email: "" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages.error).toHaveLength(1);
  });
});
