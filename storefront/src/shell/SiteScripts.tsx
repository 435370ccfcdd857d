import Script from "next/script";
import type { ScriptEntry } from "@store/contract";
import { cspNonce } from "@/lib/nonce";

/**
 * Script entries from the site configuration (spec 000 §3): inline code or a URL, placed in the
 * head or the body, site-wide (no cms_pages) or only on the listed CMS pages. Children follow their
 * parent. Site-wide head scripts load before hydration; the rest once the page is interactive.
 */
const SAFE_ATTRIBUTE = /^(?!on)[a-z][a-z0-9-]*$/i;
const RESERVED = new Set(["id", "src", "strategy", "type", "nonce", "dangerouslysetinnerhtml", "children"]);

function attributes(entry: ScriptEntry): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.html_attribs ?? {})) {
    if (SAFE_ATTRIBUTE.test(name) && !RESERVED.has(name.toLowerCase()) && typeof value === "string") out[name] = value;
  }
  return out;
}

function flatten(entries: ScriptEntry[]): ScriptEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

/** Which entries belong on this page: site-wide ones (page undefined) or those listing the page. */
export function scriptsFor(entries: unknown, page: string | undefined): ScriptEntry[] {
  if (!Array.isArray(entries)) return [];
  return (entries as ScriptEntry[]).filter((entry) => {
    const pages = Array.isArray(entry.cms_pages) ? entry.cms_pages : [];
    return page === undefined ? pages.length === 0 : pages.includes(page);
  });
}

/**
 * Next's script loader inserts these itself and does not add the page's CSP nonce on its own, so
 * each one is given it (a URL script also needs its host in the CSP: proxy.ts adds those).
 */
export default async function SiteScripts({ entries, siteWide = false }: { entries: ScriptEntry[]; siteWide?: boolean }) {
  const nonce = await cspNonce();
  return (
    <>
      {flatten(entries).map((entry) => {
        const id = `site-script-${entry.script_id}`;
        const strategy = siteWide && entry.location === "head" ? "beforeInteractive" : "afterInteractive";
        const type = entry.type && entry.type !== "text/javascript" ? entry.type : undefined;
        const script = entry.source === "url"
          ? <Script key={id} id={id} src={entry.script} strategy={strategy} type={type} nonce={nonce} {...attributes(entry)} />
          : <Script key={id} id={id} strategy={strategy} type={type} nonce={nonce} {...attributes(entry)} dangerouslySetInnerHTML={{ __html: entry.script }} />;
        if (!entry.additional_html) return script;
        return [script, <div key={`${id}-html`} hidden dangerouslySetInnerHTML={{ __html: entry.additional_html }} />];
      })}
    </>
  );
}
