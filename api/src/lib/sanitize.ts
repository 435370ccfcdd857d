import sanitizeHtml from "sanitize-html";

/** Editor HTML is sanitised on the server before any shopper sees it (DESIGN.md §2). */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    "img", "picture", "source", "video", "figure", "figcaption", "details", "summary", "button", "iframe", "span",
    "section", "header", "footer", "nav", "h1", "h2",
  ],
  allowedAttributes: {
    "*": ["class", "id", "title", "role", "aria-*", "data-*", "style"],
    a: ["href", "name", "target", "rel"],
    img: ["src", "srcset", "alt", "width", "height", "loading", "sizes"],
    source: ["src", "srcset", "type", "media", "sizes"],
    video: ["src", "poster", "controls", "muted", "loop", "playsinline", "width", "height"],
    iframe: ["src", "width", "height", "allow", "allowfullscreen", "loading"],
    button: ["type"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedIframeHostnames: ["www.youtube.com", "player.vimeo.com", "www.google.com"],
  allowProtocolRelative: false,
};

const MEMO_LIMIT = 1_000;
const memo = new Map<string, string>();

/** Same input, same output: memoised so repeated blocks cost one sanitiser pass. */
export function sanitizeEditorHtml(html: string): string {
  if (!html) return "";
  const hit = memo.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitizeHtml(html, OPTIONS);
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value as string);
  memo.set(html, clean);
  return clean;
}
