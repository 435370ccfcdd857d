import { createHash } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cartAddItemsBody, cartAddressAnswer, cartAddressBody, cartAnswer, cartItemAnswer, cartItemIdParams, cartPackageAiAnswer, cartPackageAiBody,
  cartQuery, cartRemoveItemQuery, cartShippingAnswer, cartShippingBody, cartUpdateBody, cartUpdateItemBody, errorResponse,
} from "@store/contract";
import type { Services } from "../services";
import type { AddressType } from "./service";
import { escapeHtml } from "../lib/html";
import { SESSION_COOKIE } from "../http/session";

const errors = { 400: errorResponse, 403: errorResponse };
const changeErrors = { ...errors, 404: errorResponse, 409: errorResponse };


// The booking page's one script: it tells the storefront's modal (the framing page, same origin) the
// chosen date, which the modal saves with PUT /cart/shipping. Allowed by its hash, framed only by us.
const BOOKING_SCRIPT = "document.querySelectorAll('[data-delivery-date]').forEach(function(b){b.addEventListener('click',function(){"
  + "parent.postMessage({type:'package_ai_booking',delivery_date:b.dataset.deliveryDate},location.origin)})})";
const BOOKING_CSP = `default-src 'none'; script-src 'sha256-${createHash("sha256").update(BOOKING_SCRIPT).digest("base64")}'; `
  + "frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

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

  app.get("/cart", {
    schema: {
      tags, summary: "The caller's cart",
      description: "embed picks parts: totals, items (with itemList and addons), shipping_methods, payment_methods, billing_address, "
        + "shipping_address, payment; info, the discount subtotals and buymoresavemore_info always come. Without embed, everything.",
      querystring: cartQuery, response: { 200: cartAnswer, ...errors },
    },
  }, async (request) => {
    // asked at once: with a server this read is a change-feed round, which the session's lookup then shares
    const id = request.cookies[SESSION_COOKIE];
    const stamped = id ? cart.stampOf(id) : undefined;
    const session = await request.existingSession();
    return cart.get(session, request.query.embed, await products.moneyFormat(), request.feedMark, session?.id === id ? stamped : undefined);
  });

  app.put("/cart", {
    schema: {
      tags, summary: "Set the coupon code, email, shipping method or sales assistance",
      description: "null clears a field; an empty email is ignored. A coupon that does not apply is not kept and comes back in "
        + "info.coupon_error. Answers totals and info. Needs the CSRF header.",
      body: cartUpdateBody, response: { 200: cartAnswer, ...errors },
    },
  }, async (request) => cart.update((await request.session()).id, request.body, await products.moneyFormat(), request.feedMark));

  app.delete("/cart", {
    schema: { tags, summary: "Empty the cart and forget everything in it", description: "Needs the CSRF header.", response: { 200: cartAnswer, ...errors } },
  }, async (request) => cart.clear((await request.session()).id, await products.moneyFormat()));

  app.post("/cart/items", {
    schema: {
      tags, summary: "Add a product, or a list of them",
      description: "{product_id, super_attribute, bundle_option, qty, crosssell_parent_id} or {items:[…]}; a main product goes before its "
        + "add-ons. 409 when the store cannot fill the quantity. Needs the CSRF header.",
      body: cartAddItemsBody, response: { 200: cartAnswer, ...changeErrors },
    },
  }, async (request) => cart.addItems((await request.session()).id, request.body, await products.moneyFormat(), request.feedMark));

  app.put("/cart/items/:id", {
    schema: {
      tags, summary: "Change a line's quantity",
      description: "qty 0 removes the line (and its add-ons). With crosssell_parent_id an increase links that main product and a "
        + "decrease unlinks it; a decrease without one unlinks the first. Needs the CSRF header.",
      params: cartItemIdParams, body: cartUpdateItemBody, response: { 200: cartItemAnswer, ...changeErrors },
    },
  }, async (request) => cart.updateItem((await request.session()).id, request.params.id, request.body.qty, request.body.crosssell_parent_id, await products.moneyFormat(), request.feedMark));

  app.delete("/cart/items/:id", {
    schema: {
      tags, summary: "Remove a line, or one add-on unit",
      description: "The line goes when its qty is 1 or it is an add-on of one main product; otherwise one unit goes with the link to "
        + "crosssell_parent_id (or the first). A main product takes its add-ons with it. Needs the CSRF header.",
      params: cartItemIdParams, querystring: cartRemoveItemQuery, response: { 200: cartItemAnswer, ...changeErrors },
    },
  }, async (request) => cart.removeItem((await request.session()).id, request.params.id, request.query.crosssell_parent_id, await products.moneyFormat(), request.feedMark));

  app.put("/cart/shipping", {
    schema: {
      tags, summary: "Choose the shipping method with its delivery data",
      description: "Pickup needs data.location_id and that store's stock of every line (409). Scheduled delivery takes "
        + "data.delivery_date from the booking page. Needs the CSRF header.",
      body: cartShippingBody, response: { 200: cartShippingAnswer, ...changeErrors },
    },
  }, async (request) => cart.setShipping((await request.session()).id, request.body, await products.moneyFormat(), request.feedMark));

  app.put("/cart/packageai/checkoutinfo", {
    schema: {
      tags, summary: "Booking page of a scheduled delivery method (code containing package_ai)",
      description: "Needs the CSRF header.", body: cartPackageAiBody, response: { 200: cartPackageAiAnswer, ...errors },
    },
  }, async (request) => {
    await request.session();
    return cart.packageAiCheckoutInfo(request.body.shipping_method);
  });

  app.get("/cart/packageai/booking", {
    schema: { tags, summary: "The demo's local delivery booking page", querystring: cartPackageAiBody.partial() },
  }, async (request, reply) => {
    const info = await cart.packageAiCheckoutInfo(request.query.shipping_method ?? "");
    const days = info.delivery_dates.map((d) => `<li><button type="button" data-delivery-date="${escapeHtml(d)}">${escapeHtml(d)}</button></li>`).join("");
    reply.type("text/html; charset=utf-8").header("cache-control", "no-store")
      .header("content-security-policy", BOOKING_CSP).header("x-frame-options", "SAMEORIGIN");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Book your delivery</title></head><body>`
      + `<h1>Book your delivery</h1><ul>${days}</ul><script>${BOOKING_SCRIPT}</script></body></html>`;
  });
};
export default cartRoutes;
