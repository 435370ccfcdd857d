import { describe, expect, it } from "vitest";
import type { CatalogFilter, SiteConfig } from "@store/contract";
import { activeChips, rangeText, visibleFacets } from "./facets";
import { breadcrumbAncestors, landingOf, optimiseEditorImages, posmOptions, tilesPerRow } from "./sections";

describe("category breadcrumb", () => {
  it("shows up to 4 ancestors with a level under 5, without the root", () => {
    const chain = [1, 2, 3, 4, 5, 6].map((level) => ({ level, url_key: level === 1 ? "default-category" : `l${level}`, name: `L${level}` }));
    expect(breadcrumbAncestors(chain).map((c) => c.level)).toEqual([2, 3, 4]);
    const deep = [2, 3, 4, 2, 3, 4].map((level, i) => ({ level, url_key: `k${i}` }));
    expect(breadcrumbAncestors(deep)).toHaveLength(4);
  });
});

describe("landing sections", () => {
  it("reads the api's landing record and drops malformed parts", () => {
    const landing = landingOf({
      layout: "full_width", hero_block: "appliances-hero", featured: { attribute: "energy_star", value: "1", limit: 18, title: 5 },
      blog_post_ids: [1, "2", null], section_order: ["hero", "featured"], brand_ids: "x",
    });
    expect(landing).toEqual({
      layout: "full_width", hero_block: "appliances-hero",
      featured: { title: undefined, attribute: "energy_star", value: "1", special_catalog: undefined, limit: 18 },
      banner_type: undefined, blog_post_ids: [1, "2"], brand_ids: undefined, custom_block: undefined, section_order: ["hero", "featured"],
    });
    expect(landingOf(null)).toBeNull();
  });
});

describe("posm sets", () => {
  const config = (available: string[], overrides: Record<string, unknown> = {}) =>
    ({ available_posm_options: available, catalog_posm_overrides: overrides }) as Pick<SiteConfig, "available_posm_options" | "catalog_posm_overrides">;
  it("takes the category's override (list, comma list or options) before the configured options", () => {
    expect(posmOptions(config(["a", "b"]), ["refrigerators", "4"])).toEqual(["a", "b"]);
    expect(posmOptions(config(["a"], { refrigerators: ["c"] }), ["refrigerators", "4"])).toEqual(["c"]);
    expect(posmOptions(config(["a"], { 4: "d, e" }), ["refrigerators", "4"])).toEqual(["d", "e"]);
    expect(posmOptions(config(["a"], { refrigerators: { options: ["f"] } }), ["refrigerators"])).toEqual(["f"]);
    expect(posmOptions(config(["a"], { refrigerators: [] }), ["refrigerators"])).toEqual([]);
  });
});

describe("tiles per row", () => {
  it("is 3 at lg and 4 at xl unless the config says otherwise", () => {
    expect(tilesPerRow({ display_features: {} })).toEqual({ lg: 3, xl: 4 });
    expect(tilesPerRow({ display_features: { product_grid: { tiles_per_row: { lg: 4, xl: 5 } } } })).toEqual({ lg: 4, xl: 5 });
    expect(tilesPerRow({ display_features: { product_grid: { tiles_per_row: { lg: "9" } } } })).toEqual({ lg: 3, xl: 4 });
  });
});

describe("facets and chips", () => {
  const filters: CatalogFilter[] = [
    { attribute: "color", label: "Color", type: "select", position: 3, values: [
      { value: "black", display_name: "Black", product_count: 4, selected: true },
      { value: "white", display_name: "White", product_count: 0, selected: false },
    ] },
    { attribute: "price", label: "Price", type: "price", position: 1, values: [], range: { min: 10, max: 900 } },
    { attribute: "size", label: "Size", type: "select", position: 2, values: [{ value: "king", display_name: "King", product_count: 0, selected: false }] },
  ];
  it("orders facets by position and hides values without products", () => {
    expect(visibleFacets(filters).map((f) => [f.attribute, f.values.map((v) => v.value)])).toEqual([["price", []], ["color", ["black"]]]);
  });
  it("names chips with the facet label and value display name; a range is one chip", () => {
    const chips = activeChips({ page: 1, filters: [{ attribute: "color", values: ["black"] }, { attribute: "price", values: ["100-500"] }] }, filters);
    expect(chips.map((c) => `${c.label}: ${c.text}`)).toEqual(["Color: Black", "Price: $100 - $500"]);
    expect(rangeText(50, 99999999)).toBe("$50 and up");
  });
});

describe("editor pictures", () => {
  it("serves /media pictures through the image optimiser and leaves others alone", () => {
    expect(optimiseEditorImages('<img src="/media/product/a b/1.png" alt="x" width="800" height="800" />', 384))
      .toBe('<img src="/_next/image?url=%2Fmedia%2Fproduct%2Fa%20b%2F1.png&amp;w=384&amp;q=75" alt="x" width="800" height="800" />');
    expect(optimiseEditorImages('<img alt="" src="https://cdn.example/x.png">', 384)).toBe('<img alt="" src="https://cdn.example/x.png">');
  });
});
