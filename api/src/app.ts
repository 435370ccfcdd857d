import Fastify, { type FastifyServerOptions } from "fastify";
import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "./db/client";
import { createServices } from "./services";
import { frameworkErrors, registerErrorHandling } from "./http/errors";
import { sessionPlugin } from "./http/session";
import { headersPlugin } from "./http/headers";
import { DOCS_CSP, securityHeadersPlugin } from "./http/security";
import configRoutes from "./config/routes";
import cmsRoutes from "./cms/routes";
import customerRoutes from "./customer/routes";
import healthRoutes from "./health/routes";
import productAreaRoutes from "./product/plugin";
import catalogRoutes from "./catalog/routes";
import searchRoutes from "./search/routes";
import mediaRoutes from "./media/routes";
import cartRoutes from "./cart/routes";

export const API_PREFIX = "/api/rest";

export interface AppOptions {
  db: Db;
  logger?: FastifyServerOptions["logger"];
  storeCode?: string;
  /**
   * Check every answer against the contract before sending it. On in tests so drift from the
   * contract fails loudly; off in production, where plain JSON serialisation is much cheaper.
   */
  validateResponses?: boolean;
  /** Requests per minute per client for mutating calls (sign in etc. set their own, lower). */
  rateLimitMax?: number;
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: true, // the storefront forwards /api/rest/* to us
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 256 * 1024,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  if (options.validateResponses ?? Boolean(process.env.VITEST)) app.setSerializerCompiler(serializerCompiler);
  else app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  registerErrorHandling(app);
  await app.register(securityHeadersPlugin);
  const services = createServices(options.db, { storeCode: options.storeCode });

  await app.register(cookie);
  await app.register(rateLimit, { global: false, max: options.rateLimitMax ?? 300, timeWindow: "1 minute" });
  await app.register(swagger, {
    openapi: {
      info: { title: "Storefront REST API", version: "1.0.0", description: "Every call the storefront makes under /api/rest." },
      components: { securitySchemes: { csrf: { type: "apiKey", in: "header", name: "x-csrf-token" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: DOCS_CSP });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, () => app.swagger());

  await app.register(healthRoutes, { services });
  await app.register(mediaRoutes, { storeName: async () => (await services.config.get()).name });
  await app.register(async (api) => {
    await api.register(headersPlugin);
    await api.register(sessionPlugin, { db: options.db });
    await api.register(healthRoutes, { services });
    await api.register(configRoutes, { services });
    await api.register(cmsRoutes, { services });
    await api.register(customerRoutes, { services });
    await api.register(productAreaRoutes, { services });
    await api.register(catalogRoutes, { services });
    await api.register(searchRoutes, { services });
    await api.register(cartRoutes, { services });
  }, { prefix: API_PREFIX });

  app.decorate("services", services);
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: ReturnType<typeof createServices>;
  }
}
