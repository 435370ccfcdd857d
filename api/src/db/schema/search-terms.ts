import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Searches that found something, one row per lower-cased query with how often it was asked:
 * what autocomplete suggests. Kept up to date by a trigger on search_queries (see the migration),
 * so suggestions read a row per distinct query instead of re-counting the whole search log.
 */
export const searchTerms = pgTable("search_terms", {
  query: text("query").primaryKey(),
  count: integer("count").notNull().default(0),
  lastSearchedAt: timestamp("last_searched_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("search_terms_query_trgm").using("gin", sql`${t.query} gin_trgm_ops`),
  index("search_terms_count").on(t.count),
  index("search_terms_last_searched_at").on(t.lastSearchedAt),
]);
