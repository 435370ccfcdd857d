import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponse, inventoryAnswer, inventoryQuery, productParams, shippingEstimate, shippingParams, shippingQuery } from "@store/contract";
import type { Services } from "../services";

const errors = { 400: errorResponse, 404: errorResponse };

const inventoryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["inventory"];

  app.get("/products/:id/inventory", {
    schema: {
      tags,
      summary: "Stock of a product by store",
      description: "zip (cut at a dash), or lat and long, sort stores nearest first with distance in miles; storelocationid answers that "
        + "store only. store_list is always an array. Configurable products are refused (400): choose an option first. "
        + "An unknown zip is a 404.",
      params: productParams,
      querystring: inventoryQuery,
      response: { 200: inventoryAnswer, ...errors },
    },
    config: { publicMaxAge: 10 },
  }, (request) => services.inventory.forProduct(request.params.id, request.query));

  app.get("/products/:id/shipping/:zip", {
    schema: {
      tags,
      summary: "Shipping estimate for a product to a postcode",
      description: "country_id defaults to US; the postcode is cut at a dash. Methods come from the rate table by the longest matching zip prefix.",
      params: shippingParams,
      querystring: shippingQuery,
      response: { 200: shippingEstimate, ...errors },
    },
    config: { publicMaxAge: 300 },
  }, async (request) => services.shipping.estimate(
    request.params.id, request.params.zip, request.query.country_id, await services.products.moneyFormat(),
  ));
};
export default inventoryRoutes;
