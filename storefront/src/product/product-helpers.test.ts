import { describe, expect, it } from "vitest";
import { choiceFromQuery, queryForChoice, selectSwatch, type SwatchProduct } from "./swatch";
import { isInStockForStructuredData, schemaAvailability, SCHEMA_IN_STOCK, SCHEMA_OUT_OF_STOCK } from "./stock";
import { displayInstant, formatDayMonth, formatLongDate, hasNoTimePart } from "./dates";
import { dimensionLabels, dimensionRows, dimensionsLine } from "./dimensions";
import { arrangeFlags } from "./flags";
import { breadcrumbCategories } from "./breadcrumb";
import { previewOf } from "./view";
import type { ProductListItem } from "@store/contract";

const child = (id: string, color: string, size?: string) => ({
  entity_id: id, attributes: size ? { color, size } : { color },
}) as unknown as SwatchProduct["simple_products"][number];

const configurable: SwatchProduct = {
  attributes: [
    {
      attribute_id: "3", code: "color", label: "Color", ordinal: 0,
      options: [
        { option_id: "1", value: "black", label: "Black", swatch: "#000", products: ["11"] },
        { option_id: "2", value: "white", label: "White", swatch: "#fff", products: ["12"] },
        { option_id: "3", value: "steel", label: "Steel", swatch: "#ccc", products: ["13"] },
      ],
    },
  ],
  simple_products: [child("11", "black"), child("12", "white"), child("13", "steel")],
  configurable_default_simple_id: "12",
};

describe("swatch selection (spec 002 §4)", () => {
  it("keeps the chosen swatch while it is among the first attribute's options", () => {
    expect(selectSwatch(configurable, { color: "steel" })).toEqual({ productId: "13", choice: { color: "steel" }, source: "kept" });
  });
  it("takes a swatch chosen from a shared URL", () => {
    const fromUrl = choiceFromQuery(configurable, { color: "black", utm_source: "x" });
    expect(selectSwatch(configurable, null, fromUrl)).toMatchObject({ productId: "11", source: "url" });
  });
  it("prefers the current choice over the URL one", () => {
    expect(selectSwatch(configurable, { color: "white" }, { color: "black" }).productId).toBe("12");
  });
  it("falls back to the default simple product when the choice is no longer an option", () => {
    expect(selectSwatch(configurable, { color: "purple" }, { color: "green" })).toEqual({ productId: "12", choice: { color: "white" }, source: "default" });
    expect(selectSwatch(configurable).source).toBe("default");
  });
  it("falls back to the first option's product without a usable default", () => {
    expect(selectSwatch({ ...configurable, configurable_default_simple_id: null })).toEqual({ productId: "11", choice: { color: "black" }, source: "first" });
    expect(selectSwatch({ ...configurable, configurable_default_simple_id: "999" }).productId).toBe("11");
  });
  it("uses the attribute with the lowest ordinal as the first one", () => {
    const sized: SwatchProduct = {
      attributes: [
        { attribute_id: "9", code: "size", label: "Size", ordinal: 2, options: [
          { option_id: "s", value: "s", label: "S", swatch: null, products: ["21", "23"] },
          { option_id: "l", value: "l", label: "L", swatch: null, products: ["22", "24"] },
        ] },
        { attribute_id: "3", code: "color", label: "Color", ordinal: 1, options: [
          { option_id: "r", value: "red", label: "Red", swatch: null, products: ["21", "22"] },
          { option_id: "b", value: "blue", label: "Blue", swatch: null, products: ["23", "24"] },
        ] },
      ],
      simple_products: [child("21", "red", "s"), child("22", "red", "l"), child("23", "blue", "s"), child("24", "blue", "l")],
      configurable_default_simple_id: "21",
    };
    expect(selectSwatch(sized, { color: "blue", size: "l" })).toMatchObject({ productId: "24", choice: { color: "blue", size: "l" } });
    // a size that does not exist: the colour is kept, the size becomes the child's own
    expect(selectSwatch(sized, { color: "blue", size: "xl" })).toMatchObject({ productId: "23", choice: { color: "blue", size: "s" } });
    expect(queryForChoice(sized, { size: "l", color: "blue" })).toBe("color=blue&size=l");
  });
  it("has nothing to select without children", () => {
    expect(selectSwatch({ attributes: [], simple_products: [], configurable_default_simple_id: null }).source).toBe("none");
  });
});

