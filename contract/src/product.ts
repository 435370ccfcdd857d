import { z } from "zod";
import { money, plainText } from "./common";
/** Kept here too for callers that import it beside the product schemas. */
export { plainText };
import { storeLocation } from "./locations";

/**
 * Product page data (spec 002 §3 Product, §7 GET /products/{id_or_key} and the calls hanging off
 * it). Amounts are dollars (`amount`) with a display string (`formatted`) in the store currency.
 * Ids are strings, as every other entity id of the api.
 */

/** What `embed` may name on GET /products/{id_or_key}; each adds its field only when asked. */
export const PRODUCT_EMBEDS = [
  "images", "promotions", "crosssells", "relateds", "upsells", "parentbundles", "assets", "outlets", "retailbanner",
] as const;
export type ProductEmbed = (typeof PRODUCT_EMBEDS)[number];

/** Visibility labels by stored code (1 to 4). */
export const VISIBILITY_LABELS = {
  1: "Not Visible Individually",
  2: "Catalog",
  3: "Search",
  4: "Catalog, Search",
} as const;

export const PRODUCT_NOT_FOUND = "Product not found.";

export const INVENTORY_CONFIGURABLE = "Inventory is not available for configurable products; choose an option first.";

export const productPrices = z.object({
  regular_price_without_tax: z.number(),
  final_price_without_tax: z.number(),
  regular_price_without_tax_formatted: z.string(),
  final_price_without_tax_formatted: z.string(),
  /** regular minus final, when the final price is lower; null otherwise */
  discount: z.object({ amount: z.number(), formatted: z.string(), percent: z.number().int() }).nullable(),
  on_sale: z.boolean(),
  msrp_enabled: z.boolean(),
  msrp: money.nullable(),
  /** the price the page shows (the final price); null when the price is on application (poa) */
  display_price: money.nullable(),
  poa: z.boolean(),
  display_add_to_cart: z.boolean(),
  /** ISO timestamps of the special-price window, null when open-ended */
  special_from_date: z.string().nullable(),
  special_to_date: z.string().nullable(),
});
export type ProductPrices = z.infer<typeof productPrices>;

export const imageUrl = z.object({ normal: z.string(), small: z.string() });

/** A product as tiles, carousels, add-ons and wishlists list it. */
export const productListItem = z.object({
  entity_id: z.string(),
  sku: z.string(),
  name: z.string(),
  url_key: z.string(),
  type_id: z.string(),
  manufacturer: z.string(),
  condition: z.string(),
  image_url: imageUrl,
  prices: productPrices,
  reviews_count: z.number().int(),
  reviews_rating: z.number(),
  qty: z.number().int(),
  in_stock: z.boolean(),
});
export type ProductListItem = z.infer<typeof productListItem>;

export const crosssellItem = productListItem.extend({ pre_selected_add_on: z.boolean() });

export const productImage = z.object({ url: z.string(), thumb_url: z.string(), label: z.string(), position: z.number().int() });

export const ASSET_TYPES = ["image", "image360", "video", "embeddedVideo"] as const;
export const productAsset = z.object({
  asset_id: z.string(),
  asset_type: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  label: z.string(),
  position: z.number().int(),
});

export const productVideo = z.object({
  Title: z.string(), Description: z.string(), ThumbUrl: z.string(), FileUrl: z.string(), SubtitleUrl: z.string(),
});

/**
 * The product's categories and their ancestors (below the root), for breadcrumbs. A configurable
 * child or open-box item filed nowhere itself has its main product's.
 */
export const productCategory = z.object({
  entity_id: z.string(),
  parent_id: z.string(),
  name: z.string(),
  url_key: z.string(),
  level: z.number().int(),
  /** true for a category the product is filed in, false for an ancestor only */
  assigned: z.boolean(),
});

/** A swatch attribute of a configurable product: its options and which children have each. */
export const swatchAttribute = z.object({
  attribute_id: z.string(),
  code: z.string(),
  label: z.string(),
  ordinal: z.number().int(),
  options: z.array(z.object({
    option_id: z.string(),
    value: z.string(),
    label: z.string(),
    /** colour hex or image url; null when the option has no swatch */
    swatch: z.string().nullable(),
    products: z.array(z.string()),
  })),
});

export const simpleProduct = productListItem.extend({
  /** attribute code → option value, for each swatch attribute */
  attributes: z.record(z.string(), z.string()),
});

export const outletItem = productListItem.extend({ outlet_of: z.string() });

export const bundleOption = z.object({
  option_id: z.string(),
  title: z.string(),
  required: z.boolean(),
  position: z.number().int(),
  selections: z.array(z.object({
    selection_id: z.string(),
    qty: z.number().int(),
    is_default: z.boolean(),
    position: z.number().int(),
    product: productListItem,
  })),
});

