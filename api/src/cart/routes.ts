import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cartAddressAnswer, cartAddressBody, errorResponse } from "@store/contract";
import type { Services } from "../services";
import type { AddressType } from "./service";

const errors = { 400: errorResponse, 403: errorResponse };

const cartRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { cart, products } = services;
  const tags = ["cart"];

  for (const type of ["shipping", "billing"] as AddressType[]) {
    app.put(`/cart/${type}_address`, {
      schema: {
        tags,
        summary: `Set (part of) the cart's ${type} address`,
        description: "Fields given replace the stored ones, an empty string clears one; the postcode is cut at a dash and checked for "
          + "the country (US by default). Problems come back in validation_errors and nothing is saved. estimated_shipping lists "
          + "the delivery options to the shipping postcode (the billing one when same_as_billing). Needs the CSRF header.",
        body: cartAddressBody,
        response: { 200: cartAddressAnswer, ...errors },
      },
    }, async (request) => cart.updateAddress((await request.session()).id, type, request.body, await products.moneyFormat()));

    app.delete(`/cart/${type}_address`, {
      schema: { tags, summary: `Forget the cart's ${type} address`, description: "Needs the CSRF header.", response: { 200: cartAddressAnswer, ...errors } },
    }, async (request) => cart.clearAddress((await request.session()).id, type, await products.moneyFormat()));
  }
};
export default cartRoutes;
