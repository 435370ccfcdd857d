/**
 * Markup written as text, for the long runs of plain elements the browser keeps as the server wrote
 * them (product cards' pictures and details, the menu's panels; see StaticMarkup's `html`). Drawing
 * them as a string costs a few microseconds where React's server render of the same elements cost
 * about a quarter of a listing page's render.
 */
import { keepMarkup } from "@/pagecache/tags";

// as React escapes them, so markup written here reads the same as React's beside it
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };

const TO_ESCAPE = /[&<>"']/;

/** Text or an attribute value, escaped for HTML (most need none: a test is cheaper than a replace). */
export function escapeHtml(text: string | number): string {
  const s = String(text);
  return TO_ESCAPE.test(s) ? s.replace(/[&<>"']/g, (c) => ESCAPES[c]!) : s;
}

export type Attributes = Record<string, string | number | boolean | null | undefined>;

/** ` name="value"` for each attribute given; false, null and undefined are left out, true is the bare name. */
export function attributes(attrs: Attributes): string {
  let out = "";
  for (const name in attrs) {
    const value = attrs[name];
    if (value === undefined || value === null || value === false) continue;
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`;
  }
  return out;
}

/** An element as HTML: `inner` is markup already (escape text with escapeHtml); void elements take none. */
export function element(name: string, attrs: Attributes, inner?: string): string {
  return inner === undefined ? `<${name}${attributes(attrs)}>` : `<${name}${attributes(attrs)}>${inner}</${name}>`;
}

/**
 * Markup for StaticMarkup's `html`: the text itself, or, in a document's render, a reference to it.
 * A document's HTML and its inlined RSC payload would otherwise both carry it, far enough apart
 * that gzip's 32 KB window does not see the repeat; the HTML pass reads it back by its reference
 * (server.mjs keeps it per document) and the browser keeps the server's elements.
 */
export type Markup = string | { ref: string };

/**
 * In a document's render, the markup `write` writes, kept for its HTML pass, as a reference (see
 * Markup); elsewhere undefined and nothing written (the caller sends the data or the text itself).
 */
export function markupRef(write: () => string): { ref: string } | undefined {
  const ref = keepMarkup(write);
  return ref === undefined ? undefined : { ref };
}

/** Below this many characters a reference (its own bytes in the payload and the HTML) saves nothing. */
const WORTH_A_REFERENCE = 96;

/**
 * Markup already written (editor content) for StaticMarkup's `html`: by reference in a document's
 * render when it is long enough to be worth one, else the text itself.
 */
export function writtenMarkup(html: string): Markup {
  return html.length < WORTH_A_REFERENCE ? html : markupRef(() => html) ?? html;
}
