import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { Shopper, useTestApp } from "../test/app";
import { useRecaptchaPeer } from "../test/recaptcha";
import { STRONG_PASSWORD, errorOf, newcomer, signUp } from "../test/accounts";

const SIGN_UP = "/api/rest/customers";
const SIGN_IN = "/api/rest/customers/self/session";

const captcha = useRecaptchaPeer();
const t = useTestApp(undefined, { recaptcha: captcha.options });

const fresh = async () => {
  const shopper = newcomer(t.app);
  await shopper.startSession();
  return shopper;
};
const body = (fields: Record<string, unknown> = {}) => ({ firstname: "Grace", lastname: "Hopper", email: `u${Math.random().toString(36).slice(2)}@example.com`, password: STRONG_PASSWORD, ...fields });

describe("POST /customers", () => {
  it("creates the account, answers 201 signed in on a new session, and stores only a scrypt hash", async () => {
    const shopper = await fresh();
    const guestCookie = shopper.cookie;
    const response = await shopper.send("POST", SIGN_UP, body({ email: " Grace.Hopper@Example.com ", newsletter_is_subscribed: true }));
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({ isloggedin: true, firstname: "Grace", lastname: "Hopper", email: "grace.hopper@example.com" });
    expect(user.customer_id).toMatch(/^\d+$/);
    expect(user.customer_data.newsletter_is_subscribed).toBe(true);
    expect(response.body).not.toContain(STRONG_PASSWORD);
    expect(shopper.cookie).not.toBe(guestCookie);
    shopper.csrf = user.customer_data.csrf_token;
    expect((await shopper.get("/api/rest/customers/self/session")).json()).toMatchObject({ isloggedin: true, customer_id: user.customer_id });
    // the guest session is gone
    expect((await t.app.inject({ url: "/api/rest/customers/self/session", headers: { cookie: guestCookie } })).json().isloggedin).toBe(false);
    const [row] = await t.db.select().from(schema.customers).where(eq(schema.customers.entityId, Number(user.customer_id)));
    expect(row!.passwordHash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(row!.passwordHash).not.toContain(STRONG_PASSWORD);
    // and signs in with that password
    const again = await fresh();
    const signIn = await again.send("POST", SIGN_IN, { login: "grace.hopper@example.com", password: STRONG_PASSWORD });
    expect(signIn.statusCode).toBe(200);
  });

  it("refuses an email that already has an account, however it is spelt", async () => {
    await signUp(await fresh(), { email: "taken@example.com" });
    const response = await (await fresh()).send("POST", SIGN_UP, body({ email: "TAKEN@example.COM" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(errorOf("There is already an account with this email address. Sign in, or reset your password if you forgot it."));
  });

  it("creates one account of two simultaneous sign-ups with one email", async () => {
    const [a, b] = [await fresh(), await fresh()];
    const answers = await Promise.all([
      a.send("POST", SIGN_UP, body({ email: "twice@example.com", firstname: "First" })),
      b.send("POST", SIGN_UP, body({ email: "Twice@example.com", firstname: "Second" })),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual(errorOf("There is already an account with this email address. Sign in, or reset your password if you forgot it."));
    const rows = await t.db.select().from(schema.customers).where(eq(sql`lower(${schema.customers.email})`, "twice@example.com"));
    expect(rows).toHaveLength(1);
  });

  it("refuses a password shorter than min_password_length, and a guessable one with zxcvbn's advice", async () => {
    const short = await (await fresh()).send("POST", SIGN_UP, body({ password: "x7#Lq2!" }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual(errorOf("Please enter a password of at least 8 characters."));

    const common = await (await fresh()).send("POST", SIGN_UP, body({ password: "password1" }));
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual(errorOf("Please choose a stronger password. This is a commonly used password. Add more words that are less common."));

    // the customer's own name makes a password weak
    const own = await (await fresh()).send("POST", SIGN_UP, body({ firstname: "Margaret", lastname: "Hamilton", password: "margarethamilton" }));
    expect(own.statusCode).toBe(400);
    expect(own.json().messages.error[0].message).toMatch(/^Please choose a stronger password\./);

    // the store's settings move both limits
    await t.app.services.config.update({ min_password_length: 12, min_zxcvbn_score: 4 });
    try {
      const shorter = await (await fresh()).send("POST", SIGN_UP, body({ password: "Tr0ub4dor&3" }));
      expect(shorter.json()).toEqual(errorOf("Please enter a password of at least 12 characters."));
      const weaker = await (await fresh()).send("POST", SIGN_UP, body({ password: "Summer2024!!" }));
      expect(weaker.statusCode).toBe(400);
      expect(weaker.json().messages.error[0].message).toMatch(/^Please choose a stronger password\./);
    } finally {
      await t.app.services.config.update({ min_password_length: 8, min_zxcvbn_score: 2 });
    }
  });

  it("answers bad input with a 400 in the error shape", async () => {
    const cases: Record<string, unknown>[] = [
      {}, body({ email: "not-an-email" }), body({ firstname: "" }), body({ lastname: "   " }), body({ password: undefined }),
      body({ firstname: "Nul\u0000" }), body({ newsletter_is_subscribed: "maybe" }), body({ password: "x".repeat(257) }),
    ];
    for (const payload of cases) {
      const response = await (await fresh()).send("POST", SIGN_UP, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().messages.error).toHaveLength(1);
    }
    const shopper = await fresh();
    const invalidEmail = await shopper.send("POST", SIGN_UP, body({ email: "not-an-email" }));
    expect(invalidEmail.json().messages.error[0].message).toContain("Please enter a valid email address.");
    // no CSRF token: refused before anything else
    expect((await shopper.send("POST", SIGN_UP, body(), { csrf: false })).statusCode).toBe(403);
  });

  it("limits one client address to five sign-ups a minute", async () => {
    const shopper = await fresh();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await shopper.send("POST", SIGN_UP, body({ password: "short" }))).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });
});

describe("reCAPTCHA on sign-up and newsletter", () => {
  const enable = (forms: string) => t.app.services.config.update({ recaptcha_enabled: "1", recaptcha_forms: forms });
  afterAll(() => t.app.services.config.update({ recaptcha_enabled: "0", recaptcha_forms: "" }));

  it("asks for no captcha unless enabled is \"1\" and the form is listed", async () => {
    await t.app.services.config.update({ recaptcha_enabled: "0", recaptcha_forms: "user_create,newsletter" });
    expect((await (await fresh()).send("POST", SIGN_UP, body())).statusCode).toBe(201);
    await enable("guest_checkout,newsletter");
    expect((await (await fresh()).send("POST", SIGN_UP, body())).statusCode).toBe(201);
  });

  it("refuses a sign-up without a token or with one the verifier rejects, and accepts a verified one", async () => {
    await enable("guest_checkout, user_create,newsletter");
    const before = captcha.peer.requests.length;
    const missing = await (await fresh()).send("POST", SIGN_UP, body());
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(errorOf("Please confirm that you are not a robot."));
    expect(captcha.peer.requests.length).toBe(before); // nothing to ask about

    const rejected = await (await fresh()).send("POST", SIGN_UP, body({ "g-recaptcha-response": "forged-token" }));
    expect(rejected.statusCode).toBe(400);
    expect(rejected.json()).toEqual(errorOf("The captcha could not be verified. Please try it again."));

    const shopper = newcomer(t.app);
    await shopper.startSession();
    const accepted = await shopper.send("POST", SIGN_UP, body({ "g-recaptcha-response": "good-token" }));
    expect(accepted.statusCode).toBe(201);
    expect(captcha.peer.requests.at(-1)).toEqual({ secret: "test-secret", response: "good-token", remoteip: expect.stringMatching(/^203\.0\./) });
  });

  it("refuses a v3 token whose score is too low", async () => {
    await enable("user_create");
    captcha.peer.score = 0.1;
    try {
      const low = await (await fresh()).send("POST", SIGN_UP, body({ "g-recaptcha-response": "good-token" }));
      expect(low.statusCode).toBe(400);
      expect(low.json()).toEqual(errorOf("The captcha could not be verified. Please try it again."));
      captcha.peer.score = 0.9;
      expect((await (await fresh()).send("POST", SIGN_UP, body({ "g-recaptcha-response": "good-token" }))).statusCode).toBe(201);
    } finally {
      captcha.peer.score = undefined;
    }
  });

  it("refuses with 503 and a clear message, never a 500, when the verifier fails or does not answer in time", async () => {
    await enable("user_create");
    for (const mode of ["error", "slow"] as const) {
      captcha.peer.mode = mode;
      try {
        const started = Date.now();
        const response = await (await fresh()).send("POST", SIGN_UP, body({ "g-recaptcha-response": "good-token" }));
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual(errorOf("The captcha could not be checked just now. Please try again in a moment."));
        expect(Date.now() - started).toBeLessThan(5_000);
      } finally {
        captcha.peer.mode = "normal";
      }
    }
  });

  it("guards PUT /newsletter when newsletter is listed; guests are asked to sign in", async () => {
    const guest = await fresh();
    const refused = await guest.send("PUT", "/api/rest/newsletter", { is_subscribed: true });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(errorOf("Please sign in to continue."));

    await enable("");
    const shopper = await fresh();
    await signUp(shopper, { email: "letters@example.com" });
    const on = await shopper.send("PUT", "/api/rest/newsletter", { is_subscribed: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().customer_data.newsletter_is_subscribed).toBe(true);
    const off = await shopper.send("PUT", "/api/rest/newsletter", { is_subscribed: "0" });
    expect(off.json().customer_data.newsletter_is_subscribed).toBe(false);

    await enable("newsletter");
    const missing = await shopper.send("PUT", "/api/rest/newsletter", { is_subscribed: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual(errorOf("Please confirm that you are not a robot."));
    const ok = await shopper.send("PUT", "/api/rest/newsletter", { is_subscribed: true, "g-recaptcha-response": "good-token" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().customer_data.newsletter_is_subscribed).toBe(true);
    expect((await shopper.send("PUT", "/api/rest/newsletter", { is_subscribed: "perhaps" })).statusCode).toBe(400);
  });
});

describe("the verifier's secret", () => {
  it("refuses the form with 503 when the captcha is on but no secret is configured", async () => {
    const { createTestApp } = await import("../test/app");
    const other = await createTestApp({ recaptcha: { verifyUrl: captcha.peer.url } });
    try {
      await other.app.services.config.update({ recaptcha_enabled: "1", recaptcha_forms: "user_create" });
      const shopper = new Shopper(other.app);
      await shopper.startSession();
      const response = await shopper.send("POST", SIGN_UP, body({ "g-recaptcha-response": "good-token" }));
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual(errorOf("The captcha could not be checked just now. Please try again in a moment."));
    } finally {
      await other.close();
    }
  });
});
