import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "./catalog";

export const customers = pgTable("customers", {
  entityId: serial("entity_id").primaryKey(),
  email: text("email").notNull().unique(),
  firstname: text("firstname").notNull(),
  lastname: text("lastname").notNull(),
  passwordHash: text("password_hash").notNull(),
  newsletterIsSubscribed: boolean("newsletter_is_subscribed").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  // one account per email however it is spelt: two simultaneous sign-ups cannot both insert
  uniqueIndex("customers_email_lower").on(sql`lower(${t.email})`),
]);

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

/** A customer's address book (spec 000 §3 user addresses); at most one default billing and one default shipping each. */
export const customerAddresses = pgTable("customer_addresses", {
  entityId: serial("entity_id").primaryKey(),
  customerId: integer("customer_id").notNull().references(() => customers.entityId, { onDelete: "cascade" }),
  firstname: text("firstname").notNull(),
  lastname: text("lastname").notNull(),
  middlename: text("middlename").notNull().default(""),
  prefix: text("prefix").notNull().default(""),
  suffix: text("suffix").notNull().default(""),
  company: text("company").notNull().default(""),
  street: text("street").array().notNull(),
  city: text("city").notNull(),
  region: text("region").notNull().default(""),
  regionId: text("region_id").notNull().default(""),
  postcode: text("postcode").notNull(),
  countryId: text("country_id").notNull(),
  telephone: text("telephone").notNull(),
  fax: text("fax").notNull().default(""),
  defaultBilling: boolean("default_billing").notNull().default(false),
  defaultShipping: boolean("default_shipping").notNull().default(false),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("customer_addresses_customer").on(t.customerId),
  uniqueIndex("customer_addresses_one_default_billing").on(t.customerId).where(sql`${t.defaultBilling}`),
  uniqueIndex("customer_addresses_one_default_shipping").on(t.customerId).where(sql`${t.defaultShipping}`),
]);

/**
 * Password reset tokens, kept only as a SHA-256 hash (a leaked table resets nothing); one use each,
 * until expires_at.
 */
export const passwordResets = pgTable("password_resets", {
  id: serial("id").primaryKey(),
  customerId: integer("customer_id").notNull().references(() => customers.entityId, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("password_resets_customer").on(t.customerId, t.createdAt)]);
