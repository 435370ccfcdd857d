import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Provider } from "react-redux";
import { makeStore } from "@/lib/store";
import AddToCartButton from "@/cart/AddToCartButton";
import RebateButton from "@/promotions/RebateButton";
import WishlistButton from "@/wishlist/WishlistButton";
import CompareButton from "@/compare/CompareButton";
import TileActions from "./TileActions";
import { tileActionsHtml, type TileActionsProps } from "./cardHtml";

const name = `Tom's "Pro" 30 in. Range & Hood <Set>`;
const all: TileActionsProps = { productId: "42", productName: name, addToCart: true, rebates: 2, wishlist: true, compare: true };

/** What React's server render of the live buttons writes (its text separators left out: the browser reads the same text). */
const live = (props: TileActionsProps) => renderToStaticMarkup(
  <Provider store={makeStore()}>
    {props.addToCart && <AddToCartButton productId={props.productId} productName={props.productName} />}
    {props.rebates > 0 && <RebateButton productId={props.productId} productName={props.productName} count={props.rebates} />}
    {props.wishlist && <WishlistButton productId={props.productId} productName={props.productName} />}
    {props.compare && <CompareButton productId={props.productId} productName={props.productName} />}
  </Provider>,
).replaceAll("<!-- -->", "");

describe("a tile's buttons", () => {
  it("are written by the server as the markup the live buttons draw before hydration, disabled where they need script", () => {
    const html = tileActionsHtml(all);
    expect(html).toBe(live(all));
    expect(html).toContain('Add to Cart<span class="visually-hidden"> Tom&#x27;s &quot;Pro&quot; 30 in. Range &amp; Hood &lt;Set&gt;</span>');
    expect(html).toContain(">2 rebates available<");
    expect(html.match(/disabled=""/g)).toHaveLength(4); // every button needs script
  });

  it("write only the buttons the tile has", () => {
    for (const props of [
      { ...all, addToCart: false }, { ...all, rebates: 0 }, { ...all, rebates: 1 }, { ...all, wishlist: false }, { ...all, compare: false },
      { ...all, addToCart: false, rebates: 0, wishlist: false, compare: false },
    ]) {
      expect(tileActionsHtml(props)).toBe(live(props));
    }
    expect(tileActionsHtml({ ...all, rebates: 1 })).toContain(">Rebate available<");
  });

  it("are that markup in one element on the server, not four components", () => {
    const html = renderToStaticMarkup(<Provider store={makeStore()}><TileActions {...all} /></Provider>);
    expect(html).toBe(`<div class="${/class="([^"]+)"/.exec(html)![1]}">${tileActionsHtml(all)}</div>`);
  });
});
