import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { autocompleteResult, errorResponse, logQueryRequest, logQueryResponse, plainText, searchResult } from "@store/contract";
import type { Services } from "../services";
import { listingQuery, sendJson } from "../catalog/routes";

const termParam = z.object({ term: plainText(1000) });

const searchRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { search, config } = services;
  const tags = ["search"];
  const cache = { publicMaxAge: 30 };
  const errors = { 400: errorResponse };

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
      response: { 200: logQueryResponse, ...errors },
    },
  }, async (request) => {
    const session = await request.existingSession();
    return search.logQuery(request.body, session?.id ?? null);
  });
};
export default searchRoutes;
