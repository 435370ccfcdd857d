import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_SECURITY_HEADERS } from "./security";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { UNKNOWN_ERROR, errorBody } from "@store/contract";

/** An error a service throws on purpose: its message is shown to the shopper as is. */
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

export const notFound = (message = "Not found.") => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);

/** Every failure leaves in the spec's shape: {"messages":{"error":[{"message":"…"}]}}. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(errorBody(error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const where = issue?.instancePath ? `${error.validationContext} ${issue.instancePath.replace(/^\//, "").replaceAll("/", ".")}` : error.validationContext;
      return reply.status(400).send(errorBody(`Invalid ${where}: ${issue?.message ?? "bad input"}`));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(error.message));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send(errorBody(UNKNOWN_ERROR));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(errorBody(`No route for ${request.method} ${request.url.split("?")[0]}.`));
  });
}

/**
 * Requests Fastify refuses before routing (a path that does not decode, an over-long parameter):
 * no hook has run, so the security headers are set here, and the body takes the usual shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  return reply.headers(API_SECURITY_HEADERS).header("cache-control", "no-store").code(status).send(errorBody(error.message));
}
