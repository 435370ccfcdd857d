import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { schema } from "../db/client";
import { Shopper, useTestApp } from "../test/app";

const t = useTestApp();
const LOG = "/api/rest/alta/log";

describe("POST /alta/log (spec 000 §7)", () => {
  it("keeps the error page's tracking event with the shopper's session, the store and the page", async () => {
    const s = new Shopper(t.app);
    await s.startSession();
    const response = await s.send("POST", LOG, {
      event: "rendering_error", data: { digest: "abc123", message: "boom" }, store_code: "someone-else", store_name: "Store",
      is_logged_in: false, location: "http://shop.test/product/x", navigator: { user_agent: "TestBrowser/1", language: "en-US" }, timestamp: 1_790_000_000,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ logged: true });
    const [row] = await t.db.select().from(schema.analyticsEvents).where(eq(schema.analyticsEvents.event, "rendering_error"));
    expect(row).toMatchObject({
      data: { digest: "abc123", message: "boom" }, storeCode: "default", location: "http://shop.test/product/x", userAgent: "TestBrowser/1",
      customerId: null, clientTime: new Date(1_790_000_000_000),
    });
    expect(row!.sessionId).toBeTruthy();
  });

  it("needs the CSRF header and refuses what is not an event", async () => {
    const s = new Shopper(t.app);
    await s.startSession();
    const noToken = await t.app.inject({ method: "POST", url: LOG, headers: { cookie: s.cookie }, payload: { event: "x" } });
    expect(noToken.statusCode).toBe(403);
    for (const bad of [{}, { event: "" }, { event: "no spaces please" }, { event: "x", data: { big: "y".repeat(9000) } }, { event: "x", timestamp: -1 }]) {
      const response = await s.send("POST", LOG, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 60)).toBe(400);
      expect(response.json().messages.error[0].message).toBeTruthy();
    }
  });
});
