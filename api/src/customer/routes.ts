import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionUser, signInRequest } from "@store/contract";
import type { Services } from "../services";
import { setSessionCookie } from "../http/session";

const customerRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const tags = ["customer"];

  app.get("/customers/self/session", {
    schema: { tags, summary: "Session info; creates a guest session when there is none", response: { 200: sessionUser } },
  }, async (request) => services.customers.sessionUser(await request.session()));

  app.post("/customers/self/session", {
    schema: { tags, summary: "Sign in", body: signInRequest, response: { 200: sessionUser } },
    config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
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
};
export default customerRoutes;
