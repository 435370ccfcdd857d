import { headers } from "next/headers";
import { notePageStyle } from "@/pagecache/tags";

/** This response's CSP nonce (set by server.mjs, or proxy.ts under next dev), for inline <style> elements we render ourselves. */
export async function cspNonce(): Promise<string | undefined> {
  return (await headers()).get("x-nonce") ?? undefined;
}

/**
 * The text of an inline <style> element rendered with the nonce, noted for the page cache (whose
 * pages name hashes in their CSP instead of a nonce, see src/pagecache/cache.mjs).
 */
export function noteStyle(css: string): string {
  if (css) notePageStyle(css);
  return css;
}
