import type { ProductDetail } from "@store/contract";
import { schemaAvailability } from "./stock";

/** An absolute URL for a path on the site, when the configured base URL is usable. */
function absolute(path: string, base: URL | undefined): string {
  if (!base || /^https?:\/\//i.test(path)) return path;
  return new URL(path.replace(/^\//, ""), base.href.endsWith("/") ? base : `${base.href}/`).href;
}

/**
 * schema.org Product for a product page: name, sku, brand, images, the offer (price, currency
 * and availability by the spec 002 §4 stock rule) and the aggregate rating when there are reviews.
 */
export function productJsonLd(product: ProductDetail, options: { url: string; currency: string; base?: URL; images: string[] }) {
  const { prices } = product;
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    sku: product.sku,
    mpn: product.model_number || undefined,
    gtin12: /^\d{12}$/.test(product.upccode) ? product.upccode : undefined,
    description: product.short_description || product.meta_description || undefined,
    brand: product.brand?.name || product.manufacturer ? { "@type": "Brand", name: product.brand?.name || product.manufacturer } : undefined,
    image: options.images.map((src) => absolute(src, options.base)),
    url: absolute(options.url, options.base),
    itemCondition: product.condition === "new" ? "https://schema.org/NewCondition" : product.condition ? "https://schema.org/UsedCondition" : undefined,
  };
  if (!prices.poa && prices.display_price) {
    data.offers = {
      "@type": "Offer",
      price: prices.display_price.amount.toFixed(2),
      priceCurrency: options.currency,
      availability: schemaAvailability({ display_add_to_cart: prices.display_add_to_cart, inventory: product.location_inventory }),
      url: absolute(options.url, options.base),
      priceValidUntil: prices.on_sale && prices.special_to_date ? prices.special_to_date.slice(0, 10) : undefined,
    };
  }
  if (product.reviews_count > 0) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Math.round(product.reviews_rating * 100) / 100,
      reviewCount: product.reviews_count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

/** JSON for a script element: `<` escaped so no value can close the element. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, "\\u003c");

/**
 * schema.org BreadcrumbList of a product page: the store's home, the categories the page's
 * breadcrumb shows (spec 002 §2: up to 4 ancestors with a level under 5) and the product itself.
 */
export function breadcrumbJsonLd(items: Array<{ name: string; path: string }>, base?: URL) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: absolute(item.path, base) })),
  };
}
