/**
 * Editor HTML as the api sends it. The api sanitises editor content before it leaves the server
 * (sanitize-html), so it is rendered as is inside the `cms-content` wrapper that styles it.
 */
export default function CmsContent({ html, className, as: Tag = "div", ...rest }: {
  html: string | null | undefined;
  className?: string;
  as?: "div" | "section" | "aside";
  "aria-label"?: string;
}) {
  if (!html || !html.trim()) return null;
  return <Tag className={className ? `cms-content ${className}` : "cms-content"} dangerouslySetInnerHTML={{ __html: html }} {...rest} />;
}
