import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Analytics events the storefront logs (POST /alta/log), e.g. a rendering error's tracking event. */
export const analyticsEvents = pgTable("analytics_events", {
  eventId: serial("event_id").primaryKey(),
  event: text("event").notNull(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  storeCode: text("store_code").notNull().default(""),
  /** the session it came from (none for a visitor without one) */
  sessionId: text("session_id"),
  customerId: integer("customer_id"),
  location: text("location").notNull().default(""),
  userAgent: text("user_agent").notNull().default(""),
  clientTime: timestamp("client_time", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("analytics_events_created_at").on(t.createdAt), index("analytics_events_event").on(t.event)]);
