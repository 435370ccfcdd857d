import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  ACCOUNT_ERRORS, addressBody, addressIdParams, addressUpdateBody, createCustomerRequest, customer, customerAddress, customerAddressList,
  customerIdParams, forgotPasswordRequest, updateCustomerRequest, messageResponse, newsletterRequest, regionList, resetPasswordRequest, sessionUser,
  signInRequest,
} from "@store/contract";
import type { Services } from "../services";
import { setSessionCookie } from "../http/session";
import { clientAddress } from "../http/limits";
import { ownAccount, signedIn } from "./account";
import { REGIONS } from "./regions";

/** Per client address: sign-ups and reset requests are rarer than sign-ins, so they get less room. */
const SIGN_UPS_PER_MINUTE = 5;
const RESET_REQUESTS_PER_MINUTE = 5;
const RESETS_PER_MINUTE = 10;
/** PUT /customers/{id} checks the current password: no faster than sign-in. */
const ACCOUNT_UPDATES_PER_MINUTE = 10;

const customerRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["customer"];
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: "1 minute" } });

  app.get("/customers/self/session", {
    schema: { tags, summary: "Session info; creates a guest session when there is none", response: { 200: sessionUser } },
    config: { unknownError: ACCOUNT_ERRORS.session },
  }, async (request) => services.customers.sessionUser(await request.session()));

  app.post("/customers/self/session", {
    schema: { tags, summary: "Sign in", body: signInRequest, response: { 200: sessionUser } },
    config: { ...perMinute(10), unknownError: ACCOUNT_ERRORS.signIn },
  }, async (request, reply) => {
    const session = await services.customers.signIn(await request.existingSession(), request.body.login, request.body.password);
    setSessionCookie(request, reply, session);
    return services.customers.sessionUser(session);
  });

  app.delete("/customers/self/session", {
    schema: { tags, summary: "Sign out", response: { 200: sessionUser } },
  }, async (request, reply) => {
    const session = await services.customers.signOut(await request.session());
    setSessionCookie(request, reply, session);
    return services.customers.sessionUser(session);
  });

  app.post("/customers", {
    schema: { tags, summary: "Create an account; 201 and signed in on success", body: createCustomerRequest, response: { 201: sessionUser } },
    config: { ...perMinute(SIGN_UPS_PER_MINUTE), unknownError: ACCOUNT_ERRORS.createAccount },
  }, async (request, reply) => {
    const { "g-recaptcha-response": recaptcha, ...fields } = request.body;
    const session = await services.accounts.create(await request.existingSession(), { ...fields, recaptcha }, clientAddress(request));
    setSessionCookie(request, reply, session);
    return reply.status(201).send(await services.customers.sessionUser(session));
  });

  app.get("/customers/:id", {
    schema: { tags, summary: "The signed-in customer's account", params: customerIdParams, response: { 200: customer } },
  }, async (request) => services.accounts.get(ownAccount(await request.session(), request.params.id)));

  app.put("/customers/:id", {
    schema: { tags, summary: "Change account fields; a new email or password needs current_password", params: customerIdParams, body: updateCustomerRequest, response: { 200: customer } },
    config: { ...perMinute(ACCOUNT_UPDATES_PER_MINUTE), unknownError: ACCOUNT_ERRORS.updateAccount },
  }, async (request) => {
    const session = await request.session();
    return services.accounts.update(session, ownAccount(session, request.params.id), request.body);
  });

  app.post("/customer/forgotpassword", {
    schema: { tags, summary: "Mail a password reset link; the same answer whether or not the email has an account", body: forgotPasswordRequest, response: { 200: messageResponse } },
    config: perMinute(RESET_REQUESTS_PER_MINUTE),
  }, async (request) => ({ message: await services.accounts.requestReset(request.body.email) }));

  app.post("/customer/resetpassword", {
    schema: { tags, summary: "Set a new password with the token from the reset mail", body: resetPasswordRequest, response: { 200: messageResponse } },
    config: { ...perMinute(RESETS_PER_MINUTE), unknownError: ACCOUNT_ERRORS.passwordReset },
  }, async (request) => ({ message: await services.accounts.resetPassword(await request.existingSession(), request.body) }));

  app.put("/newsletter", {
    schema: { tags, summary: "Subscribe or unsubscribe the signed-in customer", body: newsletterRequest, response: { 200: sessionUser } },
  }, async (request) => {
    const session = await request.session();
    await services.accounts.setNewsletter(session, request.body.is_subscribed, request.body["g-recaptcha-response"], clientAddress(request));
    return services.customers.sessionUser(session);
  });

  app.get("/cart/region", {
    schema: { tags, summary: "Region options (US states, Canadian provinces) for address forms", response: { 200: regionList } },
    config: { publicMaxAge: 3600 },
  }, async () => [...REGIONS]);

  app.get("/customers/:id/addresses", {
    schema: { tags, summary: "The signed-in customer's addresses", params: customerIdParams, response: { 200: customerAddressList } },
  }, async (request) => services.addresses.list(ownAccount(await request.session(), request.params.id)));

  app.post("/customers/:id/addresses", {
    schema: { tags, summary: "Add an address", params: customerIdParams, body: addressBody, response: { 201: customerAddress } },
    config: { unknownError: ACCOUNT_ERRORS.addressCreate },
  }, async (request, reply) => {
    const customerId = ownAccount(await request.session(), request.params.id);
    return reply.status(201).send(await services.addresses.create(customerId, request.body));
  });

  app.put("/customers/addresses/:id", {
    schema: { tags, summary: "Change an address of the signed-in customer", params: addressIdParams, body: addressUpdateBody, response: { 200: customerAddress } },
    config: { unknownError: ACCOUNT_ERRORS.addressUpdate },
  }, async (request) => services.addresses.update(signedIn(await request.session()), request.params.id, request.body));

  app.delete("/customers/addresses/:id", {
    schema: { tags, summary: "Delete an address of the signed-in customer; answers the addresses left", params: addressIdParams, response: { 200: customerAddressList } },
    config: { unknownError: ACCOUNT_ERRORS.addressDelete },
  }, async (request) => services.addresses.delete(signedIn(await request.session()), request.params.id));
};
export default customerRoutes;
