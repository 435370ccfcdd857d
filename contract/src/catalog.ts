import { z } from "zod";
import { money, plainText } from "./common";
import { cmsBlock } from "./shell";
import { productImage, productListItem, productFlag, productPromotion } from "./product";

/**
 * Catalogue listing, special catalogues, search and suggestions (spec 002 §3, §7, §9).
 *
 * Filters travel in the query string in bracket form:
 *   filter[0][attribute]=color&filter[0][in]=black,white
 *   filter[1][attribute]=price&filter[1][from]=100&filter[1][to]=500   (dollars, both bounds inclusive)
 *   filter[2][attribute]=availability&filter[2][in]=in_stock            (products a shopper can buy now)
 * Values of one filter are alternatives (any of); different filters must all hold.
 */

export const DEFAULT_CATEGORY_KEY = "default-category";
/** Largest page a listing answers (spec §9: the posm fetch asks for 100). */
export const MAX_LISTING_LIMIT = 100;
/** Default page size of an attribute (special) catalogue (spec §9). */
export const SPECIAL_CATALOG_DEFAULT_LIMIT = 10;
/**
 * Default page size of a promotion programme's elements, GET /dynamic-category/promotion/{program_id}
 * without a limit (spec §9: promotion element default limit 100). The storefront's promotion
 * catalogue page sends the configured grid or list limit like every other listing.
 */
export const PROMOTION_ELEMENT_DEFAULT_LIMIT = 100;
/** Default and largest page size of point-of-sale marketing products (spec §9). */
export const POSM_LIMIT = 100;
/** Attribute whose option values name the point-of-sale marketing sets. */
export const POSM_ATTRIBUTE = "brandsource_point_of_sale_marketing";
/**
 * The availability facet every category, special catalogue and search answers: one value, in
 * stock (qty above 0, or a configurable with a child in stock), as tiles' in_stock says. Products
 * out of stock have no value: a shopper narrows to what can be bought, never to what cannot.
 */
export const AVAILABILITY_ATTRIBUTE = "availability";
export const IN_STOCK_VALUE = "in_stock";
/** Most filters one request may carry. */
export const MAX_FILTERS = 20;
/** Search suggestions (spec §9). */
export const SUGGESTED_PRODUCTS = 4;
export const SUGGESTED_CATEGORIES = 5;
export const SUGGESTED_SEARCHES = 5;
/** Search terms are trimmed and must then be 1..100 characters. */
export const MAX_SEARCH_TERM = 100;

export const sortDir = z.enum(["asc", "desc"]);
export type SortDir = z.infer<typeof sortDir>;

/** Sort codes a listing understands; `rating` is an alias of `top_rated`, `relevance` is search only. */
export const SORT_CODES = ["position", "name", "price", "top_rated", "rating", "newest", "relevance"] as const;

export const sortOption = z.object({ code: z.string(), dir: sortDir, name: z.string() });
export type SortOption = z.infer<typeof sortOption>;

export const filterValue = z.object({
  value: z.string(),
  display_name: z.string(),
  /** products under every other active filter that also have this value (disjunctive facets) */
  product_count: z.number().int(),
  swatch: z.string().optional(),
  selected: z.boolean(),
});
export type FilterValue = z.infer<typeof filterValue>;

export const catalogFilter = z.object({
  attribute: z.string(),
  label: z.string(),
  /** select | multiselect | boolean | price (a range) | category */
  type: z.string(),
  position: z.number().int(),
  values: z.array(filterValue),
  /** price filter only: lowest and highest price (dollars) under the other filters */
  range: z.object({ min: z.number(), max: z.number() }).optional(),
  /** price filter only: the range asked for */
  selected_range: z.object({ from: z.number().nullable(), to: z.number().nullable() }).optional(),
});
export type CatalogFilter = z.infer<typeof catalogFilter>;

/** Options a configurable product offers on its first swatch attribute. */
export const swatchSummary = z.object({
  attribute: z.string(),
  label: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string(), swatch: z.string().nullable(), product_id: z.string() })),
});
export type SwatchSummary = z.infer<typeof swatchSummary>;

