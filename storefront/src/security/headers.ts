import type { ScriptEntry } from "@store/contract";

/**
 * Security headers of every page (issue 7): a Content-Security-Policy with a fresh nonce per
 * response, framing only from the configured iframe_url, and the usual hardening headers.
 * Pure functions; proxy.ts applies them.
 */

/** Hosts editor HTML may embed (the api's sanitiser allows iframes from exactly these). */
export const EMBED_ORIGINS = ["https://www.youtube.com", "https://player.vimeo.com", "https://www.google.com"] as const;

/** 16 random bytes, base64: unguessable, new for every response. */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The http(s) origin of a URL, or undefined for anything else (relative, javascript:, junk). */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Origins of the third-party scripts configured in GET /scripts (children included), each once. */
export function scriptOrigins(entries: readonly ScriptEntry[]): string[] {
  const origins = new Set<string>();
  const visit = (list: readonly ScriptEntry[] | undefined) => {
    for (const entry of list ?? []) {
      const origin = entry.source === "url" ? originOf(entry.script) : undefined;
      if (origin) origins.add(origin);
      visit(entry.children);
    }
  };
  visit(entries);
  return [...origins].sort();
}

export interface PagePolicy {
  nonce: string;
  /** origins of configured third-party scripts */
  scriptOrigins: readonly string[];
  /** origin allowed to frame the store (kiosk/iframe mode: the configured iframe_url); none when undefined */
  frameAncestor?: string;
  /** the request reached us over https */
  https: boolean;
}

/**
 * script-src: Next puts the nonce on its own inline scripts (RSC payload, bootstrap, next/script)
 * when the request carries this header; 'self' covers the chunks. style-src: the layout's theme
 * and banner <style> elements carry the nonce; style *attributes* (React style props, editor HTML)
 * cannot carry one, and CSS cannot run script, so style-src-attr allows them.
 */
export function contentSecurityPolicy(policy: PagePolicy): string {
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", `'nonce-${policy.nonce}'`, ...policy.scriptOrigins].join(" "),
    `style-src 'self' 'nonce-${policy.nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self'",
    "connect-src 'self'",
    ["frame-src 'self'", ...EMBED_ORIGINS].join(" "),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${policy.frameAncestor ?? "'none'"}`,
  ];
  if (policy.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** Hardening headers besides the CSP; the same for every answer of this origin. */
export const STATIC_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  // the store locator asks for the shopper's position; nothing else needs a device feature
  "permissions-policy": "camera=(), microphone=(), geolocation=(self), payment=(), usb=()",
};

export const HSTS = "max-age=31536000";

/** All security headers of a page answer. */
export function pageSecurityHeaders(policy: PagePolicy): Record<string, string> {
  const headers: Record<string, string> = {
    ...STATIC_SECURITY_HEADERS,
    "content-security-policy": contentSecurityPolicy(policy),
  };
  // X-Frame-Options cannot name an allowed origin: in iframe mode frame-ancestors alone decides
  if (!policy.frameAncestor) headers["x-frame-options"] = "DENY";
  if (policy.https) headers["strict-transport-security"] = HSTS;
  return headers;
}

/** A path whose percent-escapes do not decode (e.g. `/product/%`): no page can match it. */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
