/**
 * Lazy-loaded script (spec 000 §4): idle, loading, success, failure. One load per address is
 * shared by every caller; a failed load may be tried again (it goes back through loading).
 * Scripts get the page's CSP nonce, read from a script the server rendered with it.
 */
export type LazyScriptStatus = "idle" | "loading" | "success" | "failure";

export interface LazyScriptOptions {
  nonce?: string;
  attributes?: Record<string, string>;
  /** run it again even when it already loaded (a force_reload entry on a new page) */
  reload?: boolean;
}

const status = new Map<string, LazyScriptStatus>();
const loads = new Map<string, Promise<LazyScriptStatus>>();
const listeners = new Set<() => void>();

export const lazyScriptStatus = (src: string): LazyScriptStatus => status.get(src) ?? "idle";

export function subscribeLazyScripts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(src: string, next: LazyScriptStatus) {
  status.set(src, next);
  for (const listener of listeners) listener();
}

/** The nonce the page was served with (browsers hide the attribute, not the property). */
export function pageNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

export function loadScript(src: string, options: LazyScriptOptions = {}): Promise<LazyScriptStatus> {
  const current = lazyScriptStatus(src);
  if (current === "success" && !options.reload) return Promise.resolve("success");
  const inFlight = loads.get(src);
  if (inFlight && !options.reload) return inFlight;
  set(src, "loading");
  const load = new Promise<LazyScriptStatus>((resolve) => {
    const el = document.createElement("script");
    for (const [name, value] of Object.entries(options.attributes ?? {})) el.setAttribute(name, value);
    const nonce = options.nonce ?? pageNonce();
    if (nonce) el.nonce = nonce;
    el.async = true;
    el.src = src;
    el.dataset.lazyScript = "";
    el.onload = () => { set(src, "success"); resolve("success"); };
    el.onerror = () => { set(src, "failure"); el.remove(); resolve("failure"); };
    document.head.appendChild(el);
  }).finally(() => loads.delete(src));
  loads.set(src, load);
  return load;
}

/** For tests: forget every load. */
export function resetLazyScripts() {
  status.clear();
  loads.clear();
}
