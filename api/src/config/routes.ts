import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { siteConfig } from "@store/contract";
import type { Services } from "../services";

const configRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/config", {
    schema: { tags: ["shell"], summary: "Site configuration", response: { 200: siteConfig } },
    config: { publicMaxAge: 5 },
  }, () => services.config.get());
};
export default configRoutes;
