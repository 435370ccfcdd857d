/**
 * What the api hears about who is asking. The storefront forwards /api/rest/* and /media/* to the
 * api, which reads the shopper's address from X-Forwarded-For (rate limits, logs). A client can send
 * any X-Forwarded-For it likes, so the storefront replaces what the client claims instead of passing
 * it on: it keeps only the last `trustedHops` entries (added by load balancers in front of this
 * process, STOREFRONT_TRUSTED_HOPS) and appends the address of the socket it was called on.
 * Plain JavaScript because the process entry (server.mjs) runs it before Next sees the request.
 */

/** Entries of a comma-separated header, first to last; repeated headers count as one list. */
function entries(value) {
  const joined = Array.isArray(value) ? value.join(",") : (value ?? "");
  return joined.split(",").map((part) => part.trim()).filter(Boolean);
}

/** The STOREFRONT_TRUSTED_HOPS setting: a whole number of proxies in front of this process, 0 when unset or invalid. */
export function trustedHops(value) {
  const hops = Number(value ?? 0);
  return Number.isInteger(hops) && hops > 0 ? Math.min(hops, 10) : 0;
}

/**
 * Rewrites the forwarding headers of an incoming request in place.
 * - X-Forwarded-For: the last `hops` claimed entries, then the socket's address.
 * - X-Forwarded-Proto: from the socket when nothing in front is trusted, else the nearest proxy's.
 * - X-Forwarded-Host/Port, Forwarded, X-Real-IP: dropped unless a trusted proxy set them
 *   (Forwarded and X-Real-IP always: the api reads only X-Forwarded-For).
 */
export function replaceForwardedHeaders(headers, peer, encrypted, hops) {
  const kept = hops > 0 ? entries(headers["x-forwarded-for"]).slice(-hops) : [];
  const chain = peer ? [...kept, peer] : kept;
  if (chain.length > 0) headers["x-forwarded-for"] = chain.join(", ");
  else delete headers["x-forwarded-for"];

  const proto = hops > 0 ? entries(headers["x-forwarded-proto"]).at(-1) : undefined;
  headers["x-forwarded-proto"] = proto === "https" || proto === "http" ? proto : encrypted ? "https" : "http";
  if (hops === 0) {
    delete headers["x-forwarded-host"];
    delete headers["x-forwarded-port"];
  }
  delete headers["forwarded"];
  delete headers["x-real-ip"];
  return headers;
}
