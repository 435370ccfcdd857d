import { validateEditorContent } from "@store/contract/editor-tags";
import { cleanEditorHtml } from "./editor-html";
import { renderEditorHtml } from "./render";
import ConsoleErrors from "./tags/ConsoleErrors";
import StaticMarkup from "@/lib/StaticMarkup";
import { writtenMarkup } from "@/lib/html";

/** The first picture of editor HTML loads with high priority (a landing or home page's LCP: its hero). */
export const prioritiseFirstImage = (html: string) => html.replace(/<img\b(?![^>]*fetchpriority)/i, '<img fetchpriority="high"');

/** The validation messages of CMS content, as the console shows them (spec 000 §5, §8). */
export function contentIssueMessages(source: string, html: string | null | undefined): string[] {
  return validateEditorContent(html).map((i) => `CMS validation (${source}, line ${i.line}, column ${i.column}): ${i.message}`);
}

/**
 * Editor HTML inside the `cms-content` wrapper that styles it. The api sanitises editor content
 * before it leaves the server; it is cleaned to the same allow-list again here, on render. Editor
 * tags (avb-…) become their components. With `source` (CMS pages and blocks: "page contact"),
 * the content is also validated (spec 000 §5) and what is wrong goes to the console, on the
 * server and in the browser.
 */
export default function CmsContent({ html, className, as: Tag = "div", source, alwaysDrawn = false, ...rest }: {
  html: string | null | undefined;
  className?: string;
  as?: "div" | "section" | "aside";
  "aria-label"?: string;
  /** what the content is, for its validation messages; none: not validated (blog posts, descriptions) */
  source?: string;
  /**
   * the content is always in the page's HTML (not inside something the browser draws later, such
   * as a notice shown once its dismissal is read): in a document's render its long runs of markup
   * are written there once and the payload names them (lib/html writtenMarkup)
   */
  alwaysDrawn?: boolean;
}) {
  const issues = source ? contentIssueMessages(source, html) : [];
  for (const message of issues) console.error(message);
  const clean = cleanEditorHtml(html);
  const report = issues.length > 0 ? <ConsoleErrors messages={issues} /> : null;
  if (!clean.trim()) return report;
  const classes = className ? `cms-content ${className}` : "cms-content";
  if (!clean.includes("<avb-")) {
    return alwaysDrawn
      ? <>{report}<StaticMarkup as={Tag} className={classes} html={writtenMarkup(clean)} {...rest} /></>
      : <>{report}<Tag className={classes} dangerouslySetInnerHTML={{ __html: clean }} {...rest} /></>;
  }
  return <>{report}<Tag className={classes} {...rest}>{renderEditorHtml(clean, alwaysDrawn)}</Tag></>;
}
