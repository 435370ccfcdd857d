import { asc, eq } from "drizzle-orm";
import type { ShippingEstimate, ShippingMethod } from "@store/contract";
import { schema, type Db } from "../db/client";
import { normalizePostcode } from "../locations/stores";
import type { MoneyFormat } from "../product/money";
import type { ProductService } from "../product/service";

export const DEFAULT_COUNTRY = "US";

function windowLabel(min: number, max: number): string {
  if (max <= 0) return "Today";
  if (min === max) return `${max} business day${max === 1 ? "" : "s"}`;
  return `${min}-${max} business days`;
}

const code = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "");

/**
 * Shipping estimate for one product to a postcode (GET /products/{id}/shipping/{zip}). The rate
 * table is keyed by zip prefix: for each method the longest prefix the postcode starts with
 * wins, and rows with an empty prefix are the default everywhere else. Country defaults to US;
 * the postcode is cut at a dash and must then be valid for the country (400 otherwise). The cart
 * uses the same table for its estimated shipping (see cart/service.ts).
 */
export class ShippingService {
  constructor(private readonly db: Db, private readonly products: ProductService) {}

  async estimate(key: string, zip: string, countryId: string | undefined, fmt: MoneyFormat): Promise<ShippingEstimate> {
    const country = (countryId ?? DEFAULT_COUNTRY).toUpperCase();
    const postcode = normalizePostcode(zip, country);
    const product = await this.products.resolveId(key);
    const methods = await this.methods(postcode, country, fmt);
    return { product_id: String(product.id), postcode, country_id: country, methods };
  }

  /** Delivery options to a postcode already cut and checked, cheapest first. */
  async methods(postcode: string, country: string, fmt: MoneyFormat): Promise<ShippingMethod[]> {
    const r = schema.shippingRates;
    const rates = await this.db.select().from(r).where(eq(r.countryId, country)).orderBy(asc(r.price), asc(r.rateId));
    const best = new Map<string, (typeof rates)[number]>();
    for (const rate of rates) {
      if (!postcode.startsWith(rate.zipPrefix)) continue;
      const held = best.get(rate.methodCode);
      if (!held || rate.zipPrefix.length > held.zipPrefix.length) best.set(rate.methodCode, rate);
    }
    return [...best.values()]
      .sort((a, b) => a.price - b.price || a.methodTitle.localeCompare(b.methodTitle))
      .map((rate) => ({
        carrier_code: code(rate.carrierTitle),
        carrier_title: rate.carrierTitle,
        method_code: rate.methodCode,
        method_title: rate.methodTitle,
        price: fmt.money(rate.price),
        delivery_window: { min_days: rate.minDays, max_days: rate.maxDays, label: windowLabel(rate.minDays, rate.maxDays) },
      }));
  }
}
