import { boolean, index, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sessions } from "./customer";

/** An address as stored on a cart: only the fields the shopper has given so far. */
export type StoredAddress = Partial<Record<
  "firstname" | "lastname" | "company" | "city" | "region" | "region_id" | "postcode" | "country_id" | "telephone" | "email",
  string
>> & { street?: string[] };

/** One cart per session (guests too); it goes when the session goes. */
export const carts = pgTable("carts", {
  cartId: serial("cart_id").primaryKey(),
  sessionId: text("session_id").notNull().unique().references(() => sessions.id, { onDelete: "cascade" }),
  shippingAddress: jsonb("shipping_address").$type<StoredAddress>().notNull().default({}),
  billingAddress: jsonb("billing_address").$type<StoredAddress>().notNull().default({}),
  sameAsBilling: boolean("same_as_billing").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("carts_updated_at").on(t.updatedAt)]); // pruning abandoned carts
