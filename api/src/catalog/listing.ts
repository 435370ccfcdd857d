import type { SiteConfig, SortOption } from "@store/contract";
import { badRequest } from "../http/errors";
import {
  CATEGORY_FACET, PRICE_FACET, type CatalogModel, type Dir, type FilterGroup, type ListingOutcome, type SortCode,
} from "./index-model";
import type { ListingParams, RawFilter } from "./query";

/**
 * A value already written as JSON, spliced into an answer as it is. Answers are mostly pre-built
 * JSON; serialising it again (a string inside JSON escaped anew, a long rope flattened to be
 * scanned) cost more than building the answer.
 */
export class RawJson {
  constructor(readonly json: string) {}
}

/** What catalogue, special-catalogue and search answers share: filters, sort, paging, structured data. */

export const NO_MATCHES = "No products match the selected filters.";

/** A Map, not an object: `order` comes from the shopper, and `__proto__` or `toString` must not be found. */
const SORTS = new Map<string, { code: SortCode; dir: Dir }>([
  ["position", { code: "position", dir: "asc" }],
  ["relevance", { code: "relevance", dir: "desc" }],
  ["name", { code: "name", dir: "asc" }],
  ["price", { code: "price", dir: "asc" }],
  ["top_rated", { code: "top_rated", dir: "desc" }],
  ["rating", { code: "top_rated", dir: "desc" }],
  ["newest", { code: "newest", dir: "desc" }],
]);

const COMMON_SORT_OPTIONS: SortOption[] = [
  { code: "price", dir: "asc", name: "Price: Low to High" },
  { code: "price", dir: "desc", name: "Price: High to Low" },
  { code: "name", dir: "asc", name: "Name: A to Z" },
  { code: "name", dir: "desc", name: "Name: Z to A" },
  { code: "top_rated", dir: "desc", name: "Top Rated" },
  { code: "newest", dir: "desc", name: "Newest" },
];
export const CATALOG_SORT_OPTIONS: SortOption[] = [{ code: "position", dir: "asc", name: "Featured" }, ...COMMON_SORT_OPTIONS];
export const SEARCH_SORT_OPTIONS: SortOption[] = [{ code: "relevance", dir: "desc", name: "Relevance" }, ...COMMON_SORT_OPTIONS];

/** Sort code and direction from the query, else from the listing's default. */
export function resolveSort(params: ListingParams, fallback: string, search: boolean): { code: SortCode; dir: Dir } {
  const asked = params.order;
  let code = asked ?? fallback;
  if (search && code === "position") code = "relevance";
  if (!search && code === "relevance") {
    if (asked) throw badRequest("Sort order 'relevance' applies to search results only.");
    code = "position";
  }
  let sort = SORTS.get(code);
  if (!sort) {
    if (asked) throw badRequest(`Unknown sort order '${asked.slice(0, 50)}'. Use one of: ${[...SORTS.keys()].filter((s) => search || s !== "relevance").join(", ")}.`);
    sort = SORTS.get(search ? "relevance" : "position")!;
  }
  return { code: sort.code, dir: params.dir ?? sort.dir };
}

/** Filters from the query resolved against the model; an unknown attribute is a 400. */
export function resolveFilters(model: CatalogModel, filters: RawFilter[], options: { exclude?: string } = {}): FilterGroup[] {
  const groups: FilterGroup[] = [];
  for (const f of filters) {
    const at = `filter[${f.index}]`;
    if (f.attribute === PRICE_FACET) {
      if (f.in) throw badRequest(`${at}: the price filter takes from and to, not in.`);
      groups.push({
        kind: "price",
        from: f.from === undefined ? 0 : Math.round(f.from * 100),
        to: f.to === undefined ? 2_147_483_647 : Math.round(f.to * 100),
        fromDollars: f.from ?? null,
        toDollars: f.to ?? null,
      });
      continue;
    }
    if (f.attribute === CATEGORY_FACET) {
      if (!f.in) throw badRequest(`${at}: the category filter takes a list of categories (in), not a range.`);
      const selected = new Set<number>();
      for (const value of f.in) {
        const c = /^\d+$/.test(value) ? model.categoryById.get(Number(value)) : model.categoryByKey.get(value);
        if (c !== undefined) selected.add(c);
      }
      groups.push({ kind: "category", values: f.in, selected, bits: model.bitsOf([...selected].map((c) => model.categoryMembers[c])) });
      continue;
    }
    const attr = model.attributeByCode.get(f.attribute);
    if (!attr || !attr.filterable || f.attribute === options.exclude) throw badRequest(`Unknown filter attribute '${f.attribute}'.`);
    if (!f.in) throw badRequest(`${at}: the filter on '${attr.code}' takes a list of values (in), not a range.`);
    // a value no product has (or no longer has) matches nothing: the listing is empty, not an error
    const selected = new Set<number>();
    for (const value of f.in) {
      const o = attr.optionByValue.get(value);
      if (o !== undefined) selected.add(o);
    }
    groups.push({ kind: "options", attr, values: f.in, selected, bits: model.bitsOf([...selected].map((o) => model.optionMembers[o])) });
  }
  return groups;
}

