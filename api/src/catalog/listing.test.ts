import { describe, expect, it } from "vitest";
import type { CatalogModel } from "./index-model";
import { answerJson, RawJson, structuredData } from "./listing";

/** What structuredData wrote when it built the schema.org objects and serialised them. */
function reference(model: CatalogModel, baseUrl: string, listName: string, crumbs: Array<{ name: string; path: string }>, page: number[], offset: number, total: number) {
  const base = baseUrl.replace(/\/+$/, "");
  const graph: Array<Record<string, unknown>> = [];
  if (crumbs.length > 0) {
    graph.push({ "@type": "BreadcrumbList", itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.name, item: `${base}${c.path}` })) });
  }
  graph.push({
    "@type": "ItemList", name: listName, numberOfItems: total,
    itemListElement: page.map((p, i) => ({ "@type": "ListItem", position: offset + i + 1, name: model.names[p], url: `${base}/product/${model.urlKeys[p]}` })),
  });
  return JSON.stringify({ "@context": "https://schema.org", "@graph": graph }).replace(/</g, "\\u003c");
}

describe("structured data of a listing", () => {
  const model = {
    names: ['Frostline 36" French Door Refrigerator', "Caf\u00e9 <b>Range</b> & Hood", "Back\\slash \u2028 line", "Plain"],
    urlKeys: ["frostline-36-french-door", "cafe-range", "back-slash", "plain"],
  } as unknown as CatalogModel;

  it("is the schema.org ItemList (and breadcrumbs) as JSON, safe inside a script element, written as the JSON string the answer holds", () => {
    const cases: Array<Parameters<typeof reference>> = [
      [model, "https://shop.example/", "Search results for <fridge>", [], [0, 1, 2, 3], 0, 4],
      [model, "https://shop.example", "Refrigerators", [{ name: "Home", path: "/" }, { name: "Kitchen \"&\" <Laundry>", path: "/catalog/kitchen" }], [3, 1], 24, 250],
      [model, "https://shop.example//", "Empty", [], [], 0, 0],
    ];
    for (const args of cases) {
      const raw = structuredData(...args).json;
      expect(raw).toBe(JSON.stringify(reference(...args)));
      const written = JSON.parse(raw) as string;
      expect(written).not.toContain("<");
      expect(JSON.parse(written)["@graph"].at(-1).itemListElement).toHaveLength(args[4].length);
    }
  });

  it("splices into an answer as the same bytes JSON.stringify writes for the answer with the string in it", () => {
    const args: Parameters<typeof reference> = [model, "https://shop.example/", "Search results for <fridge>", [], [0, 1, 2, 3], 0, 4];
    const head = { term: "<fridge>", page: 1, skipped: undefined, structured_data: structuredData(...args), sort_options: new RawJson('[{"code":"name"}]'), zero_results: null };
    const expected = { term: "<fridge>", page: 1, structured_data: reference(...args), sort_options: [{ code: "name" }], zero_results: null };
    expect(answerJson(head, "[]", ['{"sku":"A"}'])).toBe(JSON.stringify({ ...expected, filters: [], products: [{ sku: "A" }] }));
    expect(answerJson(head, null, null)).toBe(JSON.stringify(expected));
    expect(answerJson({}, null, ['{"sku":"A"}'])).toBe('{"products":[{"sku":"A"}]}');
  });
});
