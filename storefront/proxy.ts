import { NextResponse, type NextRequest } from "next/server";

/**
 * The browser only talks to this origin: /api/rest/* and /media/* are forwarded to the api.
 * This is done here rather than with `rewrites` in next.config.ts because those are compiled
 * into the build, which would fix the api address at build time; this reads API_URL per request,
 * so one build runs against any api.
 */
export function proxy(request: NextRequest) {
  const api = (process.env.API_URL ?? "http://127.0.0.1:4000").replace(/\/+$/, "");
  const target = new URL(`${request.nextUrl.pathname}${request.nextUrl.search}`, `${api}/`);
  return NextResponse.rewrite(target);
}

export const config = {
  matcher: ["/api/rest/:path*", "/media/:path*"],
};
