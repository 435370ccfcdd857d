import { headers } from "next/headers";

/** This response's CSP nonce (set by proxy.ts), for inline <style> elements we render ourselves. */
export async function cspNonce(): Promise<string | undefined> {
  return (await headers()).get("x-nonce") ?? undefined;
}
