import { describe, expect, it } from "vitest";
import {
  commaToPipe, displayMode, flagOn, listingHref, needsCanonicalRedirect, offersToggle, pageCount, pageLimit, pageRedirect,
  parseListingParams, parseRange, pipeToComma, setFilter, sortChange, sortIndex, splitPipe, toApiParams, toQueryString,
  toggleValue, unionRange, withPage, type ListingState,
} from "./url";

const state = (over: Partial<ListingState> = {}): ListingState => ({ page: 1, filters: [], ...over });

describe("pipe and comma conversion", () => {
  it("joins multi-values with a pipe in the URL and sends them as commas", () => {
    expect(pipeToComma("black|white")).toBe("black,white");
    expect(commaToPipe("black,white")).toBe("black|white");
    expect(splitPipe(" black || white|black ")).toEqual(["black", "white"]);
  });

  it("reads pipe values and repeated parameters as one filter each", () => {
    const s = parseListingParams(new URLSearchParams("color=black|white&manufacturer=frostline&manufacturer=kessler"));
    expect(s.filters).toEqual([
      { attribute: "color", values: ["black", "white"] },
      { attribute: "manufacturer", values: ["frostline", "kessler"] },
    ]);
  });

  it("writes the URL with pipes, one parameter per attribute", () => {
    const s = state({ filters: [{ attribute: "color", values: ["black", "white"] }], order: "price", dir: "asc" });
    expect(toQueryString(s)).toBe("?color=black|white&order=price&dir=asc");
    expect(parseListingParams(new URLSearchParams(toQueryString(s).slice(1)))).toEqual(s);
  });

  it("sends filters to the api as filter[n][attribute] with filter[n][in] as a comma list", () => {
    const q = toApiParams(state({ filters: [{ attribute: "color", values: ["black", "white"] }, { attribute: "manufacturer", values: ["frostline"] }] }), { limit: 24 });
    expect(q.get("filter[0][attribute]")).toBe("color");
    expect(q.get("filter[0][in]")).toBe("black,white");
    expect(q.get("filter[1][attribute]")).toBe("manufacturer");
    expect(q.get("filter[1][in]")).toBe("frostline");
    expect(q.get("limit")).toBe("24");
    expect(q.has("page")).toBe(false);
  });

  it("never takes control or tracking parameters for attribute filters", () => {
    const s = parseListingParams({ dir: "desc", order: "price", page: "3", mode: "list", limit: "12", utm_source: "mail", gclid: "x", display_mode: "PAGE", color: "red" });
    expect(s).toEqual({ dir: "desc", order: "price", page: 3, mode: "list", limit: 12, filters: [{ attribute: "color", values: ["red"] }] });
  });
});

describe("ranges", () => {
  it("recognises digits, a dash, digits, decimals allowed", () => {
    expect(parseRange("100-500")).toEqual({ from: 100, to: 500 });
    expect(parseRange("0-999.99")).toEqual({ from: 0, to: 999.99 });
    expect(parseRange("10.5-20.25")).toEqual({ from: 10.5, to: 20.25 });
  });

  it("does not take other values for ranges", () => {
    for (const v of ["100", "-500", "100-", "a-b", "100-500-600", "1e3-2e3", "100 - 500", "stainless-steel"]) expect(parseRange(v)).toBeNull();
  });

  it("sends a range attribute as filter[n][from] and filter[n][to]", () => {
    const q = toApiParams(state({ filters: [{ attribute: "price", values: ["100-500"] }] }));
    expect(q.get("filter[0][attribute]")).toBe("price");
    expect(q.get("filter[0][from]")).toBe("100");
    expect(q.get("filter[0][to]")).toBe("500");
    expect(q.has("filter[0][in]")).toBe(false);
  });

  it("keeps from-to values of list attributes as values (width 24-29 is an option, not a range)", () => {
    const q = toApiParams(state({ filters: [{ attribute: "width_range", values: ["24-29"] }] }));
    expect(q.get("filter[0][in]")).toBe("24-29");
  });

  it("merges several selected ranges into one and drops a range attribute whose value is no range", () => {
    expect(unionRange(["0-999.99", "2000-2999.99"])).toEqual({ from: 0, to: 2999.99 });
    const q = toApiParams(state({ filters: [{ attribute: "price", values: ["cheap"] }, { attribute: "color", values: ["red"] }] }));
    expect(q.get("filter[0][attribute]")).toBe("color");
    expect(q.has("filter[1][attribute]")).toBe(false);
  });

  it("turns a plain form's typed bounds into one from-to value", () => {
    expect(parseListingParams(new URLSearchParams("price__from=100&price__to=500")).filters).toEqual([{ attribute: "price", values: ["100-500"] }]);
    expect(parseListingParams(new URLSearchParams("price=0-999.99&price__from=50&price__to=")).filters).toEqual([{ attribute: "price", values: ["50-99999999"] }]);
    expect(parseListingParams(new URLSearchParams("price__from=600&price__to=200")).filters).toEqual([{ attribute: "price", values: ["200-600"] }]);
  });
});

