import { describe, expect, it } from "vitest";
import { LANDING_ITEMS, PRODUCT_ITEMS, dotLabel, itemsAt, setCount, wrapSet } from "./settings";

describe("carousel settings", () => {
  it("shows items per breakpoint (xs 0, sm 600, md 960, lg 1280, xl 1600)", () => {
    expect([0, 599, 600, 960, 1280, 1600].map((w) => itemsAt(w, PRODUCT_ITEMS))).toEqual([1, 1, 2, 2, 3, 4]);
    expect([390, 700, 1000, 1300, 1700].map((w) => itemsAt(w, LANDING_ITEMS))).toEqual([1, 2, 3, 4, 5]);
  });
  it("wraps around at both ends", () => {
    expect(wrapSet(2, 1, 3)).toBe(0);
    expect(wrapSet(0, -1, 3)).toBe(2);
    expect(setCount(18, 4)).toBe(5);
    expect(setCount(0, 4)).toBe(1);
    expect(dotLabel(2)).toBe("Show set 2 items");
  });
});
