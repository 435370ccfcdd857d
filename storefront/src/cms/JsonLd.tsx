/**
 * Structured data for search engines. Accepts JSON text or a JSON-LD script element as editors
 * store it; anything that is not valid JSON is logged and left out. The output is re-serialised
 * and `<` escaped, so stored text can never close the script element.
 */
export function parseStructuredData(source: string | null | undefined): unknown | null {
  const text = (source ?? "").trim().replace(/^<script[^>]*>/i, "").replace(/<\/script>\s*$/i, "").trim();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    console.warn("structured data is not valid JSON and was left out:", text.slice(0, 80));
    return null;
  }
}

export default function JsonLd({ data }: { data: string | null | undefined }) {
  const parsed = parseStructuredData(data);
  if (parsed === null) return null;
  const json = JSON.stringify(parsed).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
