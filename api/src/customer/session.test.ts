import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { schema } from "../db/client";
import { createTestApp, Shopper, type TestApp } from "../test/app";
import { hashPassword, verifyPassword } from "./password";
import { INVALID_LOGIN } from "./service";

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;

beforeAll(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  await ctx.database.db.insert(schema.customers).values({
    email: "ada@example.com", firstname: "Ada", lastname: "Lovelace", passwordHash: await hashPassword("correct horse battery"),
  });
});
afterAll(() => ctx.close());

describe("passwords", () => {
  it("hashes with a fresh salt and verifies only the right password", async () => {
    const a = await hashPassword("s3cret-pass");
    const b = await hashPassword("s3cret-pass");
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await verifyPassword("s3cret-pass", a)).toBe(true);
    expect(await verifyPassword("s3cret-pasS", a)).toBe(false);
    expect(await verifyPassword("s3cret-pass", "plain")).toBe(false);
  });
});

describe("sign in and out", () => {
  it("signs in with the right password, case-insensitive email, on a new session id and token", async () => {
    const shopper = new Shopper(app);
    await shopper.startSession();
    const guestCookie = shopper.cookie;
    const guestCsrf = shopper.csrf;
    const response = await shopper.send("POST", "/api/rest/customers/self/session", { login: "ADA@example.com ", password: "correct horse battery" });
    expect(response.statusCode).toBe(200);
    const user = response.json();
    expect(user).toMatchObject({ isloggedin: true, firstname: "Ada", lastname: "Lovelace", email: "ada@example.com" });
    expect(user.customer_id).toMatch(/^\d+$/);
    expect(shopper.cookie).not.toBe(guestCookie);
    expect(user.customer_data.csrf_token).not.toBe(guestCsrf);
    // the planted guest session id is worthless now
    const old = await app.inject({ url: "/api/rest/customers/self/session", headers: { cookie: guestCookie } });
    expect(old.json().isloggedin).toBe(false);
    expect(old.json().customer_data.csrf_token).not.toBe(guestCsrf);
    // and the new one is signed in
    shopper.csrf = user.customer_data.csrf_token;
    expect((await shopper.get("/api/rest/customers/self/session")).json().isloggedin).toBe(true);
    // sign out: a fresh guest
    const out = await shopper.send("DELETE", "/api/rest/customers/self/session");
    expect(out.statusCode).toBe(200);
    expect(out.json().isloggedin).toBe(false);
    expect((await shopper.get("/api/rest/customers/self/session")).json().isloggedin).toBe(false);
  });

  it("refuses a wrong password or unknown email with the same message", async () => {
    for (const login of ["ada@example.com", "nobody@example.com"]) {
      const shopper = new Shopper(app);
      await shopper.startSession();
      const response = await shopper.send("POST", "/api/rest/customers/self/session", { login, password: "wrong password" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ messages: { error: [{ message: INVALID_LOGIN }] } });
    }
  });

  it("answers bad input with a 400 in the error shape", async () => {
    const shopper = new Shopper(app);
    await shopper.startSession();
    for (const payload of [{}, { login: "", password: "x" }, { login: "a@b.c" }]) {
      const response = await shopper.send("POST", "/api/rest/customers/self/session", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().messages.error[0].message).toEqual(expect.any(String));
    }
    const headers = { cookie: shopper.cookie, "x-csrf-token": shopper.csrf };
    const broken = await app.inject({ method: "POST", url: "/api/rest/customers/self/session", payload: "{not json", headers: { ...headers, "content-type": "application/json" } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().messages.error).toHaveLength(1);
    const untyped = await app.inject({ method: "POST", url: "/api/rest/customers/self/session", payload: "login=a", headers });
    expect(untyped.statusCode).toBe(415);
    expect(untyped.json().messages.error).toHaveLength(1);
    const plain = await app.inject({ method: "POST", url: "/api/rest/customers/self/session", payload: "login=a", headers: { ...headers, "content-type": "text/plain" } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().messages.error).toHaveLength(1);
  });
});
