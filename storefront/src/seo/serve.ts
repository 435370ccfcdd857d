import type { SitemapPage } from "@store/contract";
import { apiGet } from "@/lib/api";
import { getConfig } from "@/shell/data";
import { siteIndexed, siteOrigin, sitemapFile, sitemapIndex } from "./sitemap";

const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=300" };
const notFound = () => new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

/**
 * /sitemap.xml (page null) and /sitemaps/{n}.xml: a store that fits one file gets a urlset; a
 * larger one an index of files. A store that asks not to be indexed (site_index) has none.
 */
export async function serveSitemap(request: Request, page: number | null): Promise<Response> {
  const config = await getConfig();
  if (!siteIndexed(config)) return notFound();
  const origin = siteOrigin(config, request);
  const answer = await apiGet<SitemapPage>(`/sitemap?page=${page ?? 1}`);
  if (page === null) {
    return new Response(answer.pages > 1 ? sitemapIndex(origin, answer.pages) : sitemapFile(config, origin, answer), { headers: XML_HEADERS });
  }
  if (page > answer.pages) return notFound();
  return new Response(sitemapFile(config, origin, answer), { headers: XML_HEADERS });
}
