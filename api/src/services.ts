import { PageVersionService } from "./page-versions/service";
import type { Db } from "./db/client";
import type { ChangeFeed } from "./db/changes";
import { ConfigService } from "./config/service";
import { CmsService } from "./cms/service";
import { CustomerService } from "./customer/service";
import { createProductServices } from "./product/services";
import { CatalogService } from "./catalog/service";
import { SearchService } from "./search/service";
import { CartService } from "./cart/service";
import { MailService, type MailOptions } from "./mail/service";
import { PaymentService } from "./payments/service";
import { createPaymentRegistry } from "./payments/registry";
import { OrderService } from "./orders/service";
import { paymentsConfigFromEnv, type PaymentsConfig } from "./payments/config";
import { AccountService } from "./customer/account";
import { AddressService } from "./customer/addresses";
import { RecaptchaVerifier, type RecaptchaOptions } from "./http/recaptcha";
import { FormService } from "./forms/service";
import { BrandService } from "./brands/service";
import { SitemapService } from "./seo/service";

export interface ServiceOptions {
  /** database change notifications; without them nothing per shopper is kept in memory */
  feed?: ChangeFeed | null;
  storeCode?: string;
  mail?: MailOptions;
  suggestAfterShoppers?: number;
  searchPopularityRefreshMs?: number;
  /** the storefront's public address, for links in mails (PUBLIC_URL) */
  publicUrl?: string;
  recaptcha?: RecaptchaOptions;
  payments?: PaymentsConfig;
}

/** Every domain service, built once per app over one database. */
export function createServices(db: Db, options: ServiceOptions = {}) {
  const config = new ConfigService(db, options.storeCode ?? "default");
  const catalog = new CatalogService(db);
  const productArea = createProductServices(db, config, options.feed ?? null);
  const cart = new CartService(db, productArea.shipping, config, options.feed ?? null);
  const mail = new MailService(db, { storeName: async () => (await config.get()).name, ...options.mail });
  const payments = new PaymentService(db, createPaymentRegistry(options.payments ?? paymentsConfigFromEnv()));
  cart.payments = payments;
  const recaptcha = new RecaptchaVerifier(options.recaptcha);
  // what server-rendered pages are built from: this process's caches catch up before a change is published
  const pageVersions = new PageVersionService(options.feed ?? null, async (keys) => {
    const all = keys.has("*");
    if (all || keys.has("config")) config.forget();
    // a product's page (`p<id>`: its row, links, pictures or reviews) needs only its own answers
    // built again; the catalogue or the configuration, all of them
    if (all || keys.has("catalog") || keys.has("config")) productArea.products.clearCache();
    else for (const key of keys) if (/^p\d+$/.test(key)) productArea.products.forgetProduct(Number(key.slice(1)));
    if (all || [...keys].some((key) => key === "catalog" || key === "config" || /^[pc]\d/.test(key))) {
      await catalog.sync(await config.get());
    }
  });
  return {
    db,
    config,
    cms: new CmsService(db),
    brands: new BrandService(db),
    sitemap: new SitemapService(db),
    customers: new CustomerService(db),
    ...productArea,
    cart,
    catalog,
    search: new SearchService(db, catalog, { suggestAfterShoppers: options.suggestAfterShoppers, popularityRefreshMs: options.searchPopularityRefreshMs }),
    mail,
    recaptcha,
    accounts: new AccountService(db, config, mail, recaptcha, { publicUrl: options.publicUrl }, options.feed ?? null),
    addresses: new AddressService(db),
    payments,
    orders: new OrderService(db, cart, payments, mail, config),
    forms: new FormService(db, config, mail),
    pageVersions,
  };
}
export type Services = ReturnType<typeof createServices>;
