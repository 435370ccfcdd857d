import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { bannerIdParams, bannersQuery, bannerTypeParams, errorResponse, productPromotion, promoBanner } from "@store/contract";
import { promotionJson } from "../catalog/service";
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

  app.get("/promotions", {
    schema: {
      tags,
      summary: "The rebate programmes running now, for the promotions page",
      description: "Each as a rebate card shows it (the fields of a product's promotions), soonest ending first; programmes without "
        + "products in the catalogue are left out (their Shop Now would lead to an empty catalogue).",
      response: { 200: z.array(productPromotion) },
    },
    config: cache,
  }, async () => {
    const model = await services.catalog.current(await services.config.get());
    const now = Date.now();
    return [...model.programs.values()]
      .filter((p) => p.start <= now && p.end >= now && p.members.length > 0)
      .sort((a, b) => a.end - b.end || a.start - b.start || a.programId.localeCompare(b.programId))
      // the catalogue's own card shape (its kind is one of the contract's)
      .map((p) => promotionJson(model, p) as z.infer<typeof productPromotion>);
  });

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
