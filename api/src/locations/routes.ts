import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponse, locationsQuery, storeLocation } from "@store/contract";
import type { Services } from "../services";

const locationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/locations", {
    schema: {
      tags: ["locations"],
      summary: "Store locations",
      description: "lat and long (together), or zip (cut at a dash), sort stores nearest first with distance in miles; storelocationid "
        + "answers that store only (a list of one); none of them lists every store by name. Unknown zip or store: 404.",
      querystring: locationsQuery,
      response: { 200: z.array(storeLocation), 400: errorResponse, 404: errorResponse },
    },
    config: { publicMaxAge: 300 },
  }, (request) => services.locations.list(request.query));
};
export default locationRoutes;
