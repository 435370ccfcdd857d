/**
 * The app auth gate of spec 000 §4: in kiosk/iframe mode (config iframe_url set) a page embedded
 * but not by the allowed site, or not embedded at all, is unauthorised. Zod-free: the browser
 * check uses it too.
 */
import { originOf } from "@/security/headers.mjs";

export type GateDecision = "open" | "authorised" | "unauthorised" | "unknown";

/**
 * What the server can tell from a request: a page load's Sec-Fetch-Dest says whether it is the
 * top document ("document": not embedded) or a frame ("iframe"), and its Referer which site
 * framed it (the allowed one, or this store itself when the shopper moves on inside the frame).
 * Client-side navigations (RSC requests) and browsers without Sec-Fetch-Dest are left to the
 * browser check ("unknown").
 */
export function gateFromRequest(input: { iframeUrl: string | null | undefined; dest: string | null; referer: string | null; ownOrigin: string | null; rsc: boolean }): GateDecision {
  const allowed = originOf(input.iframeUrl);
  if (!allowed) return "open";
  if (input.rsc || !input.dest) return "unknown";
  if (input.dest === "document") return "unauthorised";
  if (input.dest !== "iframe") return "unknown";
  const from = originOf(input.referer);
  return from !== undefined && (from === allowed || from === input.ownOrigin) ? "authorised" : "unauthorised";
}

/** The browser's view: embedded at all, and by which site (the nearest ancestor's origin when the browser tells, else the referrer's). */
export function gateInBrowser(input: { iframeUrl: string | null | undefined; embedded: boolean; parentOrigin: string | null; referrer: string; ownOrigin: string }): GateDecision {
  const allowed = originOf(input.iframeUrl);
  if (!allowed) return "open";
  if (!input.embedded) return "unauthorised";
  const from = input.parentOrigin ?? originOf(input.referrer);
  if (from === undefined) return "unknown";
  return from === allowed || (input.parentOrigin === null && from === input.ownOrigin) ? "authorised" : "unauthorised";
}
