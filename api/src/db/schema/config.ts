import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** One row per retailer: the whole site configuration is data, keyed by store_code. */
export const storeConfigs = pgTable("store_configs", {
  storeCode: text("store_code").primaryKey(),
  config: jsonb("config").$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