export const productPromotion = z.object({
  program_id: z.string(),
  linq_type: z.string(),
  /** rebate (mail-in, after purchase), instant (off the price now) or BuyMoreSaveMore */
  kind: z.enum(["rebate", "instant", "BuyMoreSaveMore"]),
  promo_name: z.string(),
  promo_short_description: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  rebate_form_url: z.string(),
  brand_logo_urls: z.array(z.string()),
  manufacturer: z.string(),
  after_checkout: z.boolean(),
  amount: money,
});

export const productPromotions = z.object({
  /** the first active programme's type and id (the card the page leads with), null when none */
  linq_type: z.string().nullable(),
  program_id: z.string().nullable(),
  after_checkout: z.boolean(),
  product_promotions: z.array(productPromotion),
  /** instant savings (sum of running instant programmes) plus, for a bundle, its saving over buying the pieces apart */
  package_savings_amount: money,
  /** final price less every running rebate and instant saving, never below zero (BuyMoreSaveMore left out) */
  after_rebates_amount: money,
  has_buy_more_save_more: z.boolean(),
});

export const productFlag = z.object({
  position: z.number().int().min(1).max(8),
  visible: z.boolean(),
  text: z.string(),
  color: z.string(),
});

export const productFeature = z.object({ title: z.string(), description: z.string(), image_url: z.string() });

export const attributeGroup = z.object({
  group: z.string(),
  attributes: z.array(z.object({ code: z.string(), label: z.string(), value: z.string() })),
});

export const promoBannerRef = z.object({
  banner_id: z.string(),
  css: z.string(),
  content: z.string(),
  types: z.array(z.string()),
});

export const locationStock = storeLocation.extend({ qty: z.number().int(), in_stock: z.boolean() });
export type LocationStock = z.infer<typeof locationStock>;

export const productDetail = z.object({
  entity_id: z.string(),
  url_key: z.string(),
  type_id: z.string(),
  sku: z.string(),
  name: z.string(),
  model_number: z.string(),
  manufacturer: z.string(),
  brand: z.object({ name: z.string(), url_key: z.string(), logo_url: z.string() }).nullable(),
  description: z.string(),
  short_description: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keyword: z.string(),
  visibility: z.string(),
  status: z.number().int(),
  condition: z.string(),
  /** set on a configurable child: its configurable parent */
  parent_id: z.string().nullable(),
  /** set on an open-box item: the new product it is an outlet of */
  outlet_of: z.string().nullable(),
  image_url: imageUrl,
  videos_json: z.array(productVideo),
  wistia_videos: z.array(z.unknown()),
  doc_asset: z.unknown().nullable(),
  categories: z.array(productCategory),
  /** swatch attributes; empty unless configurable */
  attributes: z.array(swatchAttribute),
  simple_products: z.array(simpleProduct),
  configurable_default_simple_id: z.string().nullable(),
  bundle_selection_attributes: z.array(bundleOption),
  prices: productPrices,
  qty: z.number().int(),
  in_stock: z.boolean(),
  reviews_count: z.number().int(),
  reviews_rating: z.number(),
  product_flags: z.array(productFlag),
  product_features: z.array(productFeature),
  product_data: z.record(z.string(), z.unknown()),
  simple_attributes: z.array(attributeGroup),
  custom_columns: z.record(z.string(), z.unknown()),
  energy_star_qualified: z.boolean(),
  gallery_layout: z.string(),
  selection_qty: z.number().nullable(),
  step_up: z.unknown().nullable(),
  upccode: z.string(),
  /** inches; null when unknown */
  dimensions: z.object({ height: z.number().nullable(), width: z.number().nullable(), depth: z.number().nullable(), weight: z.number().nullable() }),
  /** end of the soonest-ending active instant-savings / consumer-rebate programme (ISO), null when none */
  instant_savings_to_date: z.string().nullable(),
  consumer_rebate_to_date: z.string().nullable(),
  // embeds: present only when asked for
  images: z.array(productImage).optional(),
  assets: z.array(productAsset).optional(),
  promotions: productPromotions.optional(),
  crosssells: z.array(crosssellItem).optional(),
  relateds: z.array(productListItem).optional(),
  upsells: z.array(productListItem).optional(),
  parentbundles: z.array(productListItem).optional(),
  outlets: z.array(outletItem).optional(),
  retailbanner: promoBannerRef.nullable().optional(),
  /** only with storelocationid: that store's stock of this product (an array of one) */
  location_inventory: z.array(locationStock).optional(),
});
export type ProductDetail = z.infer<typeof productDetail>;

