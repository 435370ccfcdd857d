import { sql } from "drizzle-orm";
import { z } from "zod";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Services } from "../services";

/** For load balancers: 200 only when this process can reach its database. */
const healthRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get("/health", {
    schema: {
      tags: ["ops"], summary: "Liveness and database check",
      response: { 200: z.object({ status: z.literal("ok"), database: z.literal("ok") }), 503: z.object({ status: z.literal("unavailable"), database: z.string() }) },
    },
  }, async (request, reply) => {
    try {
      await services.db.execute(sql`select 1`);
      return { status: "ok" as const, database: "ok" as const };
    } catch (error) {
      request.log.error({ err: error }, "health check: database unreachable");
      return reply.status(503).send({ status: "unavailable" as const, database: "unreachable" });
    }
  });
};
export default healthRoutes;
