import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { AppRouterContext, type AppRouterInstance } from "next/dist/shared/lib/app-router-context.shared-runtime";
import type { ProductListItem } from "@store/contract";
import { LANDING_ITEMS } from "@/carousel/settings";
import ListingCarousel, { laterCards } from "./ListingCarousel";
import ProductCard from "./ProductCard";

const product = (n: number) => ({
  entity_id: String(n), name: `Vireo ${n} in. QLED 4K UHD Smart TV`, url_key: `vireo-${n}-qled`, manufacturer: "Vireo",
  reviews_rating: 4, reviews_count: 2, image_url: { normal: `/media/product/tv/${n}.png`, small: "" },
  prices: { poa: false, display_price: { amount: 99_999, formatted: "$999.99" }, discount: null, regular_price_without_tax: 99_999, final_price_without_tax: 99_999, msrp_enabled: false, msrp: null },
}) as unknown as ProductListItem;

describe("a listing's carousel", () => {
  it("draws the first set the server has and leaves room for the rest, without their data", () => {
    const products = Array.from({ length: 12 }, (_, i) => product(i + 1));
    const first = products.slice(0, 5);
    const html = renderToStaticMarkup(
      <AppRouterContext.Provider value={{} as AppRouterInstance}>
        <ListingCarousel label="4K TVs" itemsPerDisplay={LANDING_ITEMS} drawn={first.map((p) => p.entity_id)} total={products.length}
          source="/dynamic-category/resolution/4k?limit=12&embed=products">
          {first.map((p) => <ProductCard key={p.entity_id} product={p} alwaysDrawn />)}
        </ListingCarousel>
      </AppRouterContext.Provider>,
    );
    const slides = [...html.matchAll(/aria-roledescription="slide" aria-label="(\d+) of (\d+)"/g)].map((m) => `${m[1]}/${m[2]}`);
    expect(slides).toEqual(Array.from({ length: 12 }, (_, i) => `${i + 1}/12`));
    expect([...html.matchAll(/data-product-id="(\d+)"/g)].map((m) => m[1])).toEqual(["1", "2", "3", "4", "5"]);
    expect(html).toContain("Vireo 5 in. QLED 4K UHD Smart TV");
    expect(html).not.toContain("Vireo 6 in.");
  });
});

describe("a carousel's later cards", () => {
  const list = Array.from({ length: 9 }, (_, i) => product(i + 1));

  it("are the answer's list after the drawn products, up to the carousel's total", () => {
    const cards = laterCards({ relateds: list as never }, "relateds", ["1", "2", "3", "4"], 8, "Open Box");
    expect(cards.map((c) => c.id)).toEqual(["5", "6", "7", "8"]);
    expect(cards[0]).toMatchObject({ href: "/product/vireo-5-qled", name: "Vireo 5 in. QLED 4K UHD Smart TV", price: "$999.99" });
  });

  it("leave out a drawn product wherever the list has it now, and are none when the field is missing", () => {
    const moved = [list[4], list[0], list[5], list[1], list[6]];
    expect(laterCards({ products: moved as never }, "products", ["1", "2"], 6).map((c) => c.id)).toEqual(["5", "6", "7"]);
    expect(laterCards({ products: list as never }, "upsells", ["1"], 9)).toEqual([]);
  });

  it("are read from a nested field (a search's zero-results products), and are none when a step is missing", () => {
    const answer = { product_count: 0, zero_results: { searches: [], products: list } };
    expect(laterCards(answer, "zero_results.products", ["1", "2", "3", "4", "5"], 8).map((c) => c.id)).toEqual(["6", "7", "8"]);
    expect(laterCards({ zero_results: null }, "zero_results.products", ["1"], 8)).toEqual([]);
    expect(laterCards({}, "constructor.name", ["1"], 8)).toEqual([]);
  });
});
