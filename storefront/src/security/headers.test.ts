import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScriptEntry } from "@store/contract";
import { contentSecurityPolicy, isMalformedPath, newNonce, pagePolicy, pageSecurityHeaders, policyInputs, policyInputsFrom, scriptOrigins } from "./headers.mjs";

function entry(script_id: string, source: "url" | "inline", script: string, children: ScriptEntry[] = []): ScriptEntry {
  return {
    script_id, parent_id: null, location: "head", cms_pages: [], force_reload: false, html_attribs: {},
    script_name: script_id, source, script, type: "text/javascript", additional_html: "", children,
  };
}

describe("page security headers", () => {
  it("a nonce is new for every response and fits CSP's nonce syntax", () => {
    const nonces = new Set(Array.from({ length: 50 }, newNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("allows the configured third-party script hosts, children included, each once, and nothing inline", () => {
    const origins = scriptOrigins([
      entry("1", "url", "https://tags.example.com/gtm.js?id=1", [entry("2", "url", "https://cdn.example.net/a/b.js")]),
      entry("3", "inline", "window.x = 1"),
      entry("4", "url", "https://tags.example.com/other.js"),
      entry("5", "url", "javascript:alert(1)"),
      entry("6", "url", "/local.js"),
    ]);
    expect(origins).toEqual(["https://cdn.example.net", "https://tags.example.com"]);
    const csp = contentSecurityPolicy({ nonce: "abc", scriptOrigins: origins, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://cdn.example.net https://tags.example.com;");
    expect(csp).not.toContain("'unsafe-inline' ");
    expect(csp).not.toContain("script-src 'self' 'nonce-abc' 'unsafe-inline'");
  });

  it("by default: no framing at all, no HSTS over http", () => {
    expect(pageSecurityHeaders({ nonce: "n1", scriptOrigins: [], https: false })).toEqual({
      "content-security-policy":
        "default-src 'self'; script-src 'self' 'nonce-n1'; style-src 'self' 'nonce-n1'; style-src-attr 'unsafe-inline'; " +
        "img-src 'self' data: blob:; font-src 'self' data:; media-src 'self'; connect-src 'self'; " +
        "frame-src 'self' https://www.youtube.com https://player.vimeo.com https://www.google.com; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
      "x-frame-options": "DENY",
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "permissions-policy": "camera=(), microphone=(), geolocation=(self), payment=(), usb=()",
    });
  });

  it("in iframe mode only the configured iframe_url's origin may frame the store; https adds HSTS", () => {
    const headers = pageSecurityHeaders({ nonce: "n2", scriptOrigins: [], https: true, frameAncestor: "https://kiosk.example.com" });
    expect(headers["content-security-policy"]).toContain("; frame-ancestors https://kiosk.example.com; upgrade-insecure-requests");
    expect(headers["x-frame-options"]).toBeUndefined();
    expect(headers["strict-transport-security"]).toBe("max-age=31536000");
  });

  it("tells malformed paths from well-formed ones", () => {
    for (const bad of ["/catalog/%E0%A4%A", "/product/%", "/%C0"]) expect(isMalformedPath(bad), bad).toBe(true);
    for (const good of ["/catalog/appliances", "/search/caf%C3%A9", "/blog/a%20b"]) expect(isMalformedPath(good), good).toBe(false);
  });
});

describe("one page's policy", () => {
  it("the store's config decides framing, captcha hosts and indexing; a failed read leaves the strictest policy", () => {
    const scripts = [entry("1", "url", "https://tags.example.com/gtm.js")];
    expect(policyInputs({ iframe_url: "https://kiosk.example.com/frame?x=1", recaptcha_enabled: "1", recaptcha_site_key: "k", site_index: "0" }, scripts)).toEqual({
      frameAncestor: "https://kiosk.example.com",
      origins: ["https://tags.example.com", "https://www.google.com", "https://www.gstatic.com"],
      noIndex: true,
    });
    // the captcha's hosts only with a site key; site_index on by default
    expect(policyInputs({ iframe_url: "", recaptcha_enabled: "1", recaptcha_site_key: "", site_index: "1" }, [])).toEqual({ frameAncestor: undefined, origins: [], noIndex: false });
    expect(policyInputs(undefined, undefined)).toEqual({ frameAncestor: undefined, origins: [], noIndex: false });
  });

  it("hands the answer's nonce to Next and the layout through the request, and says whether scripts are skipped", () => {
    const policy = pagePolicy({ origins: ["https://tags.example.com"], noIndex: true }, { https: false, pagespeed: true });
    const nonce = policy.request["x-nonce"]!;
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(policy.request["content-security-policy"]).toBe(policy.answer["content-security-policy"]);
    expect(policy.answer["content-security-policy"]).toContain(`script-src 'self' 'nonce-${nonce}' https://tags.example.com;`);
    expect(policy.request["x-pagespeed"]).toBe("1");
    expect(policy.answer["x-robots-tag"]).toBe("noindex, nofollow");
    const next = pagePolicy({ origins: [], noIndex: false }, { https: false, pagespeed: false });
    expect(next.request["x-nonce"]).not.toBe(nonce);
    expect(next.request["x-pagespeed"]).toBe("0");
    expect(next.answer["x-robots-tag"]).toBeUndefined();
  });
});

describe("policy inputs read from the api", () => {
  const asked: string[] = [];
  let failing = false;
  let config = { iframe_url: "https://kiosk.example.com", recaptcha_enabled: "0", recaptcha_site_key: "", site_index: "1" };
  const api = http.createServer((request, response) => {
    asked.push(request.url ?? "");
    if (failing) return void response.writeHead(503).end();
    const body = request.url === "/api/rest/config" ? config : [entry("1", "url", "https://tags.example.com/a.js")];
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  let apiUrl = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  it("reads config and scripts once per data version of either, and again when it moves", async () => {
    asked.length = 0;
    let version = "1.0.0";
    const generations: Array<readonly string[]> = [];
    const inputs = policyInputsFrom(apiUrl, (tags) => (generations.push(tags), version));
    const [a, b] = await Promise.all([inputs(), inputs()]);
    expect(a).toEqual({ frameAncestor: "https://kiosk.example.com", origins: ["https://tags.example.com"], noIndex: false });
    expect(b).toEqual(a);
    expect(await inputs()).toEqual(a);
    expect(asked.sort()).toEqual(["/api/rest/config", "/api/rest/scripts"]);
    expect(generations[0]).toEqual(["config", "scripts"]);
    config = { ...config, iframe_url: "" };
    expect((await inputs()).frameAncestor).toBe("https://kiosk.example.com");
    version = "1.1.0";
    expect((await inputs()).frameAncestor).toBeUndefined();
    expect(asked).toHaveLength(4);
  });

  it("without data versions, reads at most once per time-to-live", async () => {
    asked.length = 0;
    const inputs = policyInputsFrom(apiUrl, () => null, 60_000);
    await inputs();
    await inputs();
    expect(asked).toHaveLength(2);
    const shortLived = policyInputsFrom(apiUrl, () => null, 0);
    await shortLived();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await shortLived();
    expect(asked).toHaveLength(6);
  });

  it("a failed read gives the strictest policy and is not kept", async () => {
    asked.length = 0;
    failing = true;
    const inputs = policyInputsFrom(apiUrl, () => "1.0.0");
    expect(await inputs()).toEqual({ frameAncestor: undefined, origins: [], noIndex: false });
    failing = false;
    expect((await inputs()).origins).toEqual(["https://tags.example.com"]);
    expect(asked).toHaveLength(4);
  });
});
