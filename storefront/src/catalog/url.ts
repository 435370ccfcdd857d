/**
 * Listing state in the URL (spec 002 §2). Pure functions only: the pages, the filter form and the
 * tests share them.
 *
 *   ?dir=asc&order=price&page=2&mode=list&limit=12&color=black|white&price=100-500
 *
 * Multi-value filters are joined with "|" in the URL and sent to the api as commas; a value written
 * from-to (digits, a dash, digits, decimals allowed) is a range, sent as filter[n][from]/[to].
 */

/** Query parameters that are listing controls, never attribute filters (spec 002 §2). */
export const CONTROL_PARAMS = [
  "dir", "order", "page", "display_mode", "visibility", "catalogKey", "attribute", "specialValue", "searchValue", "limit", "mode",
] as const;

/** Parameters that campaigns and analytics add to links; they are never attribute filters. */
const TRACKING_PARAM = /^(utm_[a-z_]+|gclid|gbraid|wbraid|fbclid|msclkid|dclid|yclid|mc_cid|mc_eid|_ga|_gl|ref|q)$/i;

/** Attributes whose values are ranges (the api takes from/to for them and `in` for every other). */
export const DEFAULT_RANGE_ATTRIBUTES: ReadonlySet<string> = new Set(["price"]);

export type DisplayMode = "grid" | "list";
export type SortDirection = "asc" | "desc";

export interface Range { from: number; to: number }

export interface FilterSelection {
  attribute: string;
  /** the values as written in the URL (pipe-separated there) */
  values: string[];
}

export interface ListingState {
  dir?: SortDirection;
  order?: string;
  /** 1 or more; absent means 1 */
  page: number;
  mode?: DisplayMode;
  limit?: number;
  filters: FilterSelection[];
}

export type SearchParamsInput = Record<string, string | string[] | undefined> | URLSearchParams;

const MAX_VALUE_LENGTH = 200;
const MAX_FILTERS = 20;
const ATTRIBUTE_NAME = /^[a-z][a-z0-9_]{0,63}$/i;
/** the bounds of a range typed into a plain form: {attribute}__from, {attribute}__to */
const RANGE_INPUT = /^([a-z][a-z0-9_]{0,63})__(from|to)$/i;
/** the upper bound of a range typed with only a lower bound */
const OPEN_RANGE_TOP = 99999999;

/** digits, a dash, digits; decimals allowed ("100-500", "0-999.99") */
const RANGE = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)$/;

/** A from-to value as a range, or null when the value is not written as one. */
export function parseRange(value: string): Range | null {
  const m = RANGE.exec(value.trim());
  if (!m) return null;
  const from = Number(m[1]);
  const to = Number(m[2]);
  return Number.isFinite(from) && Number.isFinite(to) ? { from, to } : null;
}

/** A range written the way the URL carries it ("100-500", "0-999.99"). */
export function formatRange(range: { from: number; to: number }): string {
  const n = (v: number) => String(Math.round(v * 100) / 100);
  return `${n(range.from)}-${n(range.to)}`;
}

/** URL form of several values: joined with a pipe. */
export const joinPipe = (values: readonly string[]) => values.join("|");
/** The values of a URL filter parameter (split on pipes, trimmed, empties and repeats dropped). */
export function splitPipe(value: string): string[] {
  return [...new Set(value.split("|").map((v) => v.trim()).filter((v) => v !== "" && v.length <= MAX_VALUE_LENGTH))];
}
/** Pipe-separated URL values as the api's comma list. */
export const pipeToComma = (value: string) => splitPipe(value).join(",");
/** The api's comma list as URL values joined with a pipe. */
export const commaToPipe = (value: string) => joinPipe(value.split(",").map((v) => v.trim()).filter(Boolean));

function entries(input: SearchParamsInput): [string, string][] {
  if (input instanceof URLSearchParams) return [...input.entries()];
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.push([key, v]);
  }
  return out;
}

function positiveInt(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,6}$/.test(value.trim())) return undefined;
  const n = Number(value);
  return n >= 1 ? n : undefined;
}

const isControl = (key: string) => (CONTROL_PARAMS as readonly string[]).includes(key);

