import { sql } from "drizzle-orm";
import {
  boolean, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex,
} from "drizzle-orm/pg-core";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** Category tree; the root the storefront shows is entity_id 2 ("Default Category"), as in the spec. */
export const categories = pgTable("categories", {
  entityId: serial("entity_id").primaryKey(),
  parentId: integer("parent_id"),
  /** ancestor ids from the top, slash separated, ending with this id: "1/2/5/17" */
  path: text("path").notNull(),
  urlKey: text("url_key").notNull().unique(),
  name: text("name").notNull(),
  level: integer("level").notNull(),
  position: integer("position").notNull().default(0),
  includeInMenu: text("include_in_menu").notNull().default("1"),
  iconUrl: text("icon_url").notNull().default(""),
  displayMode: text("display_mode").notNull().default("PRODUCTS"), // PRODUCTS | PAGE | PRODUCTS_AND_PAGE
  description: text("description").notNull().default(""),
  bottomDescription: text("bottom_description").notNull().default(""),
  metaTitle: text("meta_title").notNull().default(""),
  metaDescription: text("meta_description").notNull().default(""),
  metaKeywords: text("meta_keywords").notNull().default(""),
  h1Title: text("h1_title").notNull().default(""),
  h2Title: text("h2_title").notNull().default(""),
  imageUrl: text("image_url").notNull().default(""),
  redirect: text("redirect").notNull().default(""),
  defaultSortBy: text("default_sort_by").notNull().default("position"),
  featuredFilter: text("featured_filter").notNull().default(""),
  /** landing-page sections (hero, featured, banners, blogs, brands, custom block, order, layout) */
  landing: jsonb("landing").$type<Record<string, unknown> | null>(),
});

export const brands = pgTable("brands", {
  brandId: serial("brand_id").primaryKey(),
  name: text("name").notNull().unique(),
  urlKey: text("url_key").notNull().unique(),
  logoUrl: text("logo_url").notNull().default(""),
});

/** Filterable/displayable product attributes (EAV for the facet engine). */
export const attributes = pgTable("attributes", {
  attributeId: serial("attribute_id").primaryKey(),
  code: text("code").notNull().unique(),
  label: text("label").notNull(),
  frontendInput: text("frontend_input").notNull().default("select"), // select | multiselect | price | boolean | text
  isFilterable: boolean("is_filterable").notNull().default(true),
  isSwatch: boolean("is_swatch").notNull().default(false),
  isComparable: boolean("is_comparable").notNull().default(true),
  groupName: text("group_name").notNull().default("Specifications"),
  position: integer("position").notNull().default(0),
});

export const attributeOptions = pgTable("attribute_options", {
  optionId: serial("option_id").primaryKey(),
  attributeId: integer("attribute_id").notNull().references(() => attributes.attributeId),
  value: text("value").notNull(), // machine value used in filters (url-safe)
  label: text("label").notNull(), // display_name
  swatch: text("swatch"), // colour hex or image url for swatch attributes
  position: integer("position").notNull().default(0),
}, (t) => [uniqueIndex("attribute_options_attr_value").on(t.attributeId, t.value)]);

