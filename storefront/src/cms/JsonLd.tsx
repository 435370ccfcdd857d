import { markupRef } from "@/lib/html";
import StaticMarkup from "@/lib/StaticMarkup";

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
  return <JsonLdScript json={JSON.stringify(parsed).replace(/</g, "\\u003c")} />;
}

/** A JSON-LD script element of JSON text already safe inside it; a document carries it once (lib/html). */
export function JsonLdScript({ json }: { json: string }) {
  return <StaticMarkup as="script" type="application/ld+json" html={markupRef(() => json) ?? json} />;
}
