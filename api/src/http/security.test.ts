import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/app";
import { videoPath } from "../media/videos";

const ctx = useTestApp();

/** The headers issue 7 asks of every api answer, written out as the browser reads them. */
function expectHardened(headers: Record<string, unknown>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("no-referrer");
}

describe("security headers", () => {
  it.each([
    ["JSON", "/api/rest/config", 200],
    ["health", "/health", 200],
    ["health under the api prefix", "/api/rest/health", 200],
    ["a picture", "/media/product/refrigerator/c0c4c8/1.png", 200],
    ["a video", videoPath("refrigerator"), 200],
    ["an unknown route", "/api/rest/nothing-here", 404],
    ["a malformed path (bad input)", "/api/rest/pages/%E0", 400],
  ])("%s (%s) may load nothing and is never framed", async (_what, url, status) => {
    const response = await ctx.app.inject({ method: "GET", url });
    expect(response.statusCode).toBe(status);
    expectHardened(response.headers);
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("a path that does not decode is answered in the error shape", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/rest/pages/%E0" });
    expect(response.json()).toEqual({ messages: { error: [{ message: "The address is not valid: it has a broken percent-encoding." }] } });
  });

  it("sends Strict-Transport-Security only when the request came over https", async () => {
    const https = await ctx.app.inject({ method: "GET", url: "/api/rest/config", headers: { "x-forwarded-proto": "https" } });
    expect(https.headers["strict-transport-security"]).toBe("max-age=31536000");
    const http = await ctx.app.inject({ method: "GET", url: "/api/rest/config", headers: { "x-forwarded-proto": "http" } });
    expect(http.headers["strict-transport-security"]).toBeUndefined();
  });

  it("the docs page has its own policy that lets its scripts and styles load", async () => {
    const page = await ctx.app.inject({ method: "GET", url: "/api/rest/docs/" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("swagger-ui-bundle.js");
    expect(page.headers["content-security-policy"]).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expectHardened(page.headers);
    const script = await ctx.app.inject({ method: "GET", url: "/api/rest/docs/static/swagger-ui-bundle.js" });
    expect(script.statusCode).toBe(200);
    expect(script.headers["x-content-type-options"]).toBe("nosniff");
  });
});