export const products = pgTable("products", {
  entityId: serial("entity_id").primaryKey(),
  sku: text("sku").notNull().unique(),
  urlKey: text("url_key").notNull().unique(),
  typeId: text("type_id").notNull().default("simple"), // simple | configurable | bundle
  name: text("name").notNull(),
  modelNumber: text("model_number").notNull().default(""),
  brandId: integer("brand_id").references(() => brands.brandId),
  description: text("description").notNull().default(""),
  shortDescription: text("short_description").notNull().default(""),
  metaTitle: text("meta_title").notNull().default(""),
  metaDescription: text("meta_description").notNull().default(""),
  metaKeyword: text("meta_keyword").notNull().default(""),
  /** 1 Not Visible Individually, 2 Catalog, 3 Search, 4 Catalog, Search */
  visibility: integer("visibility").notNull().default(4),
  status: integer("status").notNull().default(1), // 1 enabled, 2 disabled
  /** configurable parent of a simple child; open-box outlet items point at the new product with outlet_of */
  parentId: integer("parent_id"),
  outletOf: integer("outlet_of"),
  condition: text("condition").notNull().default("new"), // new | open_box
  /** money in integer minor units */
  price: integer("price").notNull(),
  specialPrice: integer("special_price"),
  specialFromDate: timestamp("special_from_date", { withTimezone: true }),
  specialToDate: timestamp("special_to_date", { withTimezone: true }),
  msrp: integer("msrp"),
  poa: boolean("poa").notNull().default(false), // price on application
  displayAddToCart: boolean("display_add_to_cart").notNull().default(true),
  /** price the facet engine sorts and filters on (final price, minor units), kept in sync by the service */
  finalPrice: integer("final_price").notNull(),
  qty: integer("qty").notNull().default(0), // online (warehouse) stock
  weight: doublePrecision("weight"),
  height: doublePrecision("height"),
  width: doublePrecision("width"),
  depth: doublePrecision("depth"),
  energyStarQualified: boolean("energy_star_qualified").notNull().default(false),
  upccode: text("upccode").notNull().default(""),
  imageUrl: text("image_url").notNull().default(""),
  reviewsCount: integer("reviews_count").notNull().default(0),
  reviewsRating: doublePrecision("reviews_rating").notNull().default(0),
  position: integer("position").notNull().default(0),
  /** rarely-queried display data: product_features, product_data, flags, videos, gallery_layout, custom_columns … */
  extra: jsonb("extra").$type<Record<string, unknown>>().notNull().default({}),
  /** a merchandiser's extra search words (synonyms, "dorm fridge"); facts about the product go in search_facts */
  searchText: text("search_text").notNull().default(""),
  /**
   * sku, model number, brand, category and attribute option names, kept by the database itself
   * (triggers in migration 0008), so a product is found by what it is whoever changed it
   */
  searchFacts: text("search_facts").notNull().default(""),
  /** name weighs more than the rest; generated so every writer keeps it right */
  searchVector: tsvector("search_vector").generatedAlwaysAs(
    sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(search_text, '') || ' ' || coalesce(search_facts, '')), 'B')`,
  ),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("products_search_vector").using("gin", t.searchVector),
  index("products_search_trgm").using("gin", sql`${t.searchText} gin_trgm_ops`),
  index("products_name_trgm").using("gin", sql`${t.name} gin_trgm_ops`),
  index("products_parent").on(t.parentId),
  index("products_outlet_of").on(t.outletOf),
  index("products_brand").on(t.brandId),
  index("products_final_price").on(t.finalPrice),
]);

export const productCategories = pgTable("product_categories", {
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  categoryId: integer("category_id").notNull().references(() => categories.entityId, { onDelete: "cascade" }),
  position: integer("position").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.categoryId, t.productId] }), index("product_categories_product").on(t.productId)]);

/** One row per (product, attribute, option): what facets count and filters match. */
export const productAttributeValues = pgTable("product_attribute_values", {
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  attributeId: integer("attribute_id").notNull().references(() => attributes.attributeId),
  optionId: integer("option_id").notNull().references(() => attributeOptions.optionId),
}, (t) => [
  primaryKey({ columns: [t.attributeId, t.optionId, t.productId] }),
  index("product_attribute_values_product").on(t.productId),
]);

/** Configurable products: which attributes children vary on (swatches), in order. */
export const productSuperAttributes = pgTable("product_super_attributes", {
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  attributeId: integer("attribute_id").notNull().references(() => attributes.attributeId),
  position: integer("position").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.attributeId] })]);

export const productAssets = pgTable("product_assets", {
  assetId: serial("asset_id").primaryKey(),
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  assetType: text("asset_type").notNull().default("image"), // image | image360 | video | embeddedVideo
  url: text("url").notNull(),
  thumbUrl: text("thumb_url").notNull().default(""),
  label: text("label").notNull().default(""),
  position: integer("position").notNull().default(0),
}, (t) => [index("product_assets_product").on(t.productId)]);

/** crosssell (add-ons), related, upsell links between products. */
export const productLinks = pgTable("product_links", {
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  linkedProductId: integer("linked_product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  linkType: text("link_type").notNull(), // crosssell | related | upsell
  position: integer("position").notNull().default(0),
  preSelectedAddOn: boolean("pre_selected_add_on").notNull().default(false),
}, (t) => [primaryKey({ columns: [t.productId, t.linkType, t.linkedProductId] }), index("product_links_linked").on(t.linkedProductId)]);

export const bundleOptions = pgTable("bundle_options", {
  optionId: serial("option_id").primaryKey(),
  bundleId: integer("bundle_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  title: text("title").notNull(),
  required: boolean("required").notNull().default(true),
  position: integer("position").notNull().default(0),
}, (t) => [index("bundle_options_bundle").on(t.bundleId)]);

export const bundleSelections = pgTable("bundle_selections", {
  selectionId: serial("selection_id").primaryKey(),
  optionId: integer("option_id").notNull().references(() => bundleOptions.optionId, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  qty: integer("qty").notNull().default(1),
  isDefault: boolean("is_default").notNull().default(false),
  position: integer("position").notNull().default(0),
}, (t) => [index("bundle_selections_product").on(t.productId)]);

/** Rebate / promotion programmes (rebate cards, /catalog/special/promotion/{program_id}). */
export const rebatePrograms = pgTable("rebate_programs", {
  programId: text("program_id").primaryKey(),
  promoName: text("promo_name").notNull(),
  promoShortDescription: text("promo_short_description").notNull().default(""),
  startDate: timestamp("start_date", { withTimezone: true }).notNull(),
  endDate: timestamp("end_date", { withTimezone: true }).notNull(),
  rebateFormUrl: text("rebate_form_url").notNull().default(""),
  brandLogoUrls: jsonb("brand_logo_urls").$type<string[]>().notNull().default([]),
  manufacturer: text("manufacturer").notNull().default(""),
  linqType: text("linq_type").notNull().default("rebate"), // rebate | instant | BuyMoreSaveMore
  afterCheckout: boolean("after_checkout").notNull().default(false),
  amount: integer("amount").notNull().default(0), // minor units off (or mail-in value)
});

export const productPromotions = pgTable("product_promotions", {
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  programId: text("program_id").notNull().references(() => rebatePrograms.programId, { onDelete: "cascade" }),
}, (t) => [primaryKey({ columns: [t.programId, t.productId] }), index("product_promotions_product").on(t.productId)]);

export const reviews = pgTable("reviews", {
  reviewId: serial("review_id").primaryKey(),
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  rating: integer("rating").notNull(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  nickname: text("nickname").notNull(),
  location: text("location").notNull().default(""),
  isRecommended: boolean("is_recommended").notNull().default(true),
  helpfulYes: integer("helpful_yes").notNull().default(0),
  helpfulNo: integer("helpful_no").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("reviews_product").on(t.productId, t.createdAt)]);

/** Configured search redirects: a search for `term` answers a redirect to `url`. */
export const searchRedirects = pgTable("search_redirects", {
  term: text("term").primaryKey(),
  url: text("url").notNull(),
});

export const searchQueries = pgTable("search_queries", {
  historyId: serial("history_id").primaryKey(),
  query: text("query").notNull(),
  resultSize: integer("result_size").notNull(),
  sessionId: text("session_id"),
  /** hash of the searching client's address: suggestions need several distinct ones (see search_terms) */
  client: text("client"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("search_queries_query").on(t.query), index("search_queries_created_at").on(t.createdAt)]);
