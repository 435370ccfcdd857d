import type { Metadata } from "next";
import type { CmsPage, SiteConfig } from "@store/contract";

/** The configured base URL when it is a usable absolute http(s) URL. */
export function baseUrl(config: Pick<SiteConfig, "base_url">): URL | undefined {
  try {
    const url = new URL(config.base_url);
    return url.protocol === "http:" || url.protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The full title of a page: title_prefix + page title + title_suffix (spec 000 §3). */
export const fullTitle = (config: Pick<SiteConfig, "title_prefix" | "title_suffix">, title: string) =>
  `${config.title_prefix}${title}${config.title_suffix}`;

const isOff = (flag: unknown) => flag === "0" || flag === 0 || flag === false;

/** site_index off: no page of the store is to be indexed (robots meta here, X-Robots-Tag in the proxy, robots.txt). */
export const siteNoIndex = (config: Pick<SiteConfig, "site_index">) => isOff(config.site_index);

/** Site-wide metadata from the config: title template, description, favicon, indexing. */
export function siteMetadata(config: SiteConfig): Metadata {
  const base = baseUrl(config);
  return {
    metadataBase: base,
    title: {
      template: fullTitle(config, "%s"),
      default: fullTitle(config, config.name),
    },
    description: config.description || undefined,
    applicationName: config.name,
    icons: { icon: config.favicon || "/favicon.ico" },
    robots: isOff(config.site_index) ? { index: false, follow: false } : undefined,
    openGraph: { siteName: config.name, type: "website", locale: config.locale },
  };
}

/** hreflang alternates: each configured locale's site URL followed by this page's path. */
export function hreflangAlternates(config: Pick<SiteConfig, "hreflang">, path: string): Record<string, string> | undefined {
  if (!Array.isArray(config.hreflang) || config.hreflang.length === 0) return undefined;
  const languages: Record<string, string> = {};
  for (const entry of config.hreflang) {
    if (!entry?.locale || !entry.url) continue;
    try {
      const site = new URL(entry.url);
      languages[entry.locale.replace("_", "-")] = new URL(path.replace(/^\//, ""), site.href.endsWith("/") ? site : `${site.href}/`).href;
    } catch {
      console.warn("hreflang entry with an unusable url was left out:", entry);
    }
  }
  return Object.keys(languages).length ? languages : undefined;
}

/** Metadata of a CMS page: its title, description, keywords, no_index, canonical and alternates. */
export function cmsPageMetadata(config: SiteConfig, page: CmsPage, path: string, title = page.title || page.content_heading): Metadata {
  const base = baseUrl(config);
  return {
    // absolute: the home page shares the root layout's segment, where no title template applies
    title: { absolute: fullTitle(config, title || config.name) },
    description: page.meta_description || config.description || undefined,
    keywords: page.meta_keywords || undefined,
    robots: page.no_index || isOff(config.site_index) ? { index: false, follow: !isOff(config.site_index) } : undefined,
    alternates: {
      canonical: base ? path : undefined,
      languages: hreflangAlternates(config, path),
    },
    openGraph: { title: fullTitle(config, title || config.name), url: base ? path : undefined, siteName: config.name, type: "website" },
  };
}
