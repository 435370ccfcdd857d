import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { category, cmsBlock, cmsPage, identifierParam, menuItem, scriptEntry } from "@store/contract";
import type { Services } from "../services";

const cmsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { cms } = services;
  const tags = ["shell"];
  const cache = { publicMaxAge: 30 };

  app.get("/categories", {
    schema: { tags, summary: "All categories (the client builds the menu tree from them)", response: { 200: z.array(category) } },
    config: cache,
  }, () => cms.categories());

  app.get("/menus", {
    schema: { tags, summary: "Menu items", response: { 200: z.array(menuItem) } },
    config: cache,
  }, () => cms.menus());

  app.get("/blocks", {
    schema: { tags, summary: "All content blocks", response: { 200: z.array(cmsBlock.pick({ identifier: true, content: true })) } },
    config: cache,
  }, () => cms.blocks());

  app.get("/blocks/:identifier", {
    schema: { tags, summary: "One content block; a missing block is an empty block", params: identifierParam, response: { 200: cmsBlock } },
    config: cache,
  }, (request) => cms.block(request.params.identifier));

  app.get("/scripts", {
    schema: { tags, summary: "Script entries", response: { 200: z.array(scriptEntry) } },
    config: cache,
  }, () => cms.scripts());

  app.get("/pages/:identifier", {
    schema: { tags, summary: "CMS page by identifier (404 when absent)", params: identifierParam, response: { 200: cmsPage } },
    config: cache,
  }, (request) => cms.page(request.params.identifier));
};
export default cmsRoutes;
