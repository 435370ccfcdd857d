import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_SECURITY_HEADERS } from "./security";
import { concurrentConflict } from "../db/errors";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { UNKNOWN_ERROR, errorBody } from "@store/contract";

/** An error a service throws on purpose: its message is shown to the shopper as is. */
export class HttpError extends Error {
  constructor(readonly statusCode: number, message: string) {
    super(message);
  }
}

export const notFound = (message = "Not found.") => new HttpError(404, message);
/** What a request refused by a concurrent change (a constraint, a serialisation failure) is told. */
export const CONCURRENT_CHANGE = "Something this request relies on was changed at the same time. Please try again.";
export const badRequest = (message: string) => new HttpError(400, message);

/** What Fastify's own 4xx errors (raised before or around our handlers) say to a shopper. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: "The address is not valid: it has a broken percent-encoding.",
  FST_ERR_MAX_PARAM_LENGTH: "The address is too long.",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "This content type is not supported: send application/json.",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request body does not match its Content-Length.",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large.",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty but its content type says JSON.",
  // Fastify reports a poisoned body (onProtoPoisoning: "error") with the same code as broken JSON
  FST_ERR_CTP_INVALID_JSON_BODY: "The request body is not valid JSON, or uses the key __proto__ or constructor.",
  FST_ERR_CTP_INVALID_CONTENT_TYPE: "The Content-Type header is not valid.",
  FST_ERR_CTP_INVALID_TYPE: "The Content-Type header is not valid.",
  FST_ERR_ASYNC_CONSTRAINT: "The request could not be routed.",
};
const STATUS_OF: Record<string, number> = { FST_ERR_MAX_PARAM_LENGTH: 414, FST_ERR_ASYNC_CONSTRAINT: 400 };

function frameworkMessage(error: FastifyError): string {
  if (error.code && Object.hasOwn(FRAMEWORK_MESSAGES, error.code)) return FRAMEWORK_MESSAGES[error.code]!;
  return error.message || "Bad request.";
}

/**
 * Fastify's router errors (bad percent-encoding, a parameter over maxParamLength) never reach the
 * error handler; this option gives them the spec's error shape.
 */
export const frameworkErrors = (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
  const status = (error.code && Object.hasOwn(STATUS_OF, error.code) ? STATUS_OF[error.code] : undefined) ?? error.statusCode ?? 400;
  // no hook has run for these, so the security headers are set here
  reply.headers(API_SECURITY_HEADERS).header("cache-control", "no-store")
    .status(status >= 400 && status < 500 ? status : 400).send(errorBody(frameworkMessage(error)));
};

/**
 * Errors Node's HTTP parser raises before Fastify sees a request (a URL or headers too long, a
 * malformed request line): answered on the raw socket, still in the error shape.
 */
export function clientErrorHandler(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  let status = 400;
  let message = "The request is malformed.";
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    message = "The request took too long to arrive.";
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    // the request line counts towards the header limit: a line that never ended is a long URL
    const firstLineEnd = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.indexOf("\r\n") : -1;
    const longUrl = firstLineEnd < 0 || firstLineEnd > 8 * 1024;
    status = longUrl ? 414 : 431;
    message = longUrl ? "The address is too long." : "The request headers are too large.";
  }
  if (socket.writable) {
    const body = JSON.stringify(errorBody(message));
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/** Every failure leaves in the spec's shape: {"messages":{"error":[{"message":"…"}]}}. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
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
      return reply.status(status).send(errorBody(frameworkMessage(error as FastifyError)));
    }
    if (concurrentConflict(error)) {
      // what other requests did meanwhile (a product deleted while it was being added): the same
      // request may pass again, so it is the client's to retry, not a failure of the server
      request.log.warn({ err: error }, "conflict with a concurrent change");
      return reply.status(409).send(errorBody(CONCURRENT_CHANGE));
    }
    request.log.error({ err: error }, "unhandled error");
    // a route may name what its unexpected failure says (spec 000 §8 gives one per account call)
    return reply.status(500).send(errorBody(request.routeOptions.config.unknownError ?? UNKNOWN_ERROR));
  });
  app.setNotFoundHandler((request, reply) => {
    // the path is echoed back, so cut it: a 5,000-character address needs no 5,000-character answer
    reply.status(404).send(errorBody(`No route for ${request.method} ${request.url.split("?")[0]!.slice(0, 200)}.`));
  });
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** what an unexpected failure (500) of this route says instead of UNKNOWN_ERROR */
    unknownError?: string;
  }
}
