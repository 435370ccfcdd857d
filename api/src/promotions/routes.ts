import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bannerIdParams, bannersQuery, bannerTypeParams, errorResponse, promoBanner } from "@store/contract";
import type { Services } from "../services";

const promotionRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["promotions"];
  const cache = { publicMaxAge: 60 };

  app.get("/promobanners/bannertype/:type", {
    schema: {
      tags,
      summary: "Promo banners of a type running now",
      description: "limit (default 12, at most 100), order end_date (default) | start_date | position | banner_id; category (id or url key), "
        + "manufacturer and displaymode each narrow to banners tagged with that value.",
      params: bannerTypeParams,
      querystring: bannersQuery,
      response: { 200: z.array(promoBanner), 400: errorResponse },
    },
    config: cache,
  }, (request) => services.promoBanners.byType(request.params.type, request.query));

  app.get("/promobanners/:bannerId", {
    schema: {
      tags,
      summary: "One promo banner, as a list of one",
      description: "A banner that does not exist or is not running now answers an empty list (200), as the storefront expects.",
      params: bannerIdParams,
      response: { 200: z.array(promoBanner), 400: errorResponse },
    },
    config: cache,
  }, (request) => services.promoBanners.byId(Number(request.params.bannerId)));
};
export default promotionRoutes;