/** The listing state a URL's query describes. Unusable values are dropped rather than failing the page. */
export function parseListingParams(input: SearchParamsInput): ListingState {
  const byKey = new Map<string, string[]>();
  for (const [key, value] of entries(input)) byKey.set(key, [...(byKey.get(key) ?? []), value]);
  const first = (key: string) => byKey.get(key)?.[0];

  const dir = first("dir")?.toLowerCase();
  const order = first("order")?.trim();
  const mode = first("mode")?.toLowerCase();
  const state: ListingState = {
    dir: dir === "asc" || dir === "desc" ? dir : undefined,
    order: order && /^[a-z_]{1,40}$/i.test(order) ? order : undefined,
    page: positiveInt(first("page")) ?? 1,
    mode: mode === "grid" || mode === "list" ? mode : undefined,
    limit: positiveInt(first("limit")),
    filters: [],
  };
  // a plain form's sort select: sort=code:dir
  const sort = first("sort")?.split(":");
  if (sort && sort.length === 2 && /^[a-z_]{1,40}$/i.test(sort[0]) && (sort[1] === "asc" || sort[1] === "desc")) {
    state.order = sort[0];
    state.dir = sort[1];
  }
  // a plain form's range inputs: price__from=100&price__to=500 (either bound may be empty)
  const rangeInputs = new Map<string, { from?: string; to?: string }>();
  for (const [key, values] of byKey) {
    const m = RANGE_INPUT.exec(key);
    const v = values[0]?.trim();
    if (!m || !v || !/^\d+(\.\d+)?$/.test(v)) continue;
    rangeInputs.set(m[1], { ...rangeInputs.get(m[1]), [m[2]]: v });
  }
  for (const [key, values] of byKey) {
    if (isControl(key) || key === "sort" || TRACKING_PARAM.test(key) || !ATTRIBUTE_NAME.test(key) || RANGE_INPUT.test(key)) continue;
    // repeated parameters (a plain form's checkboxes) and pipes both mean several values
    const all = [...new Set(values.flatMap(splitPipe))];
    if (all.length && state.filters.length < MAX_FILTERS) state.filters.push({ attribute: key, values: all });
  }
  for (const [attribute, bounds] of rangeInputs) {
    if (!ATTRIBUTE_NAME.test(attribute)) continue;
    let from = Number(bounds.from ?? 0);
    let to = Number(bounds.to ?? OPEN_RANGE_TOP);
    if (from > to) [from, to] = [to, from];
    const value = formatRange({ from, to });
    const existing = state.filters.find((f) => f.attribute === attribute);
    if (existing) existing.values = [value];
    else if (state.filters.length < MAX_FILTERS) state.filters.push({ attribute, values: [value] });
  }
  return state;
}

/**
 * Whether a query is not in its canonical form and the page should move to toQueryString of its
 * state: a page of 1 or less, repeated parameters or range inputs from a plain form, a form's sort.
 */
export function needsCanonicalRedirect(input: SearchParamsInput): boolean {
  const seen = new Set<string>();
  for (const [key, value] of entries(input)) {
    if (seen.has(key)) return true;
    seen.add(key);
    if (key === "sort" || RANGE_INPUT.test(key)) return true;
    if (key === "page" && !(positiveInt(value) !== undefined && Number(value) > 1 && String(Number(value)) === value.trim())) return true;
  }
  return false;
}

/** One range over several selected ranges (their lowest from and highest to). */
export function unionRange(values: readonly string[]): Range | null {
  const ranges = values.map(parseRange);
  if (ranges.length === 0 || ranges.some((r) => r === null)) return null;
  const rs = ranges as Range[];
  return { from: Math.min(...rs.map((r) => r.from)), to: Math.max(...rs.map((r) => r.to)) };
}

/**
 * The api query of a listing state: filter[n][attribute] with filter[n][in] (comma list), or with
 * filter[n][from] and filter[n][to] for a range attribute whose values are written as from-to.
 */
export function toApiParams(
  state: ListingState,
  options: { limit?: number; rangeAttributes?: ReadonlySet<string>; page?: number } = {},
): URLSearchParams {
  const ranges = options.rangeAttributes ?? DEFAULT_RANGE_ATTRIBUTES;
  const params = new URLSearchParams();
  const limit = options.limit ?? state.limit;
  if (limit) params.set("limit", String(limit));
  const page = options.page ?? state.page;
  if (page > 1) params.set("page", String(page));
  if (state.order) params.set("order", state.order);
  if (state.dir) params.set("dir", state.dir);
  let n = 0;
  for (const f of state.filters) {
    const range = ranges.has(f.attribute) ? unionRange(f.values) : null;
    if (ranges.has(f.attribute) && !range) continue; // a range attribute with a value not written from-to
    params.set(`filter[${n}][attribute]`, f.attribute);
    if (range) {
      params.set(`filter[${n}][from]`, String(range.from));
      params.set(`filter[${n}][to]`, String(range.to));
    } else {
      params.set(`filter[${n}][in]`, f.values.join(","));
    }
    n += 1;
  }
  return params;
}

