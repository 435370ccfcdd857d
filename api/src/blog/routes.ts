import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { BLOG_DEFAULT_LIMIT, blogPost, errorResponse } from "@store/contract";
import type { Services } from "../services";
import { requestedPostIds } from "./service";

const blogQuery = z.looseObject({
  post_id: z.string().max(1000).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(BLOG_DEFAULT_LIMIT),
});

const blogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/blog", {
    schema: {
      tags: ["blog"],
      summary: "Blog posts by id, or the latest",
      description: "filter[0][attribute]=post_id&filter[0][in]=1,2 (or the short form post_id=1,2) answers those posts in that order; "
        + "without a filter the latest posts (limit, default 10, at most 50). Only published posts.",
      querystring: blogQuery,
      response: { 200: z.array(blogPost), 400: errorResponse },
    },
    config: { publicMaxAge: 300 },
  }, (request) => services.blog.posts(requestedPostIds(request.query as Record<string, string | string[] | undefined>), request.query.limit));
};
export default blogRoutes;
