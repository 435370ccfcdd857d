import { NextResponse, type NextRequest } from "next/server";
import type { ScriptEntry, SiteConfig } from "@store/contract";
import { API_URL, apiGetShared } from "@/lib/api";
import { isMalformedPath, pagePolicy, policyInputs } from "@/security/headers.mjs";
import { isPagespeed } from "@/shell/pagespeed";

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

/**
 * Pages: a fresh nonce per response (src/security/headers.mjs). server.mjs applies the same policy
 * to the pages it hands to Next, which then skip this proxy (the matcher's `missing` header); what
 * is left here is `next dev` and the api's paths.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (API_PATHS.test(pathname)) return forwardToApi(request);

  // config and scripts decide the policy; a failed call leaves the strictest one
  const [config, scripts] = await Promise.all([
    apiGetShared<SiteConfig>("/config").catch(() => undefined),
    apiGetShared<ScriptEntry[]>("/scripts").catch(() => []),
  ]);
  // server.mjs set X-Forwarded-Proto from the socket, or kept a trusted load balancer's
  const policy = pagePolicy(policyInputs(config, scripts), {
    https: request.headers.get("x-forwarded-proto") === "https",
    pagespeed: isPagespeed(request.nextUrl.searchParams),
  });
  const requestHeaders = new Headers(request.headers);
  for (const [name, value] of Object.entries(policy.request)) requestHeaders.set(name, value);

  // a path that does not decode cannot be any page: show the store's 404 instead of Next's bare 500
  const response = isMalformedPath(pathname)
    ? NextResponse.rewrite(new URL("/_not-found", request.url), { request: { headers: requestHeaders } })
    : NextResponse.next({ request: { headers: requestHeaders } });
  for (const [name, value] of Object.entries(policy.answer)) response.headers.set(name, value);
  return response;
}

export const config = {
  // everything but build assets and the optimiser (next.config.ts gives those their static headers),
  // and what server.mjs already gave the page policy (POLICY_APPLIED_HEADER in headers.mjs)
  matcher: [{ source: "/((?!_next/static|_next/image|favicon.ico).*)", missing: [{ type: "header", key: "x-storefront-policy" }] }],
};