describe("stock status for structured data (spec 002 §4)", () => {
  it("is in stock when add-to-cart is displayed and there are no inventory entries", () => {
    expect(isInStockForStructuredData({ display_add_to_cart: true, inventory: [] })).toBe(true);
    expect(isInStockForStructuredData({ display_add_to_cart: true })).toBe(true);
    expect(isInStockForStructuredData({ display_add_to_cart: false, inventory: [] })).toBe(false);
  });
  it("is in stock when any entry has a quantity above 0, whatever add-to-cart says", () => {
    expect(isInStockForStructuredData({ display_add_to_cart: false, inventory: [{ qty: 0 }, { qty: 2 }] })).toBe(true);
    expect(isInStockForStructuredData({ display_add_to_cart: true, inventory: [{ qty: 0 }, { qty: 0 }] })).toBe(false);
  });
  it("maps to schema.org availability", () => {
    expect(schemaAvailability({ display_add_to_cart: true })).toBe(SCHEMA_IN_STOCK);
    expect(schemaAvailability({ display_add_to_cart: true, inventory: [{ qty: 0 }] })).toBe(SCHEMA_OUT_OF_STOCK);
  });
});

describe("dates (spec 000 §9, 002 §2)", () => {
  it("a date without a time part is midnight of that day in Los Angeles: the spec's 7 hours in summer, 8 in winter", () => {
    expect(hasNoTimePart("2026-07-04")).toBe(true);
    expect(hasNoTimePart("2026-07-04T00:00:00.000Z")).toBe(true);
    expect(hasNoTimePart("2026-07-04T15:30:00.000Z")).toBe(false);
    expect(displayInstant("2026-07-04")?.toISOString()).toBe("2026-07-04T07:00:00.000Z");
    expect(displayInstant("2026-07-04T00:00:00.000Z")?.toISOString()).toBe("2026-07-04T07:00:00.000Z");
    expect(displayInstant("2026-12-02")?.toISOString()).toBe("2026-12-02T08:00:00.000Z");
    expect(displayInstant("2026-12-02T00:00:00.000Z")?.toISOString()).toBe("2026-12-02T08:00:00.000Z");
    expect(displayInstant("2026-07-04T15:30:00.000Z")?.toISOString()).toBe("2026-07-04T15:30:00.000Z");
  });
  it("shows sale dates as day and short month, the day entered in every season", () => {
    // summer (PDT, UTC-7) and winter (PST, UTC-8)
    expect(formatDayMonth("2026-07-04")).toBe("Jul 4");
    expect(formatDayMonth("2026-07-04T00:00:00.000Z")).toBe("Jul 4");
    expect(formatDayMonth("2026-12-02T00:00:00.000Z")).toBe("Dec 2");
    expect(formatDayMonth("2027-01-15")).toBe("Jan 15");
    // the days Los Angeles changes its clocks
    expect(formatDayMonth("2026-03-08T00:00:00.000Z")).toBe("Mar 8");
    expect(formatDayMonth("2026-11-01T00:00:00.000Z")).toBe("Nov 1");
    // a timed value is shown as it falls in Los Angeles: 03:00 UTC on the 5th is the 4th there
    expect(formatDayMonth("2026-07-05T03:00:00Z")).toBe("Jul 4");
    expect(formatLongDate("2026-07-04")).toBe("July 4, 2026");
    // the rebate of the defect report: valid 2026-11-13 to 2026-12-28 showed "November 12 – December 27"
    expect(formatLongDate("2026-11-13T00:00:00.000Z")).toBe("November 13, 2026");
    expect(formatLongDate("2026-12-28T00:00:00.000Z")).toBe("December 28, 2026");
  });
  it("shows nothing for missing or unreadable dates", () => {
    expect(formatDayMonth(null)).toBe("");
    expect(formatDayMonth("not a date")).toBe("");
  });
});

