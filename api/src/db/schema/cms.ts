import { boolean, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const cmsBlocks = pgTable("cms_blocks", {
  blockId: serial("block_id").primaryKey(),
  identifier: text("identifier").notNull().unique(),
  title: text("title").notNull().default(""),
  content: text("content").notNull().default(""),
  isActive: boolean("is_active").notNull().default(true),
});

export const cmsPages = pgTable("cms_pages", {
  pageId: serial("page_id").primaryKey(),
  identifier: text("identifier").notNull().unique(),
  title: text("title").notNull(),
  contentHeading: text("content_heading").notNull().default(""),
  content: text("content").notNull().default(""),
  metaDescription: text("meta_description").notNull().default(""),
  metaKeywords: text("meta_keywords").notNull().default(""),
  structuredData: text("structured_data").notNull().default(""),
  noIndex: boolean("no_index").notNull().default(false),
  publishedRevisionId: integer("published_revision_id").notNull().default(1),
  isActive: boolean("is_active").notNull().default(true),
});

export const menuItems = pgTable("menu_items", {
  nodeId: serial("node_id").primaryKey(),
  parentNodeId: integer("parent_node_id"),
  label: text("label").notNull(),
  requestUrl: text("request_url").notNull().default(""),
  hrefOverride: text("href_override").notNull().default(""),
  target: text("target").notNull().default("_self"),
  iconUrl: text("icon_url").notNull().default(""),
  topMenuVisibility: text("top_menu_visibility").notNull().default("1"),
  placement: text("placement").notNull().default("main"),
  position: integer("position").notNull().default(0),
});

export const scripts = pgTable("scripts", {
  scriptId: serial("script_id").primaryKey(),
  parentId: integer("parent_id"),
  location: text("location").notNull().default("head"), // head | body
  cmsPages: jsonb("cms_pages").$type<string[]>().notNull().default([]),
  forceReload: boolean("force_reload").notNull().default(false),
  htmlAttribs: jsonb("html_attribs").$type<Record<string, string>>().notNull().default({}),
  scriptName: text("script_name").notNull(),
  source: text("source").notNull().default("inline"), // url | inline
  script: text("script").notNull().default(""),
  type: text("type").notNull().default("text/javascript"),
  additionalHtml: text("additional_html").notNull().default(""),
});

export const promoBanners = pgTable("promo_banners", {
  bannerId: serial("banner_id").primaryKey(),
  bannerType: text("banner_type").notNull(), // the {type} of /promobanners/bannertype/{type}
  css: text("css").notNull().default(""),
  content: text("content").notNull().default(""),
  types: jsonb("types").$type<string[]>().notNull().default([]), // link_tile, custom
  categoryId: integer("category_id"),
  manufacturer: text("manufacturer"),
  displayMode: text("display_mode"),
  startDate: timestamp("start_date", { withTimezone: true }),
  endDate: timestamp("end_date", { withTimezone: true }),
  position: integer("position").notNull().default(0),
});

export const blogPosts = pgTable("blog_posts", {
  postId: serial("post_id").primaryKey(),
  urlKey: text("url_key").notNull().unique(),
  title: text("title").notNull(),
  shortContent: text("short_content").notNull().default(""),
  content: text("content").notNull().default(""),
  imageUrl: text("image_url").notNull().default(""),
  author: text("author").notNull().default(""),
  publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
});
