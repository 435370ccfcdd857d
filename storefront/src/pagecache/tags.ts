/**
 * What a page render read, as the page cache's tags (see cache.mjs): each api answer a server
 * component fetches is noted against the render in progress, so the cached page is dropped when
 * that data changes. Unknown calls are tagged `any` (dropped on every change).
 */
export type PageTags = readonly string[];

/** server.mjs puts this on globalThis; absent (next dev, tests) nothing is noted or cached. */
interface PageCacheHook {
  note(tags: PageTags): void;
  script(code: string): void;
  style(css: string): void;
  generation(tags: PageTags): string | null;
  gated(): void;
  keepMarkup(write: () => string): string | undefined;
  keptMarkup(ref: string): string | undefined;
}

const HOOK = Symbol.for("storefront.page-cache");

function hook(): PageCacheHook | undefined {
  return (globalThis as Record<symbol, PageCacheHook | undefined>)[HOOK];
}

const PRODUCT_LISTINGS = /^\/(search|special|dynamic-category|promotions)(\/|$|\?)/;

/** The tags of one api answer, from its path and, where the path does not say, its body. */
export function pageTagsFor(path: string, body?: unknown): PageTags {
  const bare = path.split("?")[0]!;
  if (bare === "/config") return ["config"];
  if (bare === "/menus") return ["menus"];
  if (bare === "/scripts") return ["scripts"];
  if (bare === "/categories" || bare === "/locations" || bare.startsWith("/promobanners/")) return ["catalog"];
  if (bare.startsWith("/blocks/") || bare.startsWith("/pages/")) return ["cms"];
  if (bare === "/blog" || bare.startsWith("/blog/")) return ["blog"];
  const id = (body as { entity_id?: unknown } | null | undefined)?.entity_id;
  if (/^\/products\/[^/]+$/.test(bare)) return id !== undefined ? ["catalog", `p${String(id)}`] : ["catalog", "products"];
  const reviews = /^\/products\/(\d+)\/reviews/.exec(bare);
  if (reviews) return ["catalog", `p${reviews[1]}`];
  if (/^\/categories\/[^/]+$/.test(bare)) return id !== undefined ? ["catalog", `c${String(id)}`] : ["catalog", "products"];
  // recommendations: the products shown (which products rank best changes with ratings, which the
  // page's maximum age bounds)
  if (bare === "/personal/products") {
    const shown = (body as { products?: Array<{ entity_id?: unknown }> } | undefined)?.products;
    return Array.isArray(shown) ? ["catalog", ...shown.map((p) => `p${String(p.entity_id)}`)] : ["catalog", "products"];
  }
  if (PRODUCT_LISTINGS.test(bare)) return ["catalog", "products"];
  return ["any"];
}

/** Note what the render in progress read (nothing outside a cached render). */
export function notePageData(tags: PageTags): void {
  hook()?.note(tags);
}

/**
 * Inline script code the page's browser inserts itself (Next's script loader, force_reload script
 * entries): a cached page's CSP allows it by its hash, as it allows the inline scripts in the HTML.
 */
export function notePageScript(code: string): void {
  hook()?.script(code);
}

/**
 * The text of an inline <style> element the page renders with the nonce: a cached page's CSP
 * allows it by its hash also where React creates it in the browser (a part rendered on the client,
 * Next's error document for a 404).
 */
export function notePageStyle(css: string): void {
  hook()?.style(css);
}

/**
 * The render in progress answered through the kiosk/iframe auth gate (spec 000 §4: the store is
 * in iframe mode), so what it shows depends on how the request was made (top document or frame,
 * and which site framed it): the page cache keys such a store's pages by that too.
 */
export function notePageGated(): void {
  hook()?.gated();
}

/** A token that changes when any of these tags moves; null when versions are not followed (use a timer). */
export function dataGeneration(tags: PageTags): string | null {
  return hook()?.generation(tags) ?? null;
}

/**
 * Keeps markup a server component writes (`write` is called only then) for the HTML pass of the
 * document being rendered; its reference, or undefined outside a document render (a client
 * navigation, next dev, tests).
 */
export function keepMarkup(write: () => string): string | undefined {
  return hook()?.keepMarkup(write);
}

/** Markup kept by keepMarkup in this document's render. */
export function keptMarkup(ref: string): string | undefined {
  return hook()?.keptMarkup(ref);
}
