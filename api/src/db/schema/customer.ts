import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { products } from "./catalog";

export const customers = pgTable("customers", {
  entityId: serial("entity_id").primaryKey(),
  email: text("email").notNull().unique(),
  firstname: text("firstname").notNull(),
  lastname: text("lastname").notNull(),
  passwordHash: text("password_hash").notNull(),
  newsletterIsSubscribed: boolean("newsletter_is_subscribed").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Opaque session id in an HttpOnly cookie; guests get a row too (carts hang off it). */
export const sessions = pgTable("sessions", {
  id: text("id").primaryKey(),
  customerId: integer("customer_id").references(() => customers.entityId, { onDelete: "cascade" }),
  csrfToken: text("csrf_token").notNull(),
  data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
}, (t) => [index("sessions_expires").on(t.expiresAt)]);

export const wishlistItems = pgTable("wishlist_items", {
  customerId: integer("customer_id").notNull().references(() => customers.entityId, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.customerId, t.productId] })]);

/**
 * Sign-in attempts in the last few minutes per login (a hash of the normalised email, whether or
 * not an account has it): failures stay until they age out, a success clears them. Too many lock
 * that login for every api process, whichever address the attempts come from.
 */
export const signInAttempts = pgTable("sign_in_attempts", {
  id: serial("id").primaryKey(),
  login: text("login").notNull(),
  attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("sign_in_attempts_login").on(t.login, t.attemptedAt), index("sign_in_attempts_attempted_at").on(t.attemptedAt)]);
