import type { FastifyInstance, FastifyRequest } from "fastify";
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import { HttpError } from "./errors";

/** What every rate-limited call answers (429, in the error shape). */
export const TOO_MANY_REQUESTS = "Too many requests. Please wait a minute and try again.";

/** Proxies whose X-Forwarded-For is believed when none are configured: the storefront on this host. */
export const DEFAULT_TRUSTED_PROXIES = ["127.0.0.1", "::1"];

/** Writes per minute per client address on a mutating route that sets no limit of its own. */
export const DEFAULT_WRITES_PER_MINUTE = 60;

const MUTATING = new Set(["POST", "PUT", "DELETE", "PATCH"]);

/** `TRUSTED_PROXIES=10.0.0.1, 10.1.0.0/16` → ["10.0.0.1", "10.1.0.0/16"]; unset or blank → the default. */
export function parseTrustedProxies(value: string | undefined): string[] {
  const list = (value ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  return list.length > 0 ? list : DEFAULT_TRUSTED_PROXIES;
}

/**
 * The client a limit counts against: the address Fastify derived from the trusted proxies only,
 * IPv6 by its /64 (one subscriber's whole prefix), the same key the rate-limit plugin uses.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip);
}

export const tooManyRequests = () => new HttpError(429, TOO_MANY_REQUESTS);

/**
 * Per-client limits on writes. Every POST/PUT/DELETE/PATCH route gets `writesPerMinute` per client
 * address unless it sets `config.rateLimit` itself, so a route added later is limited without
 * anyone remembering to; reads stay unlimited (catalogue GETs are cached and must stay cheap).
 * Must be registered before any route.
 */
export async function registerRateLimits(app: FastifyInstance, options: { writesPerMinute?: number } = {}) {
  const max = options.writesPerMinute ?? DEFAULT_WRITES_PER_MINUTE;
  // runs before the plugin's own onRoute hook, which reads config.rateLimit
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat();
    if (!methods.some((method) => MUTATING.has(method)) || route.config?.rateLimit !== undefined) return;
    route.config = { ...route.config, rateLimit: { max, timeWindow: 60_000 } };
  });
  await app.register(rateLimit, {
    global: false,
    max,
    timeWindow: 60_000,
    errorResponseBuilder: () => tooManyRequests(),
  });
}
