import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { DomUtils, parseDocument } from "htmlparser2";
import ImagePreloads from "@/lib/ImagePreloads";
import { cardData, priorityImages, type ProductCardProps } from "./ProductCard";
import { detailsHtml, pictureHtml, priorityImage } from "./cardHtml";

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

/** Elements of markup by tag, with their attributes and text (the card's picture and details are written as text). */
function parse(html: string) {
  const document = parseDocument(html);
  const all = (tag: string) => DomUtils.getElementsByTagName(tag, document.children, true);
  return { all, text: (tag: string) => all(tag).map((e) => DomUtils.textContent(e)) };
}

describe("product card markup (picture and details, kept by the browser as the server wrote them)", () => {
  it("writes the name, brand and prices as text, escaped, with the name linking to the product", () => {
    const card = cardData(product({}, { name: `Kessler <b>"Pro" & 'Max'</b>`, manufacturer: "K&K", model_number: "<M1>" }));
    const html = detailsHtml(card, 3);
    expect(html).not.toContain("<b>");
    const { all, text } = parse(html);
    expect(text("h3")).toEqual([`Kessler <b>"Pro" & 'Max'</b>`]);
    expect(all("a").map((a) => a.attribs.href)).toEqual(["/product/kessler-range"]);
    expect(text("p")).toEqual(["K&K", "Model: <M1>", "★★★★★★★★★★(3)", "$900.00"]);
    expect(all("p").find((p) => p.attribs.role === "img")?.attribs["aria-label"]).toBe("Rated 4.5 out of 5 stars, 3 reviews");
  });

  it("says a sale, its regular price and saving, an MSRP, and 'Call for price' when there is no price", () => {
    const sale = cardData(product({
      final_price_without_tax: 800, regular_price_without_tax: 900, display_price: money(800), discount: { ...money(100), percent: 11 },
      msrp_enabled: true, msrp: money(1000),
    }), "Open Box");
    const { all, text } = parse(detailsHtml(sale, 2));
    expect(text("h2")).toHaveLength(1);
    expect(text("p").slice(2)).toEqual(["Sale price $800.00", "Regular price $900.00 Save $100.00", "MSRP $1000.00"]);
    expect(all("p").find((p) => p.attribs["data-on-sale"] !== undefined)).toBeDefined();
    expect(parse(detailsHtml(cardData(product({ poa: true })), 3)).text("p")).toContain("Call for price");
  });

  it("draws flags in safe colours only, placeholders for empty price slots, and the open-box callout", () => {
    const card = cardData(product({}, {
      product_flags: [{ position: 3, visible: true, text: "Rebate <1>", color: "#ff0000" }, { position: 7, visible: true, text: "Energy Star", color: "red; x" }],
      outlets_count: 2, outlets_min_price: money(650),
    }), "Open Box");
    const { all, text } = parse(detailsHtml(card, 3));
    const offers = all("ul").find((u) => u.attribs["aria-label"] === "Offers")!;
    expect(DomUtils.getElementsByTagName("li", offers).map((li) => li.attribs["aria-hidden"] ?? DomUtils.textContent(li))).toEqual(["true", "Rebate <1>", "true", "true", "true"]);
    expect(all("span").find((s) => DomUtils.textContent(s) === "Rebate <1>")?.attribs.style).toBe("background:#ff0000;color:#111111");
    expect(all("span").find((s) => DomUtils.textContent(s) === "Energy Star")?.attribs.style).toBeUndefined();
    expect(text("p").at(-1)).toBe("Open Box from $650.00");
  });

  it("offers the picture through the image optimiser, eager and first for the first row only, and a blank box without one", () => {
    const card = cardData(product());
    const first = parse(pictureHtml(card, true, undefined)).all("img")[0]!.attribs;
    expect(first).toMatchObject({ alt: "", loading: "eager", fetchpriority: "high", width: "300", height: "300" });
    expect(first.srcset).toBe("/_next/image?url=%2Fmedia%2Fn.png&w=384&q=75 1x, /_next/image?url=%2Fmedia%2Fn.png&w=640&q=75 2x");
    const later = parse(pictureHtml(card, false, "(max-width: 600px) 50vw, 300px")).all("img")[0]!.attribs;
    expect(later).toMatchObject({ loading: "lazy", sizes: "(max-width: 600px) 50vw, 300px" });
    expect(later.fetchpriority).toBeUndefined();
    const { all } = parse(pictureHtml({ ...card, image: undefined }, false, undefined));
    expect(all("img")).toEqual([]);
    expect(all("a")[0]!.attribs).toMatchObject({ href: "/product/kessler-range", tabindex: "-1", "aria-hidden": "true" });
  });

  it("writes a picture once per image, size hint and priority", () => {
    const card = cardData(product());
    const eager = pictureHtml(card, true, undefined);
    const lazy = pictureHtml(card, false, undefined);
    const sized = pictureHtml(card, false, "50vw");
    expect(new Set([eager, lazy, sized]).size).toBe(3);
    expect(pictureHtml(card, true, undefined)).toBe(eager);
    // another product with the same picture: its own link, the same image
    const other = pictureHtml({ ...card, href: "/product/other" }, false, "50vw");
    expect(parse(other).all("a")[0]!.attribs.href).toBe("/product/other");
    expect(parse(other).all("img")[0]!.attribs).toEqual(parse(sized).all("img")[0]!.attribs);
  });

  it("asks for a first-row picture from the document's head, the image its card draws", () => {
    const card = cardData(product());
    const img = parse(pictureHtml(card, true, undefined)).all("img")[0]!.attribs;
    expect(img).toMatchObject({ fetchpriority: "high", loading: "eager" });
    expect(priorityImage(card, undefined)).toEqual({ src: img.src, srcSet: img.srcset });
    expect(priorityImage({ ...card, image: undefined }, undefined)).toBeUndefined();
    // only the cards drawn with priority, and none for a card without a picture
    const products = [product(), product({}, { entity_id: "8", image_url: { small: "/media/s8.png", normal: "/media/n8.png" } }), product({}, { entity_id: "9", image_url: { small: "", normal: "" } })];
    const images = priorityImages(products, (i) => i !== 0, "");
    expect(images.map((i) => i.src)).toEqual([priorityImage(cardData(products[1]!), undefined)!.src]);
    // written in the head of the document being rendered, at high priority
    const page = renderToString(createElement("html", null, createElement("head"), createElement("body", null, createElement(ImagePreloads, { images }))));
    expect(page).toContain('<head><link rel="preload" as="image" fetchPriority="high" imageSrcSet="/_next/image?url=%2Fmedia%2Fn8.png&amp;w=384&amp;q=75 1x, /_next/image?url=%2Fmedia%2Fn8.png&amp;w=640&amp;q=75 2x"/></head>');
  });
});
