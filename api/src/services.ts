import type { Db } from "./db/client";
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

/** Every domain service, built once per app over one database. */
export function createServices(db: Db, options: { storeCode?: string; mail?: MailOptions; suggestAfterShoppers?: number; payments?: PaymentsConfig } = {}) {
  const config = new ConfigService(db, options.storeCode ?? "default");
  const catalog = new CatalogService(db);
  const productArea = createProductServices(db, config);
  const cart = new CartService(db, productArea.shipping, config);
  const mail = new MailService(db, { storeName: async () => (await config.get()).name, ...options.mail });
  const payments = new PaymentService(db, createPaymentRegistry(options.payments ?? paymentsConfigFromEnv()));
  cart.payments = payments;
  return {
    db,
    config,
    cms: new CmsService(db),
    customers: new CustomerService(db),
    ...productArea,
    cart,
    catalog,
    search: new SearchService(db, catalog, { suggestAfterShoppers: options.suggestAfterShoppers }),
    mail,
    payments,
    orders: new OrderService(db, cart, payments, mail, config),
  };
}
export type Services = ReturnType<typeof createServices>;