/** The storefront query string of a listing state (leading "?" included, "" when nothing is set). */
export function toQueryString(state: ListingState): string {
  const params = new URLSearchParams();
  for (const f of state.filters) if (f.values.length) params.set(f.attribute, joinPipe(f.values));
  if (state.order) params.set("order", state.order);
  if (state.dir) params.set("dir", state.dir);
  if (state.mode) params.set("mode", state.mode);
  if (state.limit) params.set("limit", String(state.limit));
  // a page number of 1 or less removes the page parameter
  if (state.page > 1) params.set("page", String(Math.floor(state.page)));
  const s = params.toString().replace(/%7C/gi, "|");
  return s ? `?${s}` : "";
}

export const listingHref = (path: string, state: ListingState) => `${path}${toQueryString(state)}`;

/** A state with the page set; a page of 1 or less removes the parameter. */
export const withPage = (state: ListingState, page: number): ListingState => ({ ...state, page: page > 1 ? Math.floor(page) : 1 });

/** Page count: the ceiling of product_count divided by limit (at least 1 page, even when empty). */
export function pageCount(productCount: number, limit: number): number {
  if (!(limit > 0)) return 1;
  return Math.max(1, Math.ceil(Math.max(0, productCount) / limit));
}

/**
 * Where a requested page must move to: the last page when it is past the end (except in
 * endless-scroll mode), otherwise null (stay).
 */
export function pageRedirect(requested: number, productCount: number, limit: number, endless: boolean): number | null {
  if (endless) return null;
  const last = pageCount(productCount, limit);
  return requested > last ? last : null;
}

/** Toggle one value of an attribute filter; the page goes back to 1. */
export function toggleValue(state: ListingState, attribute: string, value: string): ListingState {
  const filters = state.filters.map((f) => ({ ...f, values: [...f.values] }));
  const existing = filters.find((f) => f.attribute === attribute);
  if (!existing) filters.push({ attribute, values: [value] });
  else if (existing.values.includes(value)) existing.values = existing.values.filter((v) => v !== value);
  else existing.values.push(value);
  return { ...state, page: 1, filters: filters.filter((f) => f.values.length > 0) };
}

/** Replace (or with null, remove) all values of one attribute; the page goes back to 1. */
export function setFilter(state: ListingState, attribute: string, values: string[] | null): ListingState {
  const rest = state.filters.filter((f) => f.attribute !== attribute);
  const next = values && values.length ? [...rest, { attribute, values }] : rest;
  // keep the attribute's place in the URL when it was already there
  const index = state.filters.findIndex((f) => f.attribute === attribute);
  if (index >= 0 && values && values.length) {
    next.pop();
    next.splice(index, 0, { attribute, values });
  }
  return { ...state, page: 1, filters: next };
}

export const clearFilters = (state: ListingState): ListingState => ({ ...state, page: 1, filters: [] });

export interface SortChoice { code: string; dir: SortDirection }

/** The index of the current sort among the options (the listing's answered order and dir). */
export function sortIndex(options: readonly SortChoice[], order: string, dir: string): number {
  const exact = options.findIndex((o) => o.code === order && o.dir === dir);
  return exact >= 0 ? exact : options.findIndex((o) => o.code === order);
}

/**
 * The state after choosing the sort option at `selected`, or null when the URL must not change
 * (the selected index is the current one, or does not exist).
 */
export function sortChange(state: ListingState, options: readonly SortChoice[], currentIndex: number, selected: number): ListingState | null {
  if (selected === currentIndex || selected < 0 || selected >= options.length) return null;
  const option = options[selected];
  return { ...state, order: option.code, dir: option.dir, page: 1 };
}

/** The display mode of a listing: the URL's, else the configured default ("grid-list" starts in grid). */
export function displayMode(state: ListingState, configured: string | null | undefined): DisplayMode {
  if (state.mode) return state.mode;
  return (configured ?? "").trim().toLowerCase().startsWith("list") ? "list" : "grid";
}

/** Whether the configured catalogue mode offers the other layout ("grid-list" and "list-grid" do). */
export function offersToggle(configured: string | null | undefined): boolean {
  const c = (configured ?? "grid-list").trim().toLowerCase();
  return c === "" || c.includes("-");
}

/** Page size: the URL's limit (1 to max), else the configured one for the mode. */
export function pageLimit(state: ListingState, mode: DisplayMode, config: { grid_product_limit: number; list_product_limit: number }, max = 100): number {
  if (state.limit && state.limit >= 1 && state.limit <= max) return state.limit;
  const configured = mode === "list" ? config.list_product_limit : config.grid_product_limit;
  return Math.min(max, Math.max(1, Math.floor(configured) || 24));
}

/** Whether a config flag is on ("1", 1, true, "true", "yes"). */
export function flagOn(flag: unknown): boolean {
  if (typeof flag === "boolean") return flag;
  if (typeof flag === "number") return flag === 1;
  if (typeof flag === "string") return ["1", "true", "yes"].includes(flag.trim().toLowerCase());
  return false;
}
