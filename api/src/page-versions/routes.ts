import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pageVersionsQuery, pageVersions } from "@store/contract";
import type { Services } from "../services";

/**
 * The storefront's page cache follows this log (long-polled with `wait`) and drops the pages a
 * change touches. It exposes which kinds of data changed, never the data.
 */
const pageVersionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/page-versions", {
    schema: {
      tags: ["shell"],
      summary: "Data versions of server-rendered pages (changes since a position, long-polled)",
      querystring: pageVersionsQuery,
      response: { 200: pageVersions },
    },
  }, (request) => services.pageVersions.poll(request.query.after, request.query.epoch, request.query.wait ?? 0));
};
export default pageVersionRoutes;
