/**
 * The SQLSTATE of a database error, wherever the driver put it: node-postgres and PGlite set `code`
 * on their error, and drizzle wraps that error in `cause`. Undefined for any other error.
 */
export function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | null, depth = 0; e && typeof e === "object" && depth < 5; e = e.cause as typeof e, depth++) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * A statement refused because of what other requests did meanwhile, which the same request may
 * pass when sent again: an integrity constraint (class 23: a row referred to was deleted, a unique
 * value was taken), a serialisation failure or a deadlock.
 */
export function concurrentConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state !== undefined && (state.startsWith("23") || state === "40001" || state === "40P01");
}
