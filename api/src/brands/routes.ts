import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { brandsAnswer } from "@store/contract";
import type { Services } from "../services";

const brandRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/brands", {
    schema: {
      tags: ["catalog"],
      summary: "Every brand with products in the catalogue",
      description: "name, url_key (the manufacturer value of its special catalogue, /special/manufacturer/{url_key}), logo_url and "
        + "product_count (enabled products visible in the catalogue), ordered by name. Brands without such products are left out.",
      response: { 200: brandsAnswer },
    },
    config: { publicMaxAge: 300 },
  }, () => services.brands.list());
};
export default brandRoutes;
