import { MAX_FILTERS } from "@store/contract";
import { badRequest } from "../http/errors";
import type { Dir } from "./index-model";

/**
 * Listing query strings, validated strictly: anything malformed is a 400 with a message saying
 * what is wrong, never a 500 and never silently ignored. Filters arrive as flat keys
 * (`filter[0][attribute]`, `filter[0][in]`, `filter[1][from]` …) and are regrouped here.
 * Keys this listing does not know (the storefront's own state such as catalogKey, cache
 * busters) are ignored.
 */

export interface RawFilter {
  index: number;
  attribute: string;
  in?: string[];
  /** dollars */
  from?: number;
  to?: number;
}

export interface ListingParams {
  embed: Set<string>;
  limit?: number;
  page: number;
  dir?: Dir;
  order?: string;
  visibility?: number[];
  displayMode?: string;
  mode?: "grid" | "list";
  filters: RawFilter[];
}

const FILTER_KEY = /^filter\[(\d{1,3})\]\[(attribute|in|from|to)\]$/;
const NUMBER = /^\d{1,9}(\.\d{1,4})?$/;
const WHOLE = /^\d{1,9}$/;
const ATTRIBUTE_CODE = /^[A-Za-z0-9_-]{1,100}$/;
const MAX_VALUES = 50;
const DISPLAY_MODES = ["PRODUCTS", "PAGE", "PRODUCTS_AND_PAGE"];

/** One value for a key: a key given twice arrives as an array and is refused. */
function single(query: Record<string, unknown>, key: string): string | undefined {
  const value = query[key];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw badRequest(`Query parameter ${key} may be given only once.`);
  return value;
}

export function commaList(value: string): string[] {
  return value.split(/[,|]/).map((v) => v.trim()).filter(Boolean);
}

export function parseListingParams(
  query: Record<string, unknown>,
  options: { embeds: readonly string[]; maxLimit: number },
): ListingParams {
  const params: ListingParams = { embed: new Set(), page: 1, filters: [] };

  const embed = single(query, "embed");
  if (embed !== undefined) {
    for (const part of commaList(embed)) {
      if (!options.embeds.includes(part)) throw badRequest(`Unknown embed '${part.slice(0, 50)}'. Allowed: ${options.embeds.join(", ")}.`);
      params.embed.add(part);
    }
  }

  const limit = single(query, "limit");
  if (limit !== undefined) {
    const n = WHOLE.test(limit) ? Number(limit) : NaN;
    if (!(n >= 1 && n <= options.maxLimit)) throw badRequest(`limit must be a whole number from 1 to ${options.maxLimit}.`);
    params.limit = n;
  }

  const page = single(query, "page");
  if (page !== undefined) {
    const n = WHOLE.test(page) ? Number(page) : NaN;
    if (!(n >= 1)) throw badRequest("page must be a whole number of 1 or more.");
    params.page = n;
  }

  const dir = single(query, "dir");
  if (dir !== undefined) {
    const d = dir.toLowerCase();
    if (d !== "asc" && d !== "desc") throw badRequest("dir must be asc or desc.");
    params.dir = d;
  }

  const order = single(query, "order");
  if (order !== undefined && order !== "") {
    if (order.length > 50) throw badRequest("order is too long.");
    params.order = order.toLowerCase();
  }

  const visibility = single(query, "visibility");
  if (visibility !== undefined && visibility !== "") {
    const values = commaList(visibility).map((v) => (/^\d$/.test(v) ? Number(v) : NaN));
    if (values.length === 0 || values.some((v) => !(v >= 1 && v <= 4))) throw badRequest("visibility must be a comma list of 1 to 4.");
    params.visibility = [...new Set(values)];
  }

  const displayMode = single(query, "display_mode");
  if (displayMode !== undefined && displayMode !== "") {
    const mode = displayMode.toUpperCase();
    if (!DISPLAY_MODES.includes(mode)) throw badRequest(`display_mode must be one of ${DISPLAY_MODES.join(", ")}.`);
    params.displayMode = mode;
  }

  const mode = single(query, "mode");
  if (mode !== undefined && mode !== "") {
    if (mode !== "grid" && mode !== "list") throw badRequest("mode must be grid or list.");
    params.mode = mode;
  }

  params.filters = parseFilters(query);
  return params;
}

function parseFilters(query: Record<string, unknown>): RawFilter[] {
  const parts = new Map<number, { attribute?: string; in?: string; from?: string; to?: string }>();
  for (const key of Object.keys(query)) {
    if (!key.startsWith("filter")) continue;
    const match = FILTER_KEY.exec(key);
    if (!match) throw badRequest(`Invalid filter parameter '${key.slice(0, 60)}'. Use filter[n][attribute] with filter[n][in], or filter[n][from] and filter[n][to].`);
    const index = Number(match[1]);
    if (index >= MAX_FILTERS || String(index) !== match[1]) throw badRequest(`Filter index ${match[1]} is out of range (0 to ${MAX_FILTERS - 1}).`);
    const value = single(query, key)!;
    const entry = parts.get(index) ?? {};
    entry[match[2] as "attribute" | "in" | "from" | "to"] = value;
    parts.set(index, entry);
  }

  const filters: RawFilter[] = [];
  const seen = new Set<string>();
  for (const [index, part] of [...parts.entries()].sort((a, b) => a[0] - b[0])) {
    const at = `filter[${index}]`;
    const attribute = part.attribute?.trim();
    if (!attribute) throw badRequest(`${at} needs an attribute.`);
    if (!ATTRIBUTE_CODE.test(attribute)) throw badRequest(`${at}[attribute] is not a valid attribute code.`);
    if (seen.has(attribute)) throw badRequest(`Filter on '${attribute}' is given more than once.`);
    seen.add(attribute);
    const hasRange = part.from !== undefined || part.to !== undefined;
    if (part.in !== undefined && hasRange) throw badRequest(`${at} takes either in, or from and to, not both.`);
    if (part.in === undefined && !hasRange) throw badRequest(`${at} needs in, or from and/or to.`);
    const filter: RawFilter = { index, attribute };
    if (part.in !== undefined) {
      const values = commaList(part.in);
      if (values.length === 0) throw badRequest(`${at}[in] needs at least one value.`);
      if (values.length > MAX_VALUES) throw badRequest(`${at}[in] has more than ${MAX_VALUES} values.`);
      if (values.some((v) => v.length > 100)) throw badRequest(`${at}[in] has a value longer than 100 characters.`);
      filter.in = [...new Set(values)];
    } else {
      for (const bound of ["from", "to"] as const) {
        const raw = part[bound]?.trim();
        if (raw === undefined || raw === "") continue;
        if (!NUMBER.test(raw)) throw badRequest(`${at}[${bound}] must be a number.`);
        filter[bound] = Number(raw);
      }
      if (filter.from === undefined && filter.to === undefined) throw badRequest(`${at} needs in, or from and/or to.`);
      if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
        throw badRequest(`${at}: from must not be greater than to.`);
      }
    }
    filters.push(filter);
  }
  return filters;
}
