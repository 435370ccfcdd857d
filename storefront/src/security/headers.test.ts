import { describe, expect, it } from "vitest";
import type { ScriptEntry } from "@store/contract";
import { contentSecurityPolicy, isMalformedPath, newNonce, pageSecurityHeaders, scriptOrigins } from "./headers";

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