/** Visibility values asked for, limited to those this kind of listing may show. */
export function resolveVisibility(params: ListingParams, allowed: readonly number[], what: string): number[] {
  if (!params.visibility) return [...allowed];
  const wrong = params.visibility.filter((v) => !allowed.includes(v));
  if (wrong.length > 0) throw badRequest(`visibility for ${what} may only be ${allowed.join(" or ")}.`);
  return params.visibility;
}

export function pageLimit(params: ListingParams, config: SiteConfig, fallback: number | null, max: number): number {
  if (params.limit !== undefined) return params.limit;
  const configured = fallback ?? (params.mode === "list" ? config.list_product_limit : config.grid_product_limit);
  return Math.min(Math.max(1, configured || 1), max);
}

/** The fields every listing answers about its result set (products are added as pre-built JSON). */
export function listingFields(
  model: CatalogModel,
  outcome: ListingOutcome,
  request: { page: number; limit: number; sort: { code: SortCode; dir: Dir }; defaultSort: string; sortOptions: SortOption[]; filtered: boolean },
) {
  return {
    product_count: outcome.total,
    page: request.page,
    limit: request.limit,
    page_count: Math.ceil(outcome.total / request.limit),
    default_sort_by: request.defaultSort,
    order: request.sort.code,
    dir: request.sort.dir,
    sort_options: sortOptionsJson(request.sortOptions),
    messages: outcome.total === 0 && request.filtered ? NO_MATCHES_MESSAGES : NO_MESSAGES,
  };
}

const NO_MESSAGES = new RawJson(JSON.stringify({ error: [], notice: [], success: [] }));
const NO_MATCHES_MESSAGES = new RawJson(JSON.stringify({ error: [], notice: [{ message: NO_MATCHES }], success: [] }));
const sortOptionsJsons = new WeakMap<SortOption[], RawJson>();
const sortOptionsJson = (options: SortOption[]) => {
  let json = sortOptionsJsons.get(options);
  if (json === undefined) sortOptionsJsons.set(options, (json = new RawJson(JSON.stringify(options))));
  return json;
};

/** Per model and product, made on first use: `,"name":…,"url":` and the url key's JSON, as they stand inside the JSON string. */
const itemPieces = new WeakMap<CatalogModel, { names: Array<string | undefined>; urlKeys: Array<string | undefined> }>();

/** A piece of the JSON-LD as it stands inside the answer's JSON string: safe in a <script> element, then escaped as a string. */
const inString = (json: string) => JSON.stringify(json.includes("<") ? json.replace(/</g, "\\u003c") : json).slice(1, -1);

/**
 * JSON-LD for the page: where it sits (BreadcrumbList) and what it lists (ItemList), as the JSON
 * string the answer's `structured_data` holds, written directly from pieces kept per product (the
 * same text JSON.stringify would write for the schema.org objects, made safe for a <script>
 * element, then stringified).
 */
export function structuredData(
  model: CatalogModel,
  baseUrl: string,
  listName: string,
  crumbs: Array<{ name: string; path: string }>,
  page: number[],
  offset: number,
  total: number,
): RawJson {
  const base = baseUrl.replace(/\/+$/, "");
  let json = inString('{"@context":"https://schema.org","@graph":[');
  if (crumbs.length > 0) {
    json += inString('{"@type":"BreadcrumbList","itemListElement":[');
    crumbs.forEach((c, i) => {
      json += inString(`${i > 0 ? "," : ""}{"@type":"ListItem","position":${i + 1},"name":${JSON.stringify(c.name)},"item":${JSON.stringify(`${base}${c.path}`)}}`);
    });
    json += inString("]},");
  }
  json += inString(`{"@type":"ItemList","name":${JSON.stringify(listName)},"numberOfItems":${total},"itemListElement":[`);
  const listItem = inString('{"@type":"ListItem","position":');
  const urlHead = inString(JSON.stringify(`${base}/product/`).slice(0, -1));
  let pieces = itemPieces.get(model);
  if (pieces === undefined) itemPieces.set(model, (pieces = { names: [], urlKeys: [] }));
  const { names, urlKeys } = pieces;
  for (let i = 0; i < page.length; i++) {
    const p = page[i];
    const name = (names[p] ??= inString(`,"name":${JSON.stringify(model.names[p])},"url":`));
    const urlKey = (urlKeys[p] ??= inString(`${JSON.stringify(model.urlKeys[p]).slice(1)}}`));
    json += `${i > 0 ? "," : ""}${listItem}${offset + i + 1}${name}${urlHead}${urlKey}`;
  }
  return new RawJson(`"${json}${inString("]}]}")}"`);
}

/** Serialises an answer: the head's fields (RawJson ones spliced), then the filters JSON and, when embedded, the pre-built product JSON. */
export function answerJson(head: Record<string, unknown>, filters: string | null, products: string[] | null): string {
  let json = "";
  for (const key in head) {
    const value = head[key];
    if (value === undefined) continue;
    json += `${json ? "," : "{"}${JSON.stringify(key)}:${value instanceof RawJson ? value.json : JSON.stringify(value)}`;
  }
  json ||= "{";
  if (filters !== null) json += `${json.length > 1 ? "," : ""}"filters":${filters}`;
  if (products !== null) {
    // concatenated, not joined: a join copies tens of kB that are copied again when the answer is sent
    json += `${json.length > 1 ? "," : ""}"products":[`;
    for (let i = 0; i < products.length; i++) json += i > 0 ? `,${products[i]}` : products[i];
    json += "]";
  }
  return `${json}}`;
}
