import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { useTestApp } from "../test/app";

const ctx = useTestApp();
const SESSION = "/api/rest/customers/self/session";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const DAY = 86_400_000;

const sessionRows = async () => (await ctx.db.select({ n: sql<number>`count(*)::int` }).from(schema.sessions))[0]!.n;
const sidCookie = (response: { cookies: Array<{ name: string; value: string }> }) => response.cookies.find((c) => c.name === "sid");

describe("crawlers get no session row", () => {
  for (const [label, userAgent] of [
    ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["a crawler naming itself in capitals", "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)"],
    ["a request without a User-Agent", undefined],
  ] as const) {
    it(`answers ${label} a guest without a row or cookie`, async () => {
      const before = await sessionRows();
      for (let i = 0; i < 3; i++) {
        const response = await ctx.app.inject({ url: SESSION, headers: { "user-agent": userAgent } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ isloggedin: false, customer_data: { csrf_token: "" } });
        expect(sidCookie(response)).toBeUndefined();
      }
      expect(await sessionRows()).toBe(before);
    });
  }

  it("refuses a crawler's POST for want of a CSRF token", async () => {
    const response = await ctx.app.inject({
      method: "POST", url: SESSION, headers: { "user-agent": "Googlebot/2.1", "x-csrf-token": "" },
      payload: { login: "a@example.com", password: "x" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ messages: { error: [{ message: "Invalid or missing CSRF token. Reload the page and try again." }] } });
  });

  it("treats every visitor as a bot while the configured pattern cannot be parsed", async () => {
    await ctx.app.services.config.update({ user_agents_bots_regex: "(bot|crawl" });
    try {
      const before = await sessionRows();
      const response = await ctx.app.inject({ url: SESSION, headers: { "user-agent": BROWSER } });
      expect(response.statusCode).toBe(200);
      expect(sidCookie(response)).toBeUndefined();
      expect(await sessionRows()).toBe(before);
    } finally {
      await ctx.app.services.config.update({ user_agents_bots_regex: "bot|crawl|spider|slurp|lighthouse" });
    }
    // a parsable pattern again: the browser gets its session
    expect(sidCookie(await ctx.app.inject({ url: SESSION, headers: { "user-agent": BROWSER } }))).toBeDefined();
  });
});

describe("guest sessions of browsers", () => {
  it("creates one row with a token; unused, it lives a day, and coming back with the cookie extends it to 30", async () => {
    const before = await sessionRows();
    const first = await ctx.app.inject({ url: SESSION, headers: { "user-agent": BROWSER } });
    const cookie = sidCookie(first);
    expect(cookie).toBeDefined();
    expect(first.json().customer_data.csrf_token).toMatch(/^[\w-]{43}$/);
    expect(await sessionRows()).toBe(before + 1);
    const expiry = async () => (await ctx.db.select({ at: schema.sessions.expiresAt }).from(schema.sessions)
      .where(eq(schema.sessions.id, cookie!.value)))[0]!.at.getTime();
    expect(Math.abs(await expiry() - (Date.now() + DAY))).toBeLessThan(60_000);

    const again = await ctx.app.inject({ url: SESSION, headers: { "user-agent": BROWSER, cookie: `sid=${cookie!.value}` } });
    expect(again.json().customer_data.csrf_token).toBe(first.json().customer_data.csrf_token);
    expect(Math.abs(await expiry() - (Date.now() + 30 * DAY))).toBeLessThan(60_000);
    expect(sidCookie(again)?.value).toBe(cookie!.value); // the cookie is renewed with the row
    expect(await sessionRows()).toBe(before + 1);

    // within the day after, reads leave the row alone
    const third = await ctx.app.inject({ url: SESSION, headers: { "user-agent": BROWSER, cookie: `sid=${cookie!.value}` } });
    expect(sidCookie(third)).toBeUndefined();
  });
});
