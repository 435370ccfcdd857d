import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { buildApp } from "../app";
import { schema } from "../db/client";
import { Shopper, useTestApp, type TestApp } from "../test/app";
import { hashPassword } from "./password";

const SIGN_IN = "/api/rest/customers/self/session";
const PASSWORD = "correct horse battery";
const error = (message: string) => ({ messages: { error: [{ message }] } });
const LOCKED = error("Too many failed sign-in attempts. Please wait 15 minutes and try again.");
const INVALID = error("Invalid login or password.");

const t = useTestApp(async (db) => {
  await db.insert(schema.customers).values(["grace", "alan", "edsger", "barbara"].map((name) => ({
    email: `${name}@example.com`, firstname: name, lastname: "Test", passwordHash: "",
  })));
  const hash = await hashPassword(PASSWORD);
  await db.execute(sql`UPDATE customers SET password_hash = ${hash}`);
});

let address = 0;
/** A shopper calling from an address no earlier one used. */
const newcomer = (app: TestApp = t.app) => new Shopper(app, { remoteAddress: `198.51.${100 + (address >> 8)}.${address++ & 255}` });

async function signIn(login: string, password: string, shopper = newcomer()) {
  await shopper.startSession();
  return shopper.send("POST", SIGN_IN, { login, password });
}

describe("sign-in limits", () => {
  it("locks a login after five failures from five addresses, even for the right password, and for an unknown email alike", async () => {
    for (const login of ["grace@example.com", "nobody@example.com"]) {
      for (let i = 0; i < 5; i++) {
        const failed = await signIn(i % 2 ? login.toUpperCase() : ` ${login}`, "wrong password");
        expect(failed.statusCode).toBe(401);
        expect(failed.json()).toEqual(INVALID);
      }
      const locked = await signIn(login, login.startsWith("grace") ? PASSWORD : "wrong password");
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual(LOCKED);
    }
    // another account is untouched
    expect((await signIn("alan@example.com", PASSWORD)).statusCode).toBe(200);
  });

  it("keeps the lock in the database, so another api process refuses too, until the failures age out", async () => {
    for (let i = 0; i < 5; i++) expect((await signIn("edsger@example.com", "wrong password")).statusCode).toBe(401);
    const other = await buildApp({ db: t.db, validateResponses: true });
    try {
      await other.ready();
      const elsewhere = await signIn("edsger@example.com", PASSWORD, newcomer(other));
      expect(elsewhere.statusCode).toBe(429);
      expect(elsewhere.json()).toEqual(LOCKED);
    } finally {
      await other.close();
    }
    // fifteen minutes later
    await t.db.execute(sql`UPDATE sign_in_attempts SET attempted_at = attempted_at - interval '15 minutes 1 second'`);
    const later = await signIn("edsger@example.com", PASSWORD);
    expect(later.statusCode).toBe(200);
    expect(later.json()).toMatchObject({ isloggedin: true, email: "edsger@example.com" });
  });

  it("forgets the failures once the right password is given", async () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 4; i++) expect((await signIn("barbara@example.com", "wrong password")).statusCode).toBe(401);
      expect((await signIn("barbara@example.com", PASSWORD)).statusCode).toBe(200);
    }
  });

  it("lets at most five of many simultaneous guesses at one login through", async () => {
    const shoppers = Array.from({ length: 12 }, () => newcomer());
    await Promise.all(shoppers.map((shopper) => shopper.startSession()));
    const codes = await Promise.all(shoppers.map((shopper) => shopper.send("POST", SIGN_IN, { login: "parallel@example.com", password: "guess" })));
    const counts = codes.reduce<Record<number, number>>((all, r) => ({ ...all, [r.statusCode]: (all[r.statusCode] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 401: 5, 429: 7 });
  });

  it("limits one address to ten sign-ins a minute, whatever X-Forwarded-For it sends", async () => {
    const shopper = newcomer();
    await shopper.startSession();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await shopper.send("POST", SIGN_IN, { login: `visitor${i}@example.com`, password: "guess" }, { headers: { "x-forwarded-for": `192.0.2.${i + 1}` } });
      codes.push(response.statusCode);
      if (i === 10) expect(response.json()).toEqual(error("Too many requests. Please wait a minute and try again."));
    }
    expect(codes).toEqual([...Array(10).fill(401), 429]);
  });
});
