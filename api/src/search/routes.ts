import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { autocompleteResult, errorResponse, logQueryRequest, logQueryResponse, plainText, searchResult } from "@store/contract";
import type { Services } from "../services";
import { listingQuery, sendJson } from "../catalog/routes";
import { clientAddress, tooManyRequests } from "../http/limits";
import { SESSION_COOKIE } from "../http/session";

/** Searches a client may log per minute: per address (a household or office shares one) and per session. */
const LOG_PER_ADDRESS = 60;
const LOG_PER_SESSION = 20;

const termParam = z.object({ term: plainText(1000) });

const searchRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { search, config } = services;
  const tags = ["search"];
  const cache = { publicMaxAge: 30 };
  const errors = { 400: errorResponse };
  // the CSRF check has already proved the session cookie names a live session
  const perSession = app.createRateLimit({ max: LOG_PER_SESSION, timeWindow: 60_000, keyGenerator: (request) => `session:${request.cookies[SESSION_COOKIE] ?? ""}` });

  app.get("/search/:term", {
    schema: {
      tags,
      summary: "Search results: full text with prefix and typo tolerance, SKU first; facets on the matches; a configured redirect instead when the term has one",
      params: termParam,
      querystring: listingQuery,
      response: { 200: searchResult, ...errors },
    },
    config: cache,
  }, async (request, reply) => {
    const json = await search.search(request.params.term, request.query, request.url, await config.get());
    return sendJson(reply, json);
  });

  app.get("/search/:term/autocomplete", {
    schema: {
      tags,
      summary: "Suggestions while typing: earlier searches, top categories by matching products, and products",
      params: termParam,
      response: { 200: autocompleteResult, ...errors },
    },
    config: cache,
  }, async (request, reply) => {
    const json = await search.autocomplete(request.params.term, await config.get());
    return sendJson(reply, json);
  });

  app.put("/elasticsearch/log/query", {
    schema: {
      tags,
      summary: "Record a search and how many results it had (feeds suggested searches)",
      body: logQueryRequest,
      response: { 200: logQueryResponse, ...errors, 429: errorResponse },
    },
    config: { rateLimit: { max: LOG_PER_ADDRESS, timeWindow: 60_000 } },
    preHandler: async (request) => {
      const limit = await perSession(request);
      if (!limit.isAllowed && limit.isExceeded) throw tooManyRequests();
    },
  }, async (request) => {
    const session = await request.existingSession();
    return search.logQuery(request.body, session?.id ?? null, clientAddress(request), await config.get());
  });
};
export default searchRoutes;
