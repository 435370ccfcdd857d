import { serveSitemap } from "@/seo/serve";

export const dynamic = "force-dynamic";

/** /sitemap.xml: categories, products, CMS pages and blog posts (an index of files for a large catalogue). */
export function GET(request: Request) {
  return serveSitemap(request, null);
}
