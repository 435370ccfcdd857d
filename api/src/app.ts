import pageVersionRoutes from "./page-versions/routes";
import Fastify, { type FastifyServerOptions } from "fastify";
import cookie from "@fastify/cookie";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "./db/client";
import type { MailOptions } from "./mail/service";
import type { PaymentsConfig } from "./payments/config";
import type { RecaptchaOptions } from "./http/recaptcha";
import { createServices } from "./services";
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from "./http/errors";
import { registerInputGuard } from "./http/inputs";
import { sessionPlugin } from "./http/session";
import { ChangeFeed } from "./db/changes";
import { toJson } from "./http/json";
import { headersPlugin } from "./http/headers";
import { DEFAULT_TRUSTED_PROXIES, registerRateLimits } from "./http/limits";
import { DOCS_CSP, securityHeadersPlugin } from "./http/security";
import configRoutes from "./config/routes";
import cmsRoutes from "./cms/routes";
import customerRoutes from "./customer/routes";
import healthRoutes from "./health/routes";
import productAreaRoutes from "./product/plugin";
import catalogRoutes from "./catalog/routes";
import brandRoutes from "./brands/routes";
import analyticsRoutes from "./analytics/routes";
import seoRoutes from "./seo/routes";
import searchRoutes from "./search/routes";
import mediaRoutes from "./media/routes";
import cartRoutes from "./cart/routes";
import orderRoutes from "./orders/routes";
import paymentRoutes from "./payments/routes";
import formRoutes from "./forms/routes";

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
  /** Requests per minute per client address for a mutating call without its own limit (sign in etc. set theirs, lower). */
  rateLimitMax?: number;
  /** SMTP server, sender, worker timing (main.ts passes SMTP_URL and MAIL_FROM); none: mail is held */
  mail?: MailOptions;
  /**
   * Addresses or CIDRs of the proxies whose X-Forwarded-For is believed (default: loopback, the
   * storefront on the same host). A client anywhere else is known by its own address, whatever it claims.
   */
  trustedProxies?: string[];
  /** Distinct shoppers (client addresses) who must have searched a term before it is suggested to others. */
  suggestAfterShoppers?: number;
  /** how often (ms) search reads units ordered again for popularity (default a minute) */
  searchPopularityRefreshMs?: number;
  /** payment providers' endpoints and keys (default: from the environment, see payments/README.md) */
  payments?: PaymentsConfig;
  /** The storefront's address as shoppers reach it, for links in mails (PUBLIC_URL; default http://localhost:3000). */
  publicUrl?: string;
  /** reCAPTCHA verifier (RECAPTCHA_VERIFY_URL, RECAPTCHA_SECRET); asked only for forms the store's config lists. */
  recaptcha?: RecaptchaOptions;
}

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustedProxies ?? DEFAULT_TRUSTED_PROXIES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    bodyLimit: 256 * 1024,
    // errors raised outside our handlers still answer in the spec's error shape
    frameworkErrors,
    clientErrorHandler,
    // a JSON body with these keys is refused (400) rather than silently stripped
    onProtoPoisoning: "error",
    onConstructorPoisoning: "error",
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  if (options.validateResponses ?? Boolean(process.env.VITEST)) app.setSerializerCompiler(serializerCompiler);
  else app.setSerializerCompiler(() => toJson);

  registerErrorHandling(app);
  await app.register(securityHeadersPlugin);
  registerInputGuard(app);
  // what other processes change, for the per-shopper answers kept in memory (sessions, carts)
  const feed = await ChangeFeed.start(options.db);
  app.addHook("onClose", async () => feed?.close());
  const services = createServices(options.db, {
    feed,
    storeCode: options.storeCode, mail: options.mail, suggestAfterShoppers: options.suggestAfterShoppers,
    searchPopularityRefreshMs: options.searchPopularityRefreshMs,
    payments: options.payments, publicUrl: options.publicUrl, recaptcha: options.recaptcha,
  });
  // the mail worker runs only where it was started (main.ts, or a test); stopping is safe either way
  app.addHook("onClose", () => services.mail.stop());
  app.addHook("onClose", async () => services.pageVersions.close());

  await app.register(cookie);
  await registerRateLimits(app, { writesPerMinute: options.rateLimitMax });
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
  // provider notifications carry a signature, not a session or CSRF token
  await app.register(paymentRoutes, { prefix: API_PREFIX, payments: services.payments });
  await app.register(mediaRoutes, { storeName: async () => (await services.config.get()).name });
  await app.register(async (api) => {
    await api.register(headersPlugin);
    await api.register(sessionPlugin, { db: options.db, config: services.config, feed, forgetCartOwner: (owner) => services.cart.forgetAnswers(owner) });
    await api.register(healthRoutes, { services });
    await api.register(configRoutes, { services });
    await api.register(cmsRoutes, { services });
    await api.register(customerRoutes, { services });
    await api.register(productAreaRoutes, { services });
    await api.register(catalogRoutes, { services });
    await api.register(brandRoutes, { services });
    await api.register(analyticsRoutes, { services });
    await api.register(seoRoutes, { services });
    await api.register(searchRoutes, { services });
    await api.register(cartRoutes, { services });
    await api.register(orderRoutes, { services });
    await api.register(formRoutes, { services });
    await api.register(pageVersionRoutes, { services });
  }, { prefix: API_PREFIX });

  app.decorate("services", services);
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    services: ReturnType<typeof createServices>;
  }
}
