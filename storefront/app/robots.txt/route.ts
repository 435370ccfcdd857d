import { getConfig } from "@/shell/data";
import { robotsTxt, siteOrigin } from "@/seo/sitemap";

export const dynamic = "force-dynamic";

/** /robots.txt: honours site_index; names the sitemap. */
export async function GET(request: Request) {
  const config = await getConfig();
  return new Response(robotsTxt(config, siteOrigin(config, request)), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
