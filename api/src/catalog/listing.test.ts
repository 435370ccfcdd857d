import { describe, expect, it } from "vitest";
import type { CatalogModel } from "./index-model";
import { structuredData } from "./listing";

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

  it("is the schema.org ItemList (and breadcrumbs) as JSON, safe inside a script element", () => {
    const cases: Array<Parameters<typeof reference>> = [
      [model, "https://shop.example/", "Search results for <fridge>", [], [0, 1, 2, 3], 0, 4],
      [model, "https://shop.example", "Refrigerators", [{ name: "Home", path: "/" }, { name: "Kitchen \"&\" <Laundry>", path: "/catalog/kitchen" }], [3, 1], 24, 250],
      [model, "https://shop.example//", "Empty", [], [], 0, 0],
    ];
    for (const args of cases) {
      const written = structuredData(...args);
      expect(written).toBe(reference(...args));
      expect(written).not.toContain("<");
      expect(JSON.parse(written)["@graph"].at(-1).itemListElement).toHaveLength(args[4].length);
    }
  });
});
