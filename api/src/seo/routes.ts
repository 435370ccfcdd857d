import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponse, sitemapPage, sitemapQuery } from "@store/contract";
import type { Services } from "../services";

const seoRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/sitemap", {
    schema: {
      tags: ["seo"],
      summary: "What the storefront's sitemap lists, a page at a time",
      description: "Categories, products shown on their own, CMS pages without no_index and published blog posts, in that order by key; "
        + "page (default 1), limit (default 10,000, at most 50,000). A page past the last answers no entries.",
      querystring: sitemapQuery,
      response: { 200: sitemapPage, 400: errorResponse },
    },
    config: { publicMaxAge: 300 },
  }, (request) => services.sitemap.page(request.query.page, request.query.limit));
};
export default seoRoutes;
