/**
 * GET /media/* : generated product pictures, brand tiles, the store logo and the favicon.
 * Paths are validated strictly; anything unknown answers 404 with the usual error body. The
 * URLs are content-addressed (colour and variant are in the path), so answers are cacheable forever.
 * GET /media/video/* : the committed product-overview videos, as files (with range requests, which
 * browsers use to stream and seek video).
 */
import type { FastifyInstance } from "fastify";
import fastifyStatic from "@fastify/static";
import { MediaService, type MediaServiceOptions } from "./service";
import { videoFolder } from "./videos";

export interface MediaRoutesOptions extends MediaServiceOptions {
  /** share one renderer (and its cache) between registrations */
  service?: MediaService;
}

const NOT_FOUND = { messages: { error: [{ message: "Not found." }] } };

export default async function mediaRoutes(app: FastifyInstance, options: MediaRoutesOptions = {}): Promise<void> {
  const service = options.service ?? new MediaService(options);
  await app.register(fastifyStatic, {
    root: videoFolder(),
    prefix: "/media/video/",
    decorateReply: false,
    index: false,
    maxAge: "1d",
  });
  app.get<{ Params: { "*": string } }>("/media/*", async (request, reply) => {
    const asset = await service.render(request.params["*"] ?? "");
    if (!asset) return reply.code(404).header("cache-control", "no-store").send(NOT_FOUND);
    return reply
      .header("content-type", asset.contentType)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(asset.body);
  });
}
