import { cleanEditorHtml } from "./editor-html";

/**
 * Editor HTML inside the `cms-content` wrapper that styles it. The api sanitises editor content
 * before it leaves the server; it is cleaned to the same allow-list again here, on render.
 */
export default function CmsContent({ html, className, as: Tag = "div", ...rest }: {
  html: string | null | undefined;
  className?: string;
  as?: "div" | "section" | "aside";
  "aria-label"?: string;
}) {
  const clean = cleanEditorHtml(html);
  if (!clean.trim()) return null;
  return <Tag className={className ? `cms-content ${className}` : "cms-content"} dangerouslySetInnerHTML={{ __html: clean }} {...rest} />;
}
