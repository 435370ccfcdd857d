import { bigint, integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/**
 * One row (id 1) whose version goes up whenever data only a product page shows changes: links,
 * assets, bundle options and selections, and promo banners (triggers in the migrations). Listing
 * data is covered by catalog_version; the product page cache checks both. A products update no
 * longer moves it (migration 0028): the change feed names the products that changed.
 */
export const productDetailVersion = pgTable("product_detail_version", {
  id: integer("id").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(1),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});
