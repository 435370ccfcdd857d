import { afterEach } from "vitest";

/** server.mjs's hook (pagecache/tags), present while a document renders. */
const HOOK = Symbol.for("storefront.page-cache");
const hooks = globalThis as Record<symbol, unknown>;

/**
 * A document's render as server.mjs runs it, for the test in progress: markup a server component
 * keeps (lib/html markupRef) is written once, named r0, r1, … and read back by that name. Returns
 * what was kept. The hook goes after each test.
 */
export function documentRender(): Map<string, string> {
  const kept = new Map<string, string>();
  hooks[HOOK] = {
    keepMarkup: (write: () => string) => { const ref = `r${kept.size}`; kept.set(ref, write()); return ref; },
    keptMarkup: (ref: string) => kept.get(ref),
  };
  return kept;
}

/** Back outside a document's render (a client navigation's, or the browser's). */
export function endDocumentRender(): void {
  delete hooks[HOOK];
}

afterEach(endDocumentRender);
