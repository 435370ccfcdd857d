import { describe, expect, it } from "vitest";
import { brandHref, byInitial } from "./data";

const brand = (name: string) => ({ name, url_key: name.toLowerCase(), logo_url: "", product_count: 1 });

describe("brands page", () => {
  it("groups brands under their initial, A to Z, with anything else under # at the end", () => {
    const groups = byInitial([brand("Ardent"), brand("3M"), brand("Bellhaven"), brand("aardvark"), brand("Électro")]);
    expect(groups.map((g) => [g.initial, g.brands.map((b) => b.name)])).toEqual([
      ["A", ["Ardent", "aardvark"]], ["B", ["Bellhaven"]], ["E", ["Électro"]], ["#", ["3M"]],
    ]);
    expect(byInitial([])).toEqual([]);
  });

  it("links a brand to its special catalogue, or to the catalogue filtered by it", () => {
    expect(brandHref("marlow-pierce")).toBe("/special/manufacturer/marlow-pierce");
    expect(brandHref("a&b", false)).toBe("/catalog?manufacturer=a%26b");
  });
});
