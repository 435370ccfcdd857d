import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { makeStore } from "@/lib/store";
import { tileHtml, type CardData, type TileActionsProps } from "./cardHtml";
import ListingGrid from "./ListingGrid";
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
      // (a first-row picture's preload goes to the document's head: here React writes it in place)
      const components = drawn(
        <ProductCardView card={data} layout={options.layout} priority={options.priority} actions={options.actions && <TileActions {...options.actions} />} />,
      ).replace(/^<link rel="preload" as="image"[^>]*\/>/, "");
      const buttonsClass = /<div class="([^"]*buttons[^"]*)">/.exec(components)?.[1];
      if (options.actions) expect(buttonsClass).toBeDefined();
      const expected = `<li>${buttonsClass ? components.replace(`<div class="${buttonsClass}">`, `<div class="${buttonsClass}" data-tile-buttons="">`) : components}</li>`;
      expect(tileHtml(data, options)).toBe(expected);
    }
    expect(tileHtml(card("4"), { layout: "grid", priority: false, actions: actions("4") }).match(/disabled=""/g)).toHaveLength(3);
  });

  it("are one list element on the server, its tiles as written and no button drawn as a component", () => {
    const tiles = [card("1"), card("2")].map((c) => tileHtml(c, { layout: "grid", priority: false, actions: actions(c.id) })).join("");
    const html = drawn(<ListingGrid html={tiles} tiles={[actions("1"), actions("2")]} className="grid" data-mode="grid" />);
    expect(html).toBe(`<ul class="grid" data-mode="grid">${tiles}</ul>`);
  });
});