/** A product as catalogue grids, special catalogues and search list it: the shared tile plus listing extras. */
export const catalogProduct = productListItem.extend({
  model_number: z.string(),
  visibility: z.number().int(),
  product_flags: z.array(productFlag),
  /** empty unless configurable */
  swatches: z.array(swatchSummary),
  /** an open-box item (of the product outlet_of) */
  is_outlet: z.boolean(),
  outlet_of: z.string().nullable(),
  /** open-box items available for this product, and the lowest of their prices */
  outlets_count: z.number().int(),
  outlets_min_price: money.nullable(),
  /** ids of the rebate programmes running for this product now */
  promotions: z.array(z.string()),
  /** point-of-sale marketing products with embed=images only */
  images: z.array(productImage).optional(),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;

const message = z.object({ message: z.string() });
export const listingMessages = z.object({ error: z.array(message), notice: z.array(message), success: z.array(message) });

/** What every listing (category, special catalogue, search) answers about its result set. */
const listingFields = {
  product_count: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  page_count: z.number().int(),
  default_sort_by: z.string(),
  order: z.string(),
  dir: sortDir,
  sort_options: z.array(sortOption),
  filters: z.array(catalogFilter),
  /** with embed=products */
  products: z.array(catalogProduct).optional(),
  messages: listingMessages,
  /** JSON-LD (BreadcrumbList and ItemList of this page) as a string */
  structured_data: z.string(),
};

export const breadcrumb = z.object({ entity_id: z.string(), name: z.string(), url_key: z.string(), level: z.number().int() });

export const categoryPage = z.object({
  entity_id: z.string(),
  parent_id: z.string(),
  level: z.number().int(),
  name: z.string(),
  url_key: z.string(),
  /** PRODUCTS | PAGE | PRODUCTS_AND_PAGE */
  display_mode: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  h1_title: z.string(),
  h2_title: z.string(),
  description: z.string(),
  bottom_description: z.string(),
  image_url: z.string(),
  redirect: z.string(),
  featured_filter: z.string(),
  /** ancestors below the root, top first */
  breadcrumbs: z.array(breadcrumb),
  /** with embed=blocks: the category's content blocks */
  blocks: z.array(cmsBlock).optional(),
  /** landing-page sections when the display mode includes PAGE, else null */
  landing: z.record(z.string(), z.unknown()).nullable(),
  ...listingFields,
});
export type CategoryPage = z.infer<typeof categoryPage>;

export const specialCatalog = z.object({
  attribute: z.string(),
  value: z.string(),
  /** the option's label, or the promotion's name */
  name: z.string(),
  blocks: z.array(cmsBlock).optional(),
  /** with embed=promotions on a promotion catalogue */
  promotions: z.array(productPromotion).optional(),
  ...listingFields,
});
export type SpecialCatalog = z.infer<typeof specialCatalog>;

export const posmProducts = z.object({
  attribute: z.string(),
  values: z.array(z.string()),
  product_count: z.number().int(),
  limit: z.number().int(),
  order: z.string(),
  dir: sortDir,
  products: z.array(catalogProduct),
});
export type PosmProducts = z.infer<typeof posmProducts>;

export const suggestedProduct = z.object({
  entity_id: z.string(),
  sku: z.string(),
  name: z.string(),
  url_key: z.string(),
  image_url: z.string(),
  price: money,
});
export const suggestedCategory = z.object({ entity_id: z.string(), name: z.string(), url_key: z.string(), product_count: z.number().int() });
export const suggestedSearch = z.object({ query: z.string(), count: z.number().int() });

/** The zero-results page: earlier searches to try, top categories, and products for its carousel. */
export const searchZeroResults = z.object({
  searches: z.array(suggestedSearch),
  categories: z.array(suggestedCategory),
  products: z.array(catalogProduct),
});
export type SearchZeroResults = z.infer<typeof searchZeroResults>;

export const searchResult = z.object({
  term: z.string(),
  /** a configured redirect for this term: go there; nothing else is answered */
  redirect: z.string().nullable(),
  /** true when a word the store does not know was replaced by the closest words it knows */
  fuzzy: z.boolean(),
  /** the term as searched after typo corrections ("Showing results for …"), or null when nothing was corrected */
  corrected_term: z.string().nullable(),
  ...listingFields,
  /** when no product matches the term at all: what to try instead (the search_zero_results page), else null */
  zero_results: searchZeroResults.nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

export const autocompleteResult = z.object({
  term: z.string(),
  searches: z.array(suggestedSearch),
  categories: z.array(suggestedCategory),
  products: z.array(suggestedProduct),
});
export type AutocompleteResult = z.infer<typeof autocompleteResult>;

export const logQueryRequest = z.object({
  query: plainText(MAX_SEARCH_TERM).trim().min(1),
  result_size: z.number().int().min(0).max(1_000_000),
});
export type LogQueryRequest = z.infer<typeof logQueryRequest>;
export const logQueryResponse = z.object({ history_id: z.string() });
