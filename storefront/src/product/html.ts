import sanitizeHtml from "sanitize-html";

/**
 * Product descriptions are editor HTML; they are cleaned here, on the server, before they reach
 * the page (formatting, lists, tables, links and pictures only).
 */
export function cleanProductHtml(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, {
    allowedTags: [
      "p", "br", "strong", "b", "em", "i", "u", "s", "sup", "sub", "small", "span", "div",
      "h2", "h3", "h4", "h5", "h6", "ul", "ol", "li", "dl", "dt", "dd", "blockquote",
      "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption", "a", "img", "figure", "figcaption", "hr",
    ],
    allowedAttributes: { a: ["href", "title", "target", "rel"], img: ["src", "alt", "width", "height", "loading"], th: ["scope", "colspan", "rowspan"], td: ["colspan", "rowspan"] },
    allowedSchemes: ["http", "https", "mailto", "tel"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }),
      img: sanitizeHtml.simpleTransform("img", { loading: "lazy" }),
      // the page has one h1 (the product name) and section headings at h2
      h2: "h3",
    },
  });
}
