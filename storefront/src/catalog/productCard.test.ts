import { describe, expect, it } from "vitest";
import { cardData, type ProductCardProps } from "./ProductCard";

type Product = ProductCardProps["product"];
const money = (amount: number) => ({ amount, formatted: `$${amount.toFixed(2)}` });
const product = (prices: Partial<Product["prices"]> = {}, extra: Partial<Product> = {}): Product => ({
  entity_id: "7", sku: "S7", name: "Kessler Range", url_key: "kessler-range", type_id: "simple", manufacturer: "Kessler",
  image_url: { small: "/media/s.png", normal: "/media/n.png" }, reviews_rating: 4.5, reviews_count: 3,
  prices: {
    poa: false, display_price: money(900), final_price_without_tax: 900, regular_price_without_tax: 900,
    regular_price_without_tax_formatted: "$900.00", discount: null, msrp_enabled: false, msrp: null, display_add_to_cart: true,
    ...prices,
  },
  ...extra,
} as Product);

describe("product card data (what a listing sends of each product)", () => {
  it("keeps what the card shows and leaves the rest out", () => {
    expect(cardData(product())).toEqual({
      id: "7", href: "/product/kessler-range", name: "Kessler Range", brand: "Kessler", image: "/media/n.png",
      rating: 4.5, count: 3, price: "$900.00",
    });
  });

  it("shows a sale with its regular price and saving, and an MSRP above the price", () => {
    const card = cardData(product({
      final_price_without_tax: 800, regular_price_without_tax: 900, display_price: money(800), discount: { ...money(100), percent: 11 },
      msrp_enabled: true, msrp: money(1000),
    }));
    expect(card).toMatchObject({ price: "$800.00", regular: "$900.00", save: "$100.00", msrp: "$1000.00" });
  });

  it("shows no price for price-on-application, and the open-box callout with the outlets' lowest price", () => {
    const card = cardData(product({ poa: true, msrp_enabled: true, msrp: money(1000) }, { outlets_count: 2, outlets_min_price: money(650) }), "Open Box");
    expect(card.price).toBeUndefined();
    expect(card.msrp).toBeUndefined();
    expect(card.outlet).toEqual({ label: "Open Box", from: "$650.00" });
  });

  it("places flags: corner, five price slots with placeholders, specials; colours only when safe", () => {
    const card = cardData(product({}, { product_flags: [
      { position: 1, visible: true, text: "New", color: "#ffffff" },
      { position: 3, visible: true, text: "Rebate", color: "red; x" },
      { position: 7, visible: true, text: "Energy Star", color: "" },
      { position: 8, visible: false, text: "Hidden", color: "" },
    ] }));
    expect(card.corner).toEqual({ text: "New", bg: "#ffffff", ink: "#111111" });
    expect(card.priceFlags).toEqual([null, { text: "Rebate" }, null, null, null]);
    expect(card.special).toEqual([{ text: "Energy Star" }]);
  });
});
