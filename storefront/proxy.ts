import { NextResponse, type NextRequest } from "next/server";
import type { ScriptEntry, SiteConfig } from "@store/contract";
import { API_URL, apiGetShared } from "@/lib/api";
import { isMalformedPath, newNonce, originOf, pageSecurityHeaders, scriptOrigins } from "@/security/headers";
import { PAGESPEED_HEADER, isPagespeed } from "@/shell/pagespeed";

const RECAPTCHA_ORIGINS = ["https://www.google.com", "https://www.gstatic.com"];

/** Paths the browser reaches on this origin that are the api's (see forwardToApi). */
const API_PATHS = /^\/(api\/rest|media)(\/|$)/;

/**
 * The browser only talks to this origin: /api/rest/* and /media/* are forwarded to the api.
 * This is done here rather than with `rewrites` in next.config.ts because those are compiled
 * into the build, which would fix the api address at build time; this reads API_URL per request,
 * so one build runs against any api. The api sets its own security headers. X-Forwarded-For is
 * already the socket's address (plus trusted hops) by now: server.mjs replaced the client's claim.
 */
function forwardToApi(request: NextRequest) {
  return NextResponse.rewrite(new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, `${API_URL}/`));
}

/** Config and scripts decide the policy; a failure leaves the strictest one (no framing, no third-party scripts). */
async function policyInputs(): Promise<{ frameAncestor?: string; origins: string[]; noIndex: boolean }> {
  const [config, scripts] = await Promise.all([
    apiGetShared<SiteConfig>("/config").catch(() => undefined),
    apiGetShared<ScriptEntry[]>("/scripts").catch(() => []),
  ]);
  const origins = Array.isArray(scripts) ? scriptOrigins(scripts) : [];
  // the captcha widget's script (and the scripts it loads) when the store turns the captcha on
  if (config?.recaptcha_enabled === "1" && config.recaptcha_site_key) origins.push(...RECAPTCHA_ORIGINS);
  const siteIndex: unknown = config?.site_index;
  return { frameAncestor: originOf(config?.iframe_url), origins, noIndex: siteIndex === "0" || siteIndex === 0 || siteIndex === false };
}

/**
 * Pages: a fresh nonce per response. The CSP goes on the request too, because Next reads the
 * nonce from the request's Content-Security-Policy header and puts it on its own inline scripts;
 * `x-nonce` hands it to our layout for the inline <style> elements.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (API_PATHS.test(pathname)) return forwardToApi(request);

  const { frameAncestor, origins, noIndex } = await policyInputs();
  // server.mjs set X-Forwarded-Proto from the socket, or kept a trusted load balancer's
  const https = request.headers.get("x-forwarded-proto") === "https";
  const nonce = newNonce();
  const headers = pageSecurityHeaders({ nonce, scriptOrigins: origins, frameAncestor, https });

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set(PAGESPEED_HEADER, isPagespeed(request.nextUrl.searchParams) ? "1" : "0");
  requestHeaders.set("content-security-policy", headers["content-security-policy"]);

  // a path that does not decode cannot be any page: show the store's 404 instead of Next's bare 500
  const response = isMalformedPath(pathname)
    ? NextResponse.rewrite(new URL("/_not-found", request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // site_index off: nothing this storefront answers is to be indexed
  if (noIndex) response.headers.set("x-robots-tag", "noindex, nofollow");
  return response;
}

export const config = {
  // everything but build assets and the optimiser (next.config.ts gives those their static headers)
  matcher: ["/((?!_next/static|_next/image|favicon.ico).*)"],
};