const commaList = plainText(500);

export const productParams = z.object({ id: plainText(255).trim().min(1) });
export const productQuery = z.object({
  embed: commaList.optional(),
  storelocationid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

// ---------------------------------------------------------------------------------------------
// reviews

export const REVIEW_ORDERS = ["newest", "oldest", "most_helpful", "highest_rating", "lowest_rating"] as const;
export const REVIEWS_PAGE_SIZE = 10;

export const review = z.object({
  review_id: z.string(),
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  nickname: z.string(),
  location: z.string(),
  is_recommended: z.boolean(),
  helpful_yes: z.number().int(),
  helpful_no: z.number().int(),
  created_at: z.string(),
});
export type Review = z.infer<typeof review>;

export const reviewSummary = z.object({
  review_summary: z.object({ rating: z.number(), count: z.number().int() }),
  votes_yes: z.number().int(),
  votes_no: z.number().int(),
  /** whole percent of reviews recommending the product; 0 without reviews */
  percent_recommended: z.number().int(),
  ratings_distribution: z.object({
    five: z.number().int(), four: z.number().int(), three: z.number().int(), two: z.number().int(), one: z.number().int(),
  }),
  /** positive: rating 4 or 5 with most helpful votes; negative: rating 1 or 2; null when none */
  most_helpful_reviews: z.object({ positive: review.nullable(), negative: review.nullable() }),
});
export type ReviewSummary = z.infer<typeof reviewSummary>;

export const reviewsQuery = z.object({
  embed: plainText(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  order: z.enum(REVIEW_ORDERS).default("newest"),
  rating: z.coerce.number().int().min(1).max(5).optional(),
});

export const reviewsPage = z.object({
  reviews: z.array(review),
  summary: reviewSummary,
  page: z.object({
    current: z.number().int(),
    size: z.number().int(),
    /** reviews matching the rating filter (all reviews without one) */
    total: z.number().int(),
    total_pages: z.number().int(),
  }),
  order: z.enum(REVIEW_ORDERS),
  rating: z.number().int().nullable(),
});
export type ReviewsPage = z.infer<typeof reviewsPage>;

// ---------------------------------------------------------------------------------------------
// store inventory and shipping estimate

export const inventoryQuery = z.object({
  zip: plainText(20).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  long: z.coerce.number().min(-180).max(180).optional(),
  storelocationid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** `store_list` is always an array (a single store when storelocationid is given). */
export const inventoryAnswer = z.object({
  product_id: z.string(),
  store_list: z.array(locationStock),
});
export type InventoryAnswer = z.infer<typeof inventoryAnswer>;

export const shippingParams = z.object({ id: plainText(255).trim().min(1), zip: plainText(20) });
export const shippingQuery = z.object({ country_id: z.string().trim().regex(/^[A-Za-z]{2}$/, "country_id must be a two-letter code").optional() });

export const shippingMethod = z.object({
  carrier_code: z.string(),
  carrier_title: z.string(),
  method_code: z.string(),
  method_title: z.string(),
  price: money,
  delivery_window: z.object({ min_days: z.number().int(), max_days: z.number().int(), label: z.string() }),
});
export type ShippingMethod = z.infer<typeof shippingMethod>;

export const shippingEstimate = z.object({
  product_id: z.string(),
  postcode: z.string(),
  country_id: z.string(),
  methods: z.array(shippingMethod),
});
export type ShippingEstimate = z.infer<typeof shippingEstimate>;

// ---------------------------------------------------------------------------------------------
// wishlist (signed-in customers)

export const wishlistItem = z.object({ product_id: z.string(), added_at: z.string(), product: productListItem });
export const wishlistAnswer = z.object({ items: z.array(wishlistItem) });
export type WishlistAnswer = z.infer<typeof wishlistAnswer>;

const productIdValue = z.union([z.number(), z.string().trim().regex(/^\d+$/, "product_id must be a number")])
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));
/** product_id may come in the JSON body or the query string */
export const wishlistChange = z.object({ product_id: productIdValue.optional() });
export const WISHLIST_SIGN_IN = "Please sign in to use your wishlist.";

// ---------------------------------------------------------------------------------------------
// personalised list

export const personalProductsQuery = z.object({
  location: plainText(50).optional(),
  product_type: plainText(200).optional(),
  sku: plainText(255).optional(),
  collection_name: plainText(200).optional(),
  display_linq_related_products: plainText(10).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(12),
});
export const personalProducts = z.object({
  /** which rule picked the list: related, promotion, collection, product_type, top_rated */
  source: z.string(),
  products: z.array(productListItem),
});
export type PersonalProducts = z.infer<typeof personalProducts>;
