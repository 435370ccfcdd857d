import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FORM_SUBMISSIONS_PER_MINUTE, errorResponse, formParams, formSubmissionRequest, formSubmissionResponse } from "@store/contract";
import { clientAddress } from "../http/limits";
import type { Services } from "../services";

const formRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.post("/forms/:form", {
    schema: {
      tags: ["shell"],
      summary: "Send the form of a CMS page's form tag (contact, request-quote): stored and mailed to the store",
      description: `Needs the CSRF header. ${FORM_SUBMISSIONS_PER_MINUTE} a minute per client address. Which fields are required depends on the form.`,
      params: formParams,
      body: formSubmissionRequest,
      response: { 201: formSubmissionResponse, 400: errorResponse, 429: errorResponse, 503: errorResponse },
    },
    config: { rateLimit: { max: FORM_SUBMISSIONS_PER_MINUTE, timeWindow: 60_000 } },
  }, async (request, reply) => {
    const session = await request.existingSession();
    const answer = await services.forms.submit(request.params.form, request.body, { sessionId: session?.id ?? null, clientAddress: clientAddress(request) });
    return reply.status(201).header("cache-control", "no-store").send(answer);
  });
};
export default formRoutes;
