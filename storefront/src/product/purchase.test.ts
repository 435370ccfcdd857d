import { describe, expect, it } from "vitest";
import { defaultBundlePicks, preselectedAddOns, type BundleOption } from "./purchase";

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
