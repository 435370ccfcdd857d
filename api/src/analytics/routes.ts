import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { altaLogAnswer, altaLogBody, errorResponse } from "@store/contract";
import { schema } from "../db/client";
import type { Services } from "../services";

/** POST /alta/log: the storefront's analytics events, kept in analytics_events (spec 000 §7). */
const analyticsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post("/alta/log", {
    schema: {
      tags: ["analytics"],
      summary: "Log an analytics event (e.g. the error page's rendering_error)",
      description: "event, data (at most 8 KB of JSON), store_code, store_name, is_logged_in, location, navigator, timestamp (epoch seconds). "
        + "Needs the CSRF header like every write; kept with the session and customer it came from.",
      body: altaLogBody,
      response: { 201: altaLogAnswer, 400: errorResponse, 403: errorResponse, 429: errorResponse },
    },
  }, async (request, reply) => {
    const session = await request.existingSession();
    const body = request.body;
    const config = await services.config.get();
    await services.db.insert(schema.analyticsEvents).values({
      event: body.event,
      data: body.data,
      // the store is the one this api serves, whatever the client claims
      storeCode: config.store_code,
      sessionId: session?.id || null,
      customerId: session?.customerId ?? null,
      location: body.location ?? "",
      userAgent: body.navigator?.user_agent ?? String(request.headers["user-agent"] ?? "").slice(0, 1000),
      clientTime: body.timestamp === undefined ? null : new Date(body.timestamp * 1000),
    });
    reply.code(201);
    return { logged: true as const };
  });
};
export default analyticsRoutes;
