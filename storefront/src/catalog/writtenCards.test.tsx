import { describe, expect, it } from "vitest";
import type { ProductListItem } from "@store/contract";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { makeStore } from "@/lib/store";
import { TILE_SEPARATOR, tileHtml, type CardData, type TileActionsProps } from "./cardHtml";
import ListingGrid from "./ListingGrid";
import ProductCard, { cardData } from "./ProductCard";
import { documentRender, endDocumentRender } from "@/test/documentRender";
import ProductCardView from "./ProductCardView";
import TileActions from "./TileActions";

const card = (id: string, extra: Partial<CardData> = {}): CardData => ({
  id, href: `/product/range-${id}`, name: `Tom's "Pro" 30 in. Range ${id}`, brand: "Hearth", rating: 4, count: 3,
  image: `/media/product/range/${id}.png`, price: "$999.99", ...extra,
});
const actions = (id: string, extra: Partial<TileActionsProps> = {}): TileActionsProps => ({
  productId: id, productName: `Tom's "Pro" 30 in. Range ${id}`, addToCart: true, rebates: 0, wishlist: true, compare: true, ...extra,
});

const drawn = (node: React.ReactNode) => renderToStaticMarkup(
  <AppRouterContext.Provider value={{} as AppRouterInstance}>
    <Provider store={makeStore()}>{node}</Provider>
  </AppRouterContext.Provider>,
);

describe("a listing's tiles written as markup", () => {
  it("are the tiles the card and its buttons draw as components, the buttons' element marked for the live ones", () => {
    const cases: Array<[CardData, { layout: "grid" | "list"; priority: boolean; actions?: TileActionsProps }]> = [
      [card("1"), { layout: "grid", priority: true, actions: actions("1") }],
      [card("2", { regular: "$1,199.99", save: "$200.00", corner: { text: "New", bg: "#123456", ink: "#fff" } }), { layout: "list", priority: false, actions: actions("2", { addToCart: false, rebates: 2 }) }],
      [card("3", { price: undefined, image: undefined }), { layout: "grid", priority: false }],
    ];
    for (const [data, options] of cases) {
      const components = drawn(
        <ProductCardView card={data} layout={options.layout} priority={options.priority} actions={options.actions && <TileActions {...options.actions} />} />,
      );
      const buttonsClass = /<div class="([^"]*buttons[^"]*)">/.exec(components)?.[1];
      if (options.actions) expect(buttonsClass).toBeDefined();
      const expected = buttonsClass ? components.replace(`<div class="${buttonsClass}">`, `<div class="${buttonsClass}" data-tile-buttons="">`) : components;
      expect(tileHtml(data, options)).toBe(expected);
    }
    expect(tileHtml(card("4"), { layout: "grid", priority: false, actions: actions("4") }).match(/disabled=""/g)).toHaveLength(3);
  });

  it("are one list on the server, a list item per tile as written, the merchandising among them, no button a component", () => {
    const written = [card("1"), card("2"), card("3")].map((c) => tileHtml(c, { layout: "grid", priority: false, actions: actions(c.id) }));
    const html = drawn(
      <ListingGrid html={written.join(TILE_SEPARATOR)} count={3} tiles={[actions("1"), actions("2"), actions("3")]} className="grid" mode="grid"
        after={{ index: 2, className: "after", content: <p>Ranges on sale</p> }} />,
    );
    expect(html).toBe(`<ul class="grid" data-mode="grid"><li>${written[0]}</li><li>${written[1]}</li><li class="after" data-after=""><p>Ranges on sale</p></li><li>${written[2]}</li></ul>`);
  });

  it("are read back by reference in a document's render", () => {
    const written = [card("1"), card("2")].map((c) => tileHtml(c, { layout: "list", priority: false })).join(TILE_SEPARATOR);
    documentRender().set("r0", written);
    const html = drawn(<ListingGrid html={{ ref: "r0" }} count={2} tiles={[]} className="grid list" mode="list" />);
    expect(html).toBe(`<ul class="grid list" data-mode="list" data-markup="r0"><li>${written.split(TILE_SEPARATOR).join("</li><li>")}</li></ul>`);
  });
});

describe("a card a document always draws", () => {
  const product = {
    entity_id: "7", name: "Vireo 65 in. QLED TV", url_key: "vireo-65-qled", manufacturer: "Vireo", reviews_rating: 4, reviews_count: 2,
    image_url: { normal: "/media/product/tv/7.png", small: "" },
    prices: { poa: false, display_price: { amount: 99_999, formatted: "$999.99" }, discount: null, regular_price_without_tax: 99_999, final_price_without_tax: 99_999, msrp_enabled: false, msrp: null },
  } as unknown as ProductListItem;

  it("is, with no buttons, one element written as the card draws and carried by reference", () => {
    const kept = documentRender();
    const html = drawn(<ProductCard product={product} sizes="300px" alwaysDrawn />);
    expect(kept.size).toBe(1);
    const inside = kept.get("r0")!;
    expect(html).toBe(`<article class="${/class="([^"]+)"/.exec(html)![1]}" data-layout="grid" data-product-id="7" data-markup="r0">${inside}</article>`);
    // the card ProductCardView draws outside a document's render
    endDocumentRender();
    expect(drawn(<ProductCardView card={cardData(product)} sizes="300px" />)).toBe(html.replace(' data-markup="r0"', ""));
  });

  it("keeps, with buttons, its picture and words beside the buttons' part", () => {
    const kept = documentRender();
    const html = drawn(<ProductCard product={product} actions={<TileActions {...actions("7")} />} alwaysDrawn />);
    expect(kept.size).toBe(2);
    expect(html).toContain('data-markup="r0"');
    expect(html).toContain('data-markup="r1"');
    expect(html.match(/disabled=""/g)).toHaveLength(3);
  });
});
