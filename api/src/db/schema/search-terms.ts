import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Searches that found something, one row per lower-cased query with how often it was asked:
 * what autocomplete suggests. Kept up to date by a trigger on search_queries (see the migration),
 * so suggestions read a row per distinct query instead of re-counting the whole search log.
 * `shoppers` counts the distinct clients among them: a term is suggested only once several
 * different shoppers found something with it.
 */
export const searchTerms = pgTable("search_terms", {
  query: text("query").primaryKey(),
  count: integer("count").notNull().default(0),
  shoppers: integer("shoppers").notNull().default(0),
  lastSearchedAt: timestamp("last_searched_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("search_terms_query_trgm").using("gin", sql`${t.query} gin_trgm_ops`),
  index("search_terms_count").on(t.count),
  index("search_terms_last_searched_at").on(t.lastSearchedAt),
]);

/** Which clients (search_queries.client) found something with a query: one row each, for search_terms.shoppers. */
export const searchTermShoppers = pgTable("search_term_shoppers", {
  query: text("query").notNull(),
  client: text("client").notNull(),
}, (t) => [primaryKey({ columns: [t.query, t.client] })]);

/**
 * A store's search synonyms (search/synonyms.ts): with `input` null every term of `synonyms` means
 * every other (two-way: fridge, refrigerator); with `input` set, searching it also finds each of
 * `synonyms`, not the reverse (one-way: stove → range). Terms may be several words. A change
 * rebuilds the catalogue model, which holds them (catalog_version trigger in the migration).
 */
export const searchSynonyms = pgTable("search_synonyms", {
  synonymId: serial("synonym_id").primaryKey(),
  storeCode: text("store_code").notNull().default("default"),
  input: text("input"),
  synonyms: text("synonyms").array().notNull(),
}, (t) => [
  index("search_synonyms_store").on(t.storeCode),
  check("search_synonyms_terms", sql`cardinality(${t.synonyms}) >= 1 AND (${t.input} IS NOT NULL OR cardinality(${t.synonyms}) >= 2)`),
]);
