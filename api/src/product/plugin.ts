import type { FastifyPluginAsync } from "fastify";
import type { Services } from "../services";
import productRoutes from "./routes";
import inventoryRoutes from "../inventory/routes";
import locationRoutes from "../locations/routes";
import wishlistRoutes from "../wishlist/routes";
import promotionRoutes from "../promotions/routes";
import blogRoutes from "../blog/routes";

/** Routes of the product page and its neighbours, registered inside the /api/rest prefix. */
const productAreaRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  for (const routes of [productRoutes, inventoryRoutes, locationRoutes, wishlistRoutes, promotionRoutes, blogRoutes]) {
    await app.register(routes, { services });
  }
};
export default productAreaRoutes;
