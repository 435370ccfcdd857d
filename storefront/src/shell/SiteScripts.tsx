import Script from "next/script";
import { headers } from "next/headers";
import type { ScriptEntry } from "@store/contract";
import { cspNonce } from "@/lib/nonce";
import { notePageScript } from "@/pagecache/tags";
import { PAGESPEED_HEADER } from "./pagespeed";
import ReloadingScripts from "./ReloadingScripts";

/**
 * Script entries of GET /scripts (spec 000 §3): inline code or a URL (source), placed in the head
 * or the body (location), site-wide (no cms_pages) or only on the listed CMS pages, with their
 * html attributes and additional HTML. Children follow their parent. Site-wide head scripts load
 * before hydration, body scripts once the page is interactive; force_reload entries run again on
 * every page. None is added when the page is measured for speed (?pagespeed=true).
 */
const SAFE_ATTRIBUTE = /^(?!on)[a-z][a-z0-9-]*$/i;
const RESERVED = new Set(["id", "src", "strategy", "type", "nonce", "dangerouslysetinnerhtml", "children"]);

export function scriptAttributes(entry: ScriptEntry): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(entry.html_attribs ?? {})) {
    if (SAFE_ATTRIBUTE.test(name) && !RESERVED.has(name.toLowerCase()) && typeof value === "string") out[name] = value;
  }
  return out;
}

export function flattenScripts(entries: ScriptEntry[]): ScriptEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenScripts(Array.isArray(entry.children) ? entry.children : [])]);
}

/** Which entries belong on this page: site-wide ones (page undefined) or those listing the page. */
export function scriptsFor(entries: unknown, page: string | undefined): ScriptEntry[] {
  if (!Array.isArray(entries)) return [];
  return (entries as ScriptEntry[]).filter((entry) => {
    const pages = Array.isArray(entry.cms_pages) ? entry.cms_pages : [];
    return page === undefined ? pages.length === 0 : pages.includes(page);
  });
}

/** Next's loading strategy of an entry: site-wide head scripts before hydration, the rest after. */
export const scriptStrategy = (entry: ScriptEntry, siteWide: boolean) =>
  siteWide && entry.location === "head" ? "beforeInteractive" as const : "afterInteractive" as const;

/**
 * Next's script loader inserts these itself and does not add the page's CSP nonce on its own, so
 * each one is given it (a URL script also needs its host in the CSP: the page policy adds those,
 * src/security/headers.mjs). On a page served from the page cache the CSP allows inline code by its
 * hash instead (noted here).
 */
export default async function SiteScripts({ entries, siteWide = false }: { entries: ScriptEntry[]; siteWide?: boolean }) {
  if ((await headers()).get(PAGESPEED_HEADER) === "1") return null;
  const nonce = await cspNonce();
  const all = flattenScripts(entries);
  const reloading = all.filter((entry) => entry.force_reload);
  // the browser inserts inline entries itself: a cached page's CSP names their hashes
  for (const entry of all) if (entry.source !== "url" && typeof entry.script === "string") notePageScript(entry.script);
  return (
    <>
      {all.filter((entry) => !entry.force_reload).map((entry) => {
        const id = `site-script-${entry.script_id}`;
        const strategy = scriptStrategy(entry, siteWide);
        const type = entry.type && entry.type !== "text/javascript" ? entry.type : undefined;
        const attrs = { ...scriptAttributes(entry), "data-script-id": entry.script_id, "data-location": entry.location };
        const script = entry.source === "url"
          ? <Script key={id} id={id} src={entry.script} strategy={strategy} type={type} nonce={nonce} {...attrs} />
          : <Script key={id} id={id} strategy={strategy} type={type} nonce={nonce} {...attrs} dangerouslySetInnerHTML={{ __html: entry.script }} />;
        if (!entry.additional_html) return script;
        return [script, <div key={`${id}-html`} hidden dangerouslySetInnerHTML={{ __html: entry.additional_html }} />];
      })}
      {reloading.filter((entry) => entry.additional_html).map((entry) => (
        <div key={`site-script-${entry.script_id}-html`} hidden dangerouslySetInnerHTML={{ __html: entry.additional_html! }} />
      ))}
      {reloading.length > 0 && (
        <ReloadingScripts
          entries={reloading}
          nonce={nonce}
          attributes={Object.fromEntries(reloading.map((entry) => [entry.script_id, scriptAttributes(entry)]))}
        />
      )}
    </>
  );
}
