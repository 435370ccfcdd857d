import type { SitemapPage, SiteConfig } from "@store/contract";
import { flagOn } from "@/catalog/url";
import { baseUrl } from "@/shell/metadata";

/** The CMS page the home page shows (app/page.tsx). */
const HOME_IDENTIFIER = "home";

/** Where the site is: the configured base URL when usable, else the address this request came to. */
export function siteOrigin(config: Pick<SiteConfig, "base_url">, request: Request): string {
  const base = baseUrl(config);
  if (base) return base.origin;
  const url = new URL(request.url);
  const host = request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") === "https" ? "https" : url.protocol.replace(":", "");
  return `${proto}://${host}`;
}

/** site_index "0" (or false) asks search engines to stay away from the whole store. */
export const siteIndexed = (config: Pick<SiteConfig, "site_index">) => {
  const flag: unknown = config.site_index;
  return !(flag === "0" || flag === 0 || flag === false);
};

/** robots.txt (honouring site_index): private and endless pages left out, the sitemap named. */
export function robotsTxt(config: Pick<SiteConfig, "site_index">, origin: string): string {
  if (!siteIndexed(config)) return "User-agent: *\nDisallow: /\n";
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /checkout",
    "Disallow: /customer/",
    "Disallow: /wishlist",
    "Disallow: /compare",
    "Disallow: /search",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

const segments = (path: string) => path.split("/").map((s) => encodeURIComponent(s)).join("/");

/** The storefront address of a sitemap entry (spec 000 §2 routes); the home page's CMS page is "/". */
export function entryPath(entry: SitemapPage["entries"][number]): string | null {
  switch (entry.type) {
    case "category": return `/catalog/${encodeURIComponent(entry.key)}`;
    case "product": return `/product/${encodeURIComponent(entry.key)}`;
    case "post": return `/blog/${encodeURIComponent(entry.key)}`;
    case "page": return entry.key === HOME_IDENTIFIER ? null : `/${segments(entry.key)}`;
    default: return null;
  }
}

/** Pages of the store's own that the first sitemap file starts with. */
export function staticPaths(config: Pick<SiteConfig, "use_brands_page">): string[] {
  return ["/", "/catalog", "/promotions", "/blog", ...(flagOn(config.use_brands_page) ? ["/brands"] : [])];
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** A urlset of the sitemaps protocol. */
export function urlset(origin: string, items: Array<{ path: string; lastmod?: string | null }>): string {
  const urls = items.map((i) => `  <url><loc>${xml(origin + i.path)}</loc>${i.lastmod ? `<lastmod>${xml(i.lastmod.slice(0, 10))}</lastmod>` : ""}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** A sitemap index naming the files of a large catalogue (/sitemaps/1.xml …). */
export function sitemapIndex(origin: string, pages: number): string {
  const maps = Array.from({ length: pages }, (_, i) => `  <sitemap><loc>${xml(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps.join("\n")}\n</sitemapindex>\n`;
}

/** One page of the sitemap as a urlset: the store's own pages on the first. */
export function sitemapFile(config: Pick<SiteConfig, "use_brands_page">, origin: string, page: SitemapPage): string {
  const items = [
    ...(page.page === 1 ? staticPaths(config).map((path) => ({ path })) : []),
    ...page.entries.flatMap((e) => { const path = entryPath(e); return path ? [{ path, lastmod: e.lastmod }] : []; }),
  ];
  return urlset(origin, items);
}
