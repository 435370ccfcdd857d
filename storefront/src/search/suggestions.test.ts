import { describe, expect, it } from "vitest";
import { suggestionGroups } from "./suggestions";

describe("search suggestions", () => {
  it("keeps the top 5 categories by product count and 4 products", () => {
    const categories = [3, 9, 1, 7, 5, 8].map((n) => ({ entity_id: String(n), name: `C${n}`, url_key: `c${n}`, product_count: n }));
    const products = [1, 2, 3, 4, 5].map((n) => ({ entity_id: String(n), sku: `S${n}`, name: `P${n}`, url_key: `p-${n}`, image_url: "", price: { amount: n, formatted: `$${n}` } }));
    const groups = suggestionGroups({ searches: [{ query: "french door", count: 3 }], categories, products });
    expect(groups.categories.map((c) => c.label)).toEqual(["C9", "C8", "C7", "C5", "C3"]);
    expect(groups.products.map((p) => p.href)).toEqual(["/product/p-1", "/product/p-2", "/product/p-3", "/product/p-4"]);
    expect(groups.searches[0].href).toBe("/search/french%20door");
  });
});
