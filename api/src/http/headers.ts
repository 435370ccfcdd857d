import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { SUPPORTED_LOCALES } from "@store/contract";

export const LANGUAGE_HEADER = "x-language";

declare module "fastify" {
  interface FastifyRequest {
    /** The shopper's language from the language header (default en-US). */
    language: string;
  }
  interface FastifyContextConfig {
    /** Seconds a shared cache may keep this public answer; absent means shopper data: no-store. */
    publicMaxAge?: number;
  }
}

/**
 * Language from the header, and cache headers: answers are `no-store` unless the route says it
 * is public catalogue data, in which case a short shared max-age lets a CDN absorb the load.
 */
export const headersPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("language", "en-US");
  app.addHook("onRequest", async (request) => {
    const asked = request.headers[LANGUAGE_HEADER];
    if (typeof asked === "string" && (SUPPORTED_LOCALES as readonly string[]).includes(asked)) request.language = asked;
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const maxAge = request.routeOptions.config?.publicMaxAge;
    if (reply.statusCode < 400 && maxAge !== undefined && !reply.getHeader("set-cookie")) {
      reply.header("cache-control", `public, max-age=${maxAge}, stale-while-revalidate=${maxAge * 4}`);
    } else if (!reply.getHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
    reply.header("vary", "x-language");
    return payload;
  });
});
