import { describe, expect, it } from "vitest";
import type { ProductPrices } from "@store/contract";
import { bundleOptionBody, bundlePrices, defaultBundlePicks, preselectedAddOns, type BundleOption } from "./purchase";

const prices = { poa: false, final_price_without_tax: 10, final_price_without_tax_formatted: "$10.00" };
const selection = (id: string, position: number, isDefault = false) => ({
  selection_id: id, qty: 1, is_default: isDefault, position, product: { name: `Item ${id}`, prices },
});
const option = (id: string, required: boolean, selections: BundleOption["selections"]): BundleOption => ({
  option_id: id, title: `Option ${id}`, required, position: Number(id), selections,
});

describe("bundle default selections", () => {
  it("starts with each option's default selections chosen", () => {
    const picks = defaultBundlePicks([
      option("1", true, [selection("a", 1), selection("b", 2, true)]),
      option("2", false, [selection("c", 1, true), selection("d", 2), selection("e", 3, true)]),
    ]);
    expect(picks).toEqual({ 1: ["b"], 2: ["c", "e"] });
  });

  it("keeps a single choice to one default", () => {
    expect(defaultBundlePicks([option("1", true, [selection("a", 1, true), selection("b", 2, true)])])).toEqual({ 1: ["a"] });
  });

  it("falls back to the first selection of a required option without a default; an optional one starts empty", () => {
    const picks = defaultBundlePicks([
      option("1", true, [selection("late", 2), selection("early", 1)]),
      option("2", false, [selection("x", 1)]),
    ]);
    expect(picks).toEqual({ 1: ["early"], 2: [] });
  });
});

describe("add-ons (spec 002 §4)", () => {
  it("selects the pre-selected cross-sells", () => {
    expect(preselectedAddOns([
      { entity_id: "7", pre_selected_add_on: true },
      { entity_id: "8", pre_selected_add_on: false },
      { entity_id: "9", pre_selected_add_on: true },
    ])).toEqual(["7", "9"]);
    expect(preselectedAddOns([])).toEqual([]);
  });
});

describe("a package's price follows its picks (the 4-piece kitchen package defect)", () => {
  const piece = (id: string, price: number, isDefault: boolean, qty = 1) => ({
    selection_id: id, qty, is_default: isDefault, position: Number(id), product: { name: `Piece ${id}`, prices: { poa: false, final_price_without_tax: price, final_price_without_tax_formatted: "" } },
  });
  // fridge $2,000 or $2,500, range $1,000, microwave $400 (optional): $3,400 of pieces, $3,060 as a package
  const options = [
    option("1", true, [piece("1", 2000, true), piece("2", 2500, false)]),
    option("2", true, [piece("3", 1000, true)]),
    option("3", false, [piece("4", 400, true)]),
  ];
  const own: ProductPrices = {
    regular_price_without_tax: 3400, final_price_without_tax: 3060, regular_price_without_tax_formatted: "$3,400.00", final_price_without_tax_formatted: "$3,060.00",
    discount: { amount: 340, formatted: "$340.00", percent: 10 }, on_sale: true, msrp_enabled: false, msrp: null,
    display_price: { amount: 3060, formatted: "$3,060.00" }, poa: false, display_add_to_cart: true, special_from_date: null, special_to_date: null,
  };

  it("is the package's own price for the default picks", () => {
    expect(bundlePrices(own, options, defaultBundlePicks(options), "USD")).toBe(own);
  });

  it("drops the share of an optional piece left out, keeping the package discount", () => {
    const p = bundlePrices(own, options, { 1: ["1"], 2: ["3"], 3: [] }, "USD");
    expect(p.display_price).toEqual({ amount: 2700, formatted: "$2,700.00" });
    expect(p.final_price_without_tax_formatted).toBe("$2,700.00");
    expect(p.regular_price_without_tax_formatted).toBe("$3,000.00");
    expect(p.discount).toEqual({ amount: 300, formatted: "$300.00", percent: 10 });
  });

  it("follows another piece chosen", () => {
    expect(bundlePrices(own, options, { 1: ["2"], 2: ["3"], 3: ["4"] }, "USD").display_price).toEqual({ amount: 3510, formatted: "$3,510.00" });
  });

  it("sends the cart every option: a required one's piece, an optional one's list, empty when left out", () => {
    expect(bundleOptionBody(options, { 1: ["2"], 2: ["3"], 3: [] })).toEqual({ 1: 2, 2: 3, 3: [] });
    expect(bundleOptionBody(options, { 1: ["1"], 2: ["3"], 3: ["4"] })).toEqual({ 1: 1, 2: 3, 3: [4] });
  });
});