describe("page rules", () => {
  it("a page of 1 or less removes the page parameter", () => {
    expect(toQueryString(withPage(state({ page: 3 }), 1))).toBe("");
    expect(toQueryString(withPage(state(), 0))).toBe("");
    expect(toQueryString(withPage(state(), -4))).toBe("");
    expect(toQueryString(withPage(state(), 2))).toBe("?page=2");
    expect(parseListingParams({ page: "0" }).page).toBe(1);
    expect(parseListingParams({ page: "abc" }).page).toBe(1);
  });

  it("page count is the ceiling of product_count divided by limit", () => {
    expect(pageCount(218, 24)).toBe(10);
    expect(pageCount(240, 24)).toBe(10);
    expect(pageCount(241, 24)).toBe(11);
    expect(pageCount(1, 24)).toBe(1);
    expect(pageCount(0, 24)).toBe(1);
  });

  it("a page past the end moves to the last page, except in endless-scroll mode", () => {
    expect(pageRedirect(12, 218, 24, false)).toBe(10);
    expect(pageRedirect(10, 218, 24, false)).toBeNull();
    expect(pageRedirect(12, 218, 24, true)).toBeNull();
    expect(pageRedirect(3, 0, 24, false)).toBe(1);
  });

  it("filter changes go back to page 1", () => {
    const s = state({ page: 4, filters: [{ attribute: "color", values: ["black"] }] });
    expect(toggleValue(s, "color", "white")).toEqual({ page: 1, filters: [{ attribute: "color", values: ["black", "white"] }] });
    expect(toggleValue(s, "color", "black")).toEqual({ page: 1, filters: [] });
    expect(setFilter(s, "price", ["100-500"]).filters).toEqual([{ attribute: "color", values: ["black"] }, { attribute: "price", values: ["100-500"] }]);
    expect(listingHref("/catalog/refrigerators", toggleValue(s, "color", "white"))).toBe("/catalog/refrigerators?color=black|white");
  });

  it("asks for a canonical redirect only for plain-form or page-1 queries", () => {
    expect(needsCanonicalRedirect(new URLSearchParams("color=black&color=white"))).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams("page=1"))).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams("price__from=1"))).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams("sort=price:asc"))).toBe(true);
    expect(needsCanonicalRedirect(new URLSearchParams("color=black|white&page=2&order=price&dir=asc"))).toBe(false);
  });
});

describe("sort change rule", () => {
  const options = [
    { code: "position", dir: "asc" as const },
    { code: "price", dir: "asc" as const },
    { code: "price", dir: "desc" as const },
  ];

  it("finds the current option by order and dir", () => {
    expect(sortIndex(options, "price", "desc")).toBe(2);
    expect(sortIndex(options, "position", "asc")).toBe(0);
    expect(sortIndex(options, "newest", "desc")).toBe(-1);
  });

  it("updates the URL only when the selected index differs from the current one", () => {
    const s = state({ page: 3, order: "price", dir: "asc" });
    expect(sortChange(s, options, 1, 1)).toBeNull();
    expect(sortChange(s, options, 1, 2)).toEqual({ page: 1, filters: [], order: "price", dir: "desc" });
    expect(sortChange(s, options, 1, 9)).toBeNull();
  });

  it("reads a plain form's sort select as order and dir", () => {
    const s = parseListingParams({ sort: "price:desc" });
    expect([s.order, s.dir]).toEqual(["price", "desc"]);
  });
});

describe("display mode and page size", () => {
  const config = { grid_product_limit: 24, list_product_limit: 12 };
  it("defaults to grid for grid-list and follows the URL's mode", () => {
    expect(displayMode(state(), "grid-list")).toBe("grid");
    expect(displayMode(state(), "list-grid")).toBe("list");
    expect(displayMode(state({ mode: "list" }), "grid-list")).toBe("list");
    expect(offersToggle("grid-list")).toBe(true);
    expect(offersToggle("grid")).toBe(false);
  });
  it("takes the configured limit of the mode unless the URL names one", () => {
    expect(pageLimit(state(), "grid", config)).toBe(24);
    expect(pageLimit(state(), "list", config)).toBe(12);
    expect(pageLimit(state({ limit: 48 }), "grid", config)).toBe(48);
    expect(pageLimit(state({ limit: 500 }), "grid", config)).toBe(24);
  });
  it("reads config flags", () => {
    expect([flagOn("1"), flagOn(1), flagOn(true), flagOn("0"), flagOn(false), flagOn(null)]).toEqual([true, true, true, false, false, false]);
  });
});
