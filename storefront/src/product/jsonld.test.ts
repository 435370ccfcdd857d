import { describe, expect, it } from "vitest";
import type { ProductDetail } from "@store/contract";
import { breadcrumbJsonLd, jsonLdText, productJsonLd } from "./jsonld";

const prices = (over: Partial<ProductDetail["prices"]> = {}): ProductDetail["prices"] => ({
  regular_price_without_tax: 100, final_price_without_tax: 80, regular_price_without_tax_formatted: "$100.00", final_price_without_tax_formatted: "$80.00",
  discount: { amount: 20, formatted: "$20.00", percent: 20 }, on_sale: true, msrp_enabled: false, msrp: null,
  display_price: { amount: 80, formatted: "$80.00" }, poa: false, display_add_to_cart: true, special_from_date: null, special_to_date: "2026-07-04T00:00:00.000Z",
  ...over,
});

const product = (over: Partial<ProductDetail> = {}) => ({
  entity_id: "7", name: "Range </script>", sku: "SKU-7", model_number: "M7", upccode: "012345678905", short_description: "A range.",
  meta_description: "", manufacturer: "Acme", brand: { name: "Acme", url_key: "acme", logo_url: "" }, condition: "new",
  prices: prices(), reviews_count: 3, reviews_rating: 4.333, location_inventory: undefined,
  ...over,
}) as unknown as ProductDetail;

describe("product structured data", () => {
  it("names the product, brand, images and offer", () => {
    const data = productJsonLd(product(), { url: "/product/range", currency: "USD", base: new URL("https://shop.example/"), images: ["/media/a.png"] });
    expect(data).toMatchObject({
      "@type": "Product", name: "Range </script>", sku: "SKU-7", brand: { "@type": "Brand", name: "Acme" },
      image: ["https://shop.example/media/a.png"], url: "https://shop.example/product/range",
      offers: { "@type": "Offer", price: "80.00", priceCurrency: "USD", availability: "https://schema.org/InStock" },
      aggregateRating: { ratingValue: 4.33, reviewCount: 3 },
    });
    expect(jsonLdText(data)).not.toContain("</script>");
  });
  it("uses the stock rule: store entries decide when there are any", () => {
    const inventory = [{ qty: 0 }, { qty: 0 }] as unknown as ProductDetail["location_inventory"];
    const out = productJsonLd(product({ location_inventory: inventory }), { url: "/p", currency: "USD", images: [] });
    expect((out.offers as { availability: string }).availability).toBe("https://schema.org/OutOfStock");
    const hidden = productJsonLd(product({ prices: prices({ display_add_to_cart: false }) }), { url: "/p", currency: "USD", images: [] });
    expect((hidden.offers as { availability: string }).availability).toBe("https://schema.org/OutOfStock");
  });
  it("has no offer for price on application and no rating without reviews", () => {
    const out = productJsonLd(product({ prices: prices({ poa: true, display_price: null }), reviews_count: 0 }), { url: "/p", currency: "USD", images: [] });
    expect(out.offers).toBeUndefined();
    expect(out.aggregateRating).toBeUndefined();
  });
});

describe("product breadcrumb structured data", () => {
  it("is a BreadcrumbList from the home page down to the product, with absolute addresses", () => {
    expect(breadcrumbJsonLd([
      { name: "Home", path: "/" }, { name: "Appliances", path: "/catalog/appliances" }, { name: "Range", path: "/product/range" },
    ], new URL("https://shop.example/"))).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" },
        { "@type": "ListItem", position: 2, name: "Appliances", item: "https://shop.example/catalog/appliances" },
        { "@type": "ListItem", position: 3, name: "Range", item: "https://shop.example/product/range" },
      ],
    });
  });
});
