import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponse } from "@store/contract";
import type { PaymentService } from "./service";

/**
 * Provider webhooks. Register OUTSIDE the session plugin's scope (a provider has no session and
 * no CSRF token): the signature each provider puts on its notification authenticates it.
 */
const paymentRoutes: FastifyPluginAsyncZod<{ payments: PaymentService }> = async (app, { payments }) => {
  // the signature covers the exact bytes sent, so keep the body as text (this scope only)
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, body));

  app.post("/payments/:code/webhook", {
    schema: {
      tags: ["payments"],
      summary: "A payment provider's notification",
      description: "Authenticated by the provider's signature header (the sandbox card gateway: X-ANET-Signature, "
        + "sha512=HMAC of the body with the signature key), not by session or CSRF. A replayed notification is "
        + "answered again but applied once.",
      params: z.object({ code: z.string().max(50) }),
      body: z.string().max(64 * 1024),
      response: { 200: z.object({ received: z.literal(true), applied: z.boolean() }), 400: errorResponse, 401: errorResponse, 404: errorResponse },
    },
  }, async (request) => {
    const { applied } = await payments.webhook(request.params.code, request.headers, request.body);
    return { received: true as const, applied };
  });
};
export default paymentRoutes;
