import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { cartEmailAnswer, cartEmailBody, cartPaymentAnswer, cartPaymentBody, errorResponse, ordersAnswer, placeOrderAnswer, placeOrderBody } from "@store/contract";
import type { Services } from "../services";

const errors = { 400: errorResponse, 403: errorResponse };

/** Payment on the cart, placing the order, emailing the cart, the customer's orders (spec 001 §7). */
const orderRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { orders, products } = services;
  const tags = ["orders"];

  app.put("/cart/payment", {
    schema: {
      tags, summary: "Choose the payment method",
      description: "{method, data}: the data is checked by the method (card: type, number, CVN length, expiry) and only what may be shown "
        + "is kept (card type, last four, expiry). Needs the CSRF header.",
      body: cartPaymentBody, response: { 200: cartPaymentAnswer, ...errors },
    },
  }, async (request) => orders.setPayment((await request.session()).id, request.body));

  app.delete("/cart/payment", {
    schema: { tags, summary: "Forget the chosen payment method", description: "Needs the CSRF header.", response: { 200: cartPaymentAnswer, ...errors } },
  }, async (request) => orders.clearPayment((await request.session()).id));

  app.get("/cart/payment", {
    schema: { tags, summary: "The chosen payment method", response: { 200: cartPaymentAnswer, ...errors } },
  }, async (request) => orders.getPayment((await request.existingSession())?.id ?? null));

  app.post("/cart/place", {
    config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
    schema: {
      tags, summary: "Place the order",
      description: "{method, data, g-recaptcha-response}: card orders send the card fields again (they are never stored). Answers order, "
        + "status (success, suspicious: check / money order held for review, pending, redirect) and messages. 409 when the cart is "
        + "already being placed or a product is out of stock; 402 when the payment did not go through (the cart stays). A replay "
        + "answers the same order. Needs the CSRF header.",
      body: placeOrderBody, response: { 200: placeOrderAnswer, 402: errorResponse, 404: errorResponse, 409: errorResponse, ...errors },
    },
  }, async (request) => {
    const session = await request.session();
    // a guest's checkout asks for the captcha when the store lists guest_checkout (spec 001 §6); a customer's never does
    if (session.customerId === null) {
      await services.recaptcha.require(await services.config.get(), "guest_checkout", request.body?.["g-recaptcha-response"], request.ip);
    }
    return orders.place(session, request.body ?? {}, await products.moneyFormat());
  });

  app.post("/cart/email", {
    config: { rateLimit: { max: 5, timeWindow: "1 minute" } },
    schema: {
      tags, summary: "Email the cart to someone",
      description: "{to, message}: a mail listing the cart's lines and totals. Five a minute per client. Needs the CSRF header.",
      body: cartEmailBody, response: { 200: cartEmailAnswer, ...errors },
    },
  }, async (request) => orders.emailCart(await request.session(), request.body, await products.moneyFormat()));

  app.get("/orders", {
    schema: {
      tags, summary: "The signed-in customer's orders, newest first",
      response: { 200: ordersAnswer, 401: errorResponse, ...errors },
    },
  }, async (request) => orders.list(await request.existingSession(), await products.moneyFormat()));
};
export default orderRoutes;
