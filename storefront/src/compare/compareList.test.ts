import { describe, expect, it } from "vitest";
import { addToCompare, COMPARE_MAX, isCompareFull, parseCompareList, removeFromCompare } from "./compareList";

describe("compare list (spec 002 §4, §5, §9)", () => {
  it("holds at most 4 products and is full at 4", () => {
    expect(COMPARE_MAX).toBe(4);
    let ids: string[] = [];
    for (const id of ["1", "2", "3"]) ids = addToCompare(ids, id);
    expect(isCompareFull(ids)).toBe(false);
    ids = addToCompare(ids, "4");
    expect(isCompareFull(ids)).toBe(true);
    expect(addToCompare(ids, "5")).toEqual(["1", "2", "3", "4"]);
  });
  it("does nothing when added without a product id, or twice", () => {
    expect(addToCompare(["1"], undefined)).toEqual(["1"]);
    expect(addToCompare(["1"], "")).toEqual(["1"]);
    expect(addToCompare(["1"], "1")).toEqual(["1"]);
  });
  it("removes one product", () => {
    expect(removeFromCompare(["1", "2"], "1")).toEqual(["2"]);
  });
  it("reads a stored list defensively", () => {
    expect(parseCompareList('["1",2,"1",null,"3","4","5"]')).toEqual(["1", "2", "3", "4"]);
    expect(parseCompareList("{bad")).toEqual([]);
    expect(parseCompareList(null)).toEqual([]);
  });
});

describe("compare table rows", () => {
  it("are the union of the products' attributes, one row per label", async () => {
    const { compareRows } = await import("./rows");
    const product = (id: string, groups: Array<[string, Array<[string, string, string]>]>) => ({
      entity_id: id, manufacturer: `B${id}`, model_number: `M${id}`, sku: `S${id}`, reviews_rating: 4, reviews_count: id === "1" ? 2 : 0,
      simple_attributes: groups.map(([group, attrs]) => ({ group, attributes: attrs.map(([code, label, value]) => ({ code, label, value })) })),
    });
    const rows = compareRows([
      product("1", [["Overview", [["brand", "Brand", "B1"], ["color", "Color", "White"]]], ["Specs", [["capacity", "Capacity", "7 cu. ft."]]]]),
      product("2", [["Appearance", [["colour", "Color", "Black"]]], ["Specs", [["noise", "Noise", "40 dB"]]]]),
    ]);
    const byLabel = Object.fromEntries(rows.filter((r) => !r.group).map((r) => [r.label, r.values]));
    expect(byLabel.Color).toEqual({ 1: "White", 2: "Black" });
    expect(byLabel.Capacity).toEqual({ 1: "7 cu. ft." });
    expect(byLabel.Noise).toEqual({ 2: "40 dB" });
    expect(byLabel.Brand).toEqual({ 1: "B1", 2: "B2" });
    expect(rows.filter((r) => r.label === "Brand")).toHaveLength(1);
    expect(rows.filter((r) => r.group).map((r) => r.label)).toEqual(["Overview", "Specs"]);
  });
});
