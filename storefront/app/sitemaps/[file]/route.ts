import { serveSitemap } from "@/seo/serve";

export const dynamic = "force-dynamic";

/** /sitemaps/{n}.xml: file n of a large catalogue's sitemap. */
export async function GET(request: Request, { params }: { params: Promise<{ file: string }> }) {
  const match = /^([1-9]\d{0,5})\.xml$/.exec((await params).file);
  if (!match) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return serveSitemap(request, Number(match[1]));
}
