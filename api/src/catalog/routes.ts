import { z } from "zod";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { categoryPage, errorResponse, plainText, posmProducts, specialCatalog } from "@store/contract";
import type { Services } from "../services";

/**
 * Listings are serialised by the service (product tiles are pre-built JSON, whole answers are
 * cached as the UTF-8 bytes sent), so they leave as they are; the route's response schema
 * documents the shape and the tests check answers against it.
 */
export function sendJson(reply: FastifyReply, json: string | Buffer) {
  return reply.type("application/json; charset=utf-8").send(json);
}

/** Query parameters every listing takes (documented here; validated strictly by the service). */
export const listingQuery = z.looseObject({
  embed: plainText(1000).optional().describe("comma list: products, blocks (categories); products, blocks, promotions (special catalogues)"),
  limit: plainText(1000).optional().describe("page size, 1 to 100; default from the configuration (grid or list)"),
  page: plainText(1000).optional().describe("1 or more"),
  dir: plainText(1000).optional().describe("asc or desc"),
  order: plainText(1000).optional().describe("position, name, price, top_rated (or rating), newest"),
  visibility: plainText(1000).optional().describe("comma list of 2 (catalogue) and 4 (catalogue and search)"),
  display_mode: plainText(1000).optional().describe("PRODUCTS, PAGE or PRODUCTS_AND_PAGE"),
  mode: plainText(1000).optional().describe("grid or list: which configured page size applies"),
}).describe(
  "Filters: filter[n][attribute]=color&filter[n][in]=black,white (any of the values), or "
  + "filter[n][attribute]=price&filter[n][from]=100&filter[n][to]=500 (dollars, inclusive). "
  + "cat filters by category url keys; availability=in_stock keeps the products in stock.",
);

const catalogRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { catalog, config } = services;
  const tags = ["catalog"];
  const cache = { publicMaxAge: 30 };
  const errors = { 400: errorResponse, 404: errorResponse };

  // a served process builds its catalogue model as soon as it listens, not on the first shopper's request
  app.addHook("onListen", async () => {
    config.get().then((c) => catalog.current(c)).catch((error: unknown) => {
      app.log.warn({ err: error }, "catalogue model could not be built at start");
    });
  });

  app.get("/categories/:key", {
    schema: {
      tags,
      summary: "A category (url key or id; default-category is the whole catalogue) with filters, facet counts and, with embed, products and blocks",
      params: z.object({ key: plainText(200).trim().min(1) }),
      querystring: listingQuery,
      response: { 200: categoryPage, ...errors },
    },
    config: cache,
  }, async (request, reply) => {
    const json = await catalog.category(request.params.key, request.query, request.url, await config.get());
    return sendJson(reply, json);
  });

  app.get("/dynamic-category/brandsource_point_of_sale_marketing/:values/products", {
    schema: {
      tags,
      summary: "Point-of-sale marketing products for a comma list of values (embed=images, limit up to 100)",
      params: z.object({ values: plainText(400).trim().min(1) }),
      querystring: listingQuery,
      response: { 200: posmProducts, ...errors },
    },
    config: cache,
  }, async (request, reply) => {
    const json = await catalog.posm(request.params.values, request.query, request.url, await config.get());
    return sendJson(reply, json);
  });

  app.get("/dynamic-category/:attribute/:value", {
    schema: {
      tags,
      summary: "A special catalogue: products with an attribute value (comma list for several), or of a promotion (attribute promotion, value the program id)",
      params: z.object({ attribute: plainText(100).trim().min(1), value: plainText(400).trim().min(1) }),
      querystring: listingQuery,
      response: { 200: specialCatalog, ...errors },
    },
    config: cache,
  }, async (request, reply) => {
    const json = await catalog.special(request.params.attribute, request.params.value, request.query, request.url, await config.get());
    return sendJson(reply, json);
  });
};
export default catalogRoutes;
