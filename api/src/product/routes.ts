import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  errorResponse, personalProducts, personalProductsQuery, productDetail, productParams, productQuery, reviewsPage, reviewsQuery, reviewSummary,
} from "@store/contract";
import type { Services } from "../services";
import { badRequest } from "../http/errors";
import { parseEmbeds } from "./service";

/** Seconds a shared cache may keep a product answer (the api's own cache follows edits within a second). */
const PRODUCT_MAX_AGE = 60;
const errors = { 400: errorResponse, 404: errorResponse };

const productRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { products, reviews, personalProducts: personal } = services;
  const tags = ["product"];

  app.get("/products/:id", {
    schema: {
      tags,
      summary: "Product page data by entity id, url key or sku",
      description: "embed: comma list of images, promotions, crosssells, relateds, upsells, parentbundles, assets, outlets, retailbanner "
        + "(each adds its field only when asked). storelocationid adds location_inventory (that store's stock) and makes the answer uncacheable.",
      params: productParams,
      querystring: productQuery,
      response: { 200: productDetail, ...errors },
    },
    config: { publicMaxAge: PRODUCT_MAX_AGE },
    // runs after the shared header hook: store stock is fresh data, not for shared caches
    onSend: async (request, reply, payload) => {
      if ((request.query as { storelocationid?: number }).storelocationid !== undefined) reply.header("cache-control", "no-store");
      return payload;
    },
  }, async (request, reply) => {
    const mask = parseEmbeds(request.query.embed);
    const entry = await products.get(request.params.id, mask);
    let json = entry.json;
    if (request.query.storelocationid !== undefined) {
      const stock = await products.locationInventory(entry, request.query.storelocationid);
      json = `${json.slice(0, -1)},"location_inventory":${JSON.stringify(stock)}}`;
    }
    // already serialised (and cached that way): sent as is
    return reply.type("application/json; charset=utf-8").send(json as never);
  });

  app.get("/products/:id/reviews/summary", {
    schema: { tags, summary: "Review summary of a product", params: productParams, response: { 200: reviewSummary, ...errors } },
    config: { publicMaxAge: PRODUCT_MAX_AGE },
  }, async (request) => reviews.summary((await products.resolveId(request.params.id)).id));

  app.get("/products/:id/reviews", {
    schema: {
      tags,
      summary: "A page of a product's reviews with the summary",
      description: "page (default 1, 10 per page), order newest|oldest|most_helpful|highest_rating|lowest_rating (default newest), "
        + "rating 1..5 keeps reviews of that rating only. embed=reviews is accepted (reviews are always answered).",
      params: productParams,
      querystring: reviewsQuery,
      response: { 200: reviewsPage, ...errors },
    },
    config: { publicMaxAge: PRODUCT_MAX_AGE },
  }, async (request) => {
    const unknown = (request.query.embed ?? "").split(",").map((e) => e.trim()).filter((e) => e && e !== "reviews");
    if (unknown.length > 0) throw badRequest(`Unknown embed '${unknown[0]!.slice(0, 40)}'. Allowed: reviews.`);
    const { id } = await products.resolveId(request.params.id);
    return reviews.page(id, request.query);
  });

  app.get("/personal/products", {
    schema: {
      tags,
      summary: "A short personalised product list",
      description: "sku + display_linq_related_products: products in the sku's running promotions; sku: its related products, upsells, add-ons; "
        + "collection_name / product_type: best rated in that category; otherwise best rated overall. location (store id or google code) puts "
        + "products in stock there first. source names the rule that answered.",
      querystring: personalProductsQuery,
      response: { 200: personalProducts, 400: errorResponse },
    },
    config: { publicMaxAge: PRODUCT_MAX_AGE },
  }, async (request) => personal.list(request.query, await products.listContext()));
};
export default productRoutes;