describe("a variant's sale end (spec 002 §2)", () => {
  const listed = (prices: Record<string, unknown>) => ({
    entity_id: "7", sku: "S-7", in_stock: true, qty: 1, image_url: { normal: "" },
    prices: { on_sale: true, special_to_date: "2026-12-02T00:00:00.000Z", ...prices },
  }) as unknown as ProductListItem;
  it("is written with the variant's view: day and short month, and the instant it ends (midnight in Los Angeles)", () => {
    expect(previewOf(listed({})).sale_ends).toEqual({ text: "Dec 2", iso: "2026-12-02T08:00:00.000Z" });
    expect(previewOf(listed({ special_to_date: "2026-07-04" })).sale_ends).toEqual({ text: "Jul 4", iso: "2026-07-04T07:00:00.000Z" });
  });
  it("is null when the product is not on sale or the sale has no end", () => {
    expect(previewOf(listed({ on_sale: false })).sale_ends).toBeNull();
    expect(previewOf(listed({ special_to_date: null })).sale_ends).toBeNull();
  });
});

describe("dimensions (spec 002 §2)", () => {
  const dims = { height: 70.4, width: 36, depth: 33.1, weight: null };
  it("are inches, h x w x d", () => {
    expect(dimensionsLine(dims)).toBe("70.4 in. H x 36 in. W x 33.1 in. D");
    expect(dimensionRows(dims, "en_US")).toEqual([
      { label: "Height", value: "70.4 in." }, { label: "Width", value: "36 in." }, { label: "Depth", value: "33.1 in." },
    ]);
  });
  it("have French Canadian labels for fr_CA", () => {
    expect(dimensionLabels("fr_CA").height).toBe("Hauteur");
    expect(dimensionLabels("fr-CA").depth).toBe("Profondeur");
    expect(dimensionLabels("fr").height).toBe("Height");
    expect(dimensionsLine(dims, "fr_CA")).toBe("70,4 po H x 36 po L x 33,1 po P");
    expect(dimensionRows(dims, "fr_CA").map((r) => r.label)).toEqual(["Hauteur", "Largeur", "Profondeur"]);
  });
  it("leave unknown measures out", () => {
    expect(dimensionsLine({ height: null, width: 10, depth: null })).toBe("10 in. W");
    expect(dimensionsLine({ height: null, width: null, depth: null })).toBe("");
  });
});

describe("flags (spec 002 §2)", () => {
  const flag = (position: number, text = `F${position}`, visible = true) => ({ position, text, visible, color: "#123456" });
  it("puts position 1 in the corner, 2 to 6 as price flags with placeholders, 7 and 8 as special", () => {
    const arranged = arrangeFlags([flag(8), flag(3), flag(1), flag(6), flag(7)]);
    expect(arranged.corner?.text).toBe("F1");
    expect(arranged.price.map((s) => [s.position, s.flag?.text ?? null])).toEqual([[2, null], [3, "F3"], [4, null], [5, null], [6, "F6"]]);
    expect(arranged.special.map((f) => f.text)).toEqual(["F7", "F8"]);
  });
  it("leaves out invisible flags and needs no placeholders without price flags", () => {
    const arranged = arrangeFlags([flag(2, "x", false), flag(1)]);
    expect(arranged.price).toEqual([]);
    expect(arranged.corner?.text).toBe("F1");
  });
});

describe("breadcrumb (spec 002 §2)", () => {
  const cat = (id: string, parent: string, level: number, assigned = true) => ({ entity_id: id, parent_id: parent, name: `C${id}`, url_key: `c${id}`, level, assigned });
  it("shows up to 4 ancestors with a level under 5, top down", () => {
    const chain = breadcrumbCategories([cat("3", "2", 2), cat("4", "3", 3), cat("6", "4", 4)]);
    expect(chain.map((c) => c.entity_id)).toEqual(["3", "4", "6"]);
    const deep = breadcrumbCategories([cat("3", "2", 2, false), cat("4", "3", 3, false), cat("5", "4", 4, false), cat("7", "5", 5)]);
    expect(deep.map((c) => c.entity_id)).toEqual(["3", "4", "5"]);
  });
});
