/**
 * Security headers of every page (issue 7): a Content-Security-Policy with a fresh nonce per
 * response, framing only from the configured iframe_url, and the usual hardening headers.
 * Plain JavaScript (types in headers.d.mts) because two places apply them: server.mjs to every
 * page it hands to Next, and proxy.ts under `next dev` and for anything server.mjs did not mark
 * (POLICY_APPLIED_HEADER).
 */

/** Hosts editor HTML may embed (the api's sanitiser allows iframes from exactly these). */
export const EMBED_ORIGINS = ["https://www.youtube.com", "https://player.vimeo.com", "https://www.google.com"];

/** The captcha widget's script and the scripts it loads, allowed when the store turns the captcha on. */
const RECAPTCHA_ORIGINS = ["https://www.google.com", "https://www.gstatic.com"];

/**
 * Page-speed measurements (spec 000 §4): with `pagespeed=true` in the query, third-party and
 * configured scripts are skipped. The page's request carries the answer to the server components
 * in this header (a client cannot set it: whoever applies the policy always overwrites it).
 */
export const PAGESPEED_HEADER = "x-pagespeed";

/**
 * Set on a request by server.mjs once it applied the page policy itself; proxy.ts's matcher then
 * skips it (a client-sent one is removed first). Its literal is repeated in proxy.ts's `config`,
 * which Next reads at build time and which cannot name a constant.
 */
export const POLICY_APPLIED_HEADER = "x-storefront-policy";

/** 16 random bytes, base64: unguessable, new for every response. */
export function newNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The http(s) origin of a URL, or undefined for anything else (relative, javascript:, junk). */
export function originOf(url) {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Origins of the third-party scripts configured in GET /scripts (children included), each once. */
export function scriptOrigins(entries) {
  const origins = new Set();
  const visit = (list) => {
    for (const entry of list ?? []) {
      const origin = entry.source === "url" ? originOf(entry.script) : undefined;
      if (origin) origins.add(origin);
      visit(entry.children);
    }
  };
  visit(entries);
  return [...origins].sort();
}

/**
 * What the store's configuration decides of the policy, from GET /config and GET /scripts (either
 * missing when its call failed: the strictest policy, no framing and no third-party scripts).
 */
export function policyInputs(config, scripts) {
  const origins = Array.isArray(scripts) ? scriptOrigins(scripts) : [];
  if (config?.recaptcha_enabled === "1" && config.recaptcha_site_key) origins.push(...RECAPTCHA_ORIGINS);
  const siteIndex = config?.site_index;
  return { frameAncestor: originOf(config?.iframe_url), origins, noIndex: siteIndex === "0" || siteIndex === 0 || siteIndex === false };
}

/** The data a page's policy is read from, as the page cache tags it (src/pagecache/tags.ts). */
export const POLICY_TAGS = ["config", "scripts"];

/**
 * The policy inputs of the store whose api is at `apiUrl`, read once per data version of its
 * config and scripts (`generation(POLICY_TAGS)`; where versions are not followed it answers null
 * and they are read at most once per `ttlMs`). A read that failed is used once, never kept.
 */
export function policyInputsFrom(apiUrl, generation, ttlMs = 2_000) {
  let kept;
  const read = async (path) => {
    const response = await fetch(`${apiUrl}/api/rest${path}`, { headers: { accept: "application/json", "x-language": "en-US" }, signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return response.json();
  };
  return () => {
    const token = generation(POLICY_TAGS);
    const now = Date.now();
    if (kept && (token !== null ? kept.token === token : kept.token === null && now - kept.at < ttlMs)) return kept.value;
    const current = { token, at: now, value: undefined };
    let failed = false;
    const failure = (fallback) => () => {
      failed = true;
      return fallback;
    };
    current.value = Promise.all([read("/config").catch(failure(undefined)), read("/scripts").catch(failure([]))]).then(([config, scripts]) => {
      if (failed && kept === current) kept = undefined;
      return policyInputs(config, scripts);
    });
    kept = current;
    return current.value;
  };
}

/**
 * script-src: Next puts the nonce on its own inline scripts (RSC payload, bootstrap, next/script)
 * when the request carries this header; 'self' covers the chunks. style-src: the layout's theme
 * and banner <style> elements carry the nonce; style *attributes* (React style props, editor HTML)
 * cannot carry one, and CSS cannot run script, so style-src-attr allows them.
 */
export function contentSecurityPolicy(policy) {
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
export const STATIC_SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  // the store locator asks for the shopper's position; nothing else needs a device feature
  "permissions-policy": "camera=(), microphone=(), geolocation=(self), payment=(), usb=()",
};

export const HSTS = "max-age=31536000";

/** All security headers of a page answer. */
export function pageSecurityHeaders(policy) {
  const headers = {
    ...STATIC_SECURITY_HEADERS,
    "content-security-policy": contentSecurityPolicy(policy),
  };
  // X-Frame-Options cannot name an allowed origin: in iframe mode frame-ancestors alone decides
  if (!policy.frameAncestor) headers["x-frame-options"] = "DENY";
  if (policy.https) headers["strict-transport-security"] = HSTS;
  return headers;
}

/**
 * One page answer's policy, a fresh nonce in it: `request` are the headers its request gets (Next
 * reads the nonce from the request's CSP and puts it on its own inline scripts; `x-nonce` hands it
 * to the layout's inline <style> elements), `answer` the headers of the answer.
 */
export function pagePolicy(inputs, { https, pagespeed }) {
  const nonce = newNonce();
  const answer = pageSecurityHeaders({ nonce, scriptOrigins: inputs.origins, frameAncestor: inputs.frameAncestor, https });
  // site_index off: nothing this storefront answers is to be indexed
  if (inputs.noIndex) answer["x-robots-tag"] = "noindex, nofollow";
  const request = { "x-nonce": nonce, [PAGESPEED_HEADER]: pagespeed ? "1" : "0", "content-security-policy": answer["content-security-policy"] };
  return { request, answer };
}

/** A path whose percent-escapes do not decode (e.g. `/product/%`): no page can match it. */
export function isMalformedPath(pathname) {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
