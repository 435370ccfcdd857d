import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { errorResponse, WISHLIST_SIGN_IN, wishlistAnswer, wishlistChange } from "@store/contract";
import type { Services } from "../services";
import { badRequest, HttpError } from "../http/errors";

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };

/** The signed-in customer's id; a guest (or no session) is a 401. */
async function customerId(request: FastifyRequest): Promise<number> {
  const session = await request.existingSession();
  if (!session || session.customerId === null) throw new HttpError(401, WISHLIST_SIGN_IN);
  return session.customerId;
}

function productIdOf(body: { product_id?: number } | null | undefined, query: { product_id?: number }): number {
  const id = body?.product_id ?? query.product_id;
  if (id === undefined) throw badRequest("product_id is required.");
  return id;
}

const wishlistRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { wishlist, products } = services;
  const tags = ["wishlist"];
  const description = "Signed-in customers only (401 for guests). product_id in the JSON body or the query string. POST and DELETE need the CSRF header.";

  app.get("/customer/wishlist/items", {
    schema: { tags, summary: "The customer's wishlist", description, response: { 200: wishlistAnswer, ...errors } },
  }, async (request) => wishlist.items(await customerId(request), await products.listContext()));

  app.post("/customer/wishlist/items", {
    schema: {
      tags, summary: "Add a product to the wishlist (adding twice changes nothing)", description,
      body: wishlistChange.nullish(), querystring: wishlistChange, response: { 200: wishlistAnswer, ...errors },
    },
  }, async (request) => {
    const id = await customerId(request);
    return wishlist.add(id, productIdOf(request.body, request.query), await products.listContext());
  });

  app.delete("/customer/wishlist/items", {
    schema: {
      tags, summary: "Remove a product from the wishlist", description,
      body: wishlistChange.nullish(), querystring: wishlistChange, response: { 200: wishlistAnswer, ...errors },
    },
  }, async (request) => {
    const id = await customerId(request);
    return wishlist.remove(id, productIdOf(request.body, request.query), await products.listContext());
  });
};
export default wishlistRoutes;
