import { EDITOR_TAG_ATTRIBUTES, EDITOR_TAG_NAMES } from "./editor-tags";

/**
 * What editor HTML (CMS blocks and pages, banners, blog posts, category and product descriptions)
 * may contain: the plain formatting editors use and the editor tags of spec 000 §2 with the
 * attributes each reads, nothing else. The api cleans with it before content leaves the server
 * and the storefront again before it renders. Both pass in their own sanitize-html, so the
 * contract (which browser code imports too) pulls in no parser.
 *
 * The editor tags (avb-…) keep exactly the attributes editor-tags.ts lists for them.
 *
 * Left out on purpose: `style` (a full-page overlay is one attribute away), ids other than
 * `cms-…` anchors (no clobbering or targeting of the page's own elements), `data-*` beyond the
 * names below, forms and inputs, and iframes other than map and video embeds.
 */

/** Data attributes the editor tags read (spec 000 §2, §5), by name. */
export const EDITOR_DATA_ATTRIBUTES = [
  // CMS button: action, financing modal and credit tier (values are checked where the tag renders)
  "data-action", "data-modal", "data-credit-tier",
  // carousels, product carousels and galleries: settings per breakpoint, arrow icon, items
  "data-carousel", "data-settings", "data-arrow-icon", "data-skus", "data-placement",
  // tabs, accordions and lightboxes
  "data-tab-title", "data-lightbox",
  // promotions list (needs its type), brand list, store-info key, embedded form
  "data-type", "data-brands", "data-site-info", "data-form",
] as const;

/** An anchor editors may give a heading, section, tab or accordion panel. */
export const EDITOR_ANCHOR_ID = /^cms-[a-z0-9][a-z0-9-]{0,62}$/;

/** Embeds an iframe may show: Google Maps, YouTube and Vimeo players. */
const IFRAME_EMBEDS: Array<{ hostname: string; path: RegExp }> = [
  { hostname: "www.google.com", path: /^\/maps\/embed(\/|$)/ },
  { hostname: "www.youtube.com", path: /^\/embed\/[\w-]+$/ },
  { hostname: "www.youtube-nocookie.com", path: /^\/embed\/[\w-]+$/ },
  { hostname: "player.vimeo.com", path: /^\/video\/\d+$/ },
];

export function isAllowedEmbed(src: string | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return url.protocol === "https:" && !url.username && !url.password && !url.port
    && IFRAME_EMBEDS.some((e) => e.hostname === url.hostname && e.path.test(url.pathname));
}

const ANCHOR_TAGS = ["h2", "h3", "h4", "section", "div", "details"];
const DIGITS = /^\d{1,5}$/;

type Attributes = Record<string, string>;

/** Per-tag adjustments before the allow-list is applied. */
function transform(tagName: string, attribs: Attributes): { tagName: string; attribs: Attributes } {
  const out: Attributes = { ...attribs };
  if (out.id !== undefined && !(ANCHOR_TAGS.includes(tagName) && EDITOR_ANCHOR_ID.test(out.id))) delete out.id;
  // spec 000 §5: image width and height only as numbers or digit strings
  for (const size of ["width", "height"]) if (out[size] !== undefined && !DIGITS.test(out[size]!)) delete out[size];
  if (tagName === "a" && out.target === "_blank") out.rel = "noopener noreferrer";
  if (tagName === "iframe") {
    if (!isAllowedEmbed(out.src)) delete out.src;
    out.loading = "lazy";
    out.referrerpolicy = "no-referrer-when-downgrade";
  }
  return { tagName, attribs: out };
}

const TEXT_TAGS = [
  "p", "br", "hr", "strong", "b", "em", "i", "u", "s", "small", "sup", "sub", "span", "div", "blockquote", "address",
  "abbr", "cite", "q", "mark", "code", "pre", "time",
  "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd",
  "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption",
  "section", "header", "footer", "nav", "figure", "figcaption", "a",
];

/** sanitize-html options (structurally; the caller passes its own sanitize-html). */
export const EDITOR_HTML_OPTIONS = {
  allowedTags: [
    ...TEXT_TAGS,
    "img", "picture", "source", // pictures and galleries
    "video", // videos
    "button", // CMS buttons
    "details", "summary", // accordions
    "iframe", // maps and video embeds
    ...EDITOR_TAG_NAMES, // the editor tags (editor-tags.ts), rendered by the storefront
  ],
  allowedAttributes: {
    "*": ["class", "title", "lang", "dir", "aria-*", "id"],
    a: ["href", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "width", "height", "loading", "decoding", "fetchpriority"],
    source: ["src", "srcset", "sizes", "type", "media"],
    video: ["src", "poster", "controls", "muted", "loop", "playsinline", "preload", "width", "height"],
    iframe: ["src", "width", "height", "allowfullscreen", "loading", "referrerpolicy"],
    button: ["type", "data-action", "data-modal", "data-credit-tier"],
    div: EDITOR_DATA_ATTRIBUTES.filter((a) => !["data-action", "data-modal", "data-credit-tier"].includes(a)),
    section: ["data-tab-title"],
    details: ["open", "data-tab-title"],
    ol: ["start", "reversed", "type"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    time: ["datetime"],
    ...Object.fromEntries(Object.entries(EDITOR_TAG_ATTRIBUTES).map(([tag, names]) => [tag, [...names]])),
  } as Record<string, string[]>,
  selfClosing: ["img", "br", "hr", "source"],
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { iframe: ["https"] } as Record<string, string[]>,
  allowedIframeHostnames: IFRAME_EMBEDS.map((e) => e.hostname),
  allowIframeRelativeUrls: false,
  allowProtocolRelative: false,
  transformTags: { "*": transform },
  // an iframe whose address was not an allowed embed goes altogether
  exclusiveFilter: (frame: { tag: string; attribs: Attributes }) => frame.tag === "iframe" && !frame.attribs.src,
};

export type EditorHtmlOptions = typeof EDITOR_HTML_OPTIONS;

/**
 * A memoised cleaner (same input, same output; editor blocks repeat on every page) over the
 * caller's sanitize-html.
 */
export function editorHtmlCleaner(sanitize: (html: string, options: EditorHtmlOptions) => string, memoLimit = 1_000) {
  const memo = new Map<string, string>();
  return (html: string | null | undefined): string => {
    if (!html) return "";
    const hit = memo.get(html);
    if (hit !== undefined) return hit;
    const clean = sanitize(html, EDITOR_HTML_OPTIONS);
    if (memo.size >= memoLimit) memo.delete(memo.keys().next().value as string);
    memo.set(html, clean);
    return clean;
  };
}
