import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Security headers on every answer of the api (issue 7): JSON and media are never framed, never
 * sniffed as another type, and may load nothing (default-src 'none'). The docs UI sets its own,
 * looser policy (DOCS_CSP, app.ts). Header sets are built once: this runs on the hottest paths.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
});

/** HSTS only means something over https (behind a trusted proxy that says so, or TLS on the socket). */
export const HSTS = "max-age=31536000";
const WITH_HSTS = Object.freeze({ ...API_SECURITY_HEADERS, "strict-transport-security": HSTS });

/** The API reference page (swagger UI): its own scripts and styles, inline style attributes, data: images. */
export const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(request.protocol === "https" ? WITH_HSTS : API_SECURITY_HEADERS);
  });
});
