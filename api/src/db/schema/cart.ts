import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { customers, sessions } from "./customer";
import { products } from "./catalog";

/** An address as stored on a cart: only the fields the shopper has given so far. */
export type StoredAddress = Partial<Record<
  "firstname" | "lastname" | "company" | "city" | "region" | "region_id" | "postcode" | "country_id" | "telephone" | "email",
  string
>> & { street?: string[] };

/** Delivery data of the chosen shipping method (pickup store, booked delivery date). */
export interface ShippingData {
  location_id?: number;
  delivery_date?: string;
}

/** The chosen payment: method and its public data (the payments domain fills it). */
export interface StoredPayment {
  method: string;
  data: Record<string, unknown>;
}

/**
 * A guest's cart hangs off its session (it goes when the session goes); a customer's cart hangs
 * off the customer (session_id null), so it lives across devices and sessions.
 */
export const carts = pgTable("carts", {
  cartId: serial("cart_id").primaryKey(),
  sessionId: text("session_id").unique().references(() => sessions.id, { onDelete: "cascade" }),
  customerId: integer("customer_id").unique().references(() => customers.entityId, { onDelete: "cascade" }),
  shippingAddress: jsonb("shipping_address").$type<StoredAddress>().notNull().default({}),
  billingAddress: jsonb("billing_address").$type<StoredAddress>().notNull().default({}),
  sameAsBilling: boolean("same_as_billing").notNull().default(false),
  email: text("email"),
  couponCode: text("coupon_code"),
  shippingMethod: text("shipping_method"),
  shippingData: jsonb("shipping_data").$type<ShippingData>().notNull().default({}),
  salesAssistance: text("sales_assistance"),
  payment: jsonb("payment").$type<StoredPayment | null>(),
  /** moves on every change, so a reader can tell a cart changed under it; every writer of the cart's items moves it (the claim relies on it) */
  version: integer("version").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("carts_updated_at").on(t.updatedAt), // pruning abandoned carts
  check("carts_one_owner", sql`(${t.sessionId} IS NULL) <> (${t.customerId} IS NULL)`),
]);

/** A chosen bundle selection of a package line. */
export interface StoredSelection {
  option_id: number;
  selection_id: number;
  product_id: number;
  qty: number;
}

/** A cart line. item_id order is the order lines were added in. */
export const cartItems = pgTable("cart_items", {
  itemId: serial("item_id").primaryKey(),
  cartId: integer("cart_id").notNull().references(() => carts.cartId, { onDelete: "cascade" }),
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  /** the simple child a configurable line stands for (picked by super_attribute) */
  childId: integer("child_id").references(() => products.entityId, { onDelete: "cascade" }),
  bundleSelections: jsonb("bundle_selections").$type<StoredSelection[]>().notNull().default([]),
  qty: integer("qty").notNull(),
  /** main product ids this line is an add-on of, each once */
  crosssellParentIds: jsonb("crosssell_parent_ids").$type<number[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index("cart_items_cart").on(t.cartId)]);

/** Coupon codes; a code matches whatever its case. */
export const coupons = pgTable("coupons", {
  couponId: serial("coupon_id").primaryKey(),
  code: text("code").notNull(),
  type: text("type").notNull(), // percent | fixed
  /** percent: whole percent; fixed: minor units */
  amount: integer("amount").notNull(),
  minSubtotal: integer("min_subtotal").notNull().default(0),
  startsAt: timestamp("starts_at", { withTimezone: true }),
  endsAt: timestamp("ends_at", { withTimezone: true }),
  usageLimit: integer("usage_limit"),
  timesUsed: integer("times_used").notNull().default(0),
}, (t) => [uniqueIndex("coupons_code_lower").on(sql`lower(${t.code})`)]);

/** Sales tax by destination; region_code '' is the whole country. */
export const taxRates = pgTable("tax_rates", {
  countryId: text("country_id").notNull(),
  regionCode: text("region_code").notNull(),
  regionName: text("region_name").notNull().default(""),
  /** basis points: 725 = 7.25 % */
  rateBp: integer("rate_bp").notNull(),
  label: text("label").notNull().default("Tax"),
}, (t) => [primaryKey({ columns: [t.countryId, t.regionCode] })]);

/** Shipping methods the cart offers. */
export const shippingMethods = pgTable("shipping_methods", {
  code: text("code").primaryKey(),
  carrierTitle: text("carrier_title").notNull(),
  title: text("title").notNull(),
  type: text("type").notNull(), // flat | free_over | pickup | scheduled
  price: integer("price").notNull().default(0),
  /** free_over: the subtotal (minor units) from which it is offered */
  threshold: integer("threshold"),
  sort: integer("sort").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
});

/** Per-unit fees a product carries (e.g. a recycling fee), shown as "Additional Fees". */
export const productFees = pgTable("product_fees", {
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  title: text("title").notNull(),
  amount: integer("amount").notNull(),
}, (t) => [primaryKey({ columns: [t.productId, t.title] })]);

