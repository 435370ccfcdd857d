import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { blogPost, blogQuery, errorResponse } from "@store/contract";
import type { Services } from "../services";
import { requestedPosts } from "./service";

const blogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/blog", {
    schema: {
      tags: ["blog"],
      summary: "Blog posts by id or url key, or the latest",
      description: "filter[0][attribute]=post_id&filter[0][in]=1,2 (or the short form post_id=1,2) answers those posts in that order; "
        + "filter[0][attribute]=url_key&filter[0][eq]=a-post (or url_key=a-post) answers posts by url key, likewise; "
        + "without a filter the latest posts, newest first (limit, default 10, at most 50; page, default 1). Only published posts.",
      querystring: blogQuery,
      response: { 200: z.array(blogPost), 400: errorResponse },
    },
    config: { publicMaxAge: 300 },
  }, (request) => services.blog.posts(
    requestedPosts(request.query as Record<string, string | string[] | undefined>), request.query.limit, request.query.page,
  ));
};
export default blogRoutes;
