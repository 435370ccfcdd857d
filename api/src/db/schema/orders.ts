import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgSequence, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import type { ShippingData, StoredAddress, StoredSelection } from "./cart";

/** Order numbers a shopper can read out on the phone: nine digits from 100000001 up. */
export const orderNumbers = pgSequence("order_number_seq", { startWith: 100000001, minValue: 100000001 });

/** Units of stock an order holds: online (location null) or at a pickup store. */
export interface HeldStock {
  product_id: number;
  location_id: number | null;
  qty: number;
}

/**
 * An order is a snapshot of the cart it came from: names, skus, prices, addresses, shipping and
 * the payment's public data (type and last four only), totals in minor units. cart_id is unique
 * while the order stands, so one cart makes at most one order; a canceled order lets it go so
 * the shopper can try again with the same cart.
 */
export const orders = pgTable("orders", {
  entityId: serial("entity_id").primaryKey(),
  incrementId: text("increment_id").notNull().unique().default(sql`nextval('order_number_seq')::text`),
  cartId: integer("cart_id").unique(),
  /** the cart the order came from, kept after cart_id lets go */
  sourceCartId: integer("source_cart_id").notNull(),
  sessionId: text("session_id").notNull(),
  customerId: integer("customer_id"),
  /** pending_payment | processing | payment_review | suspected_fraud | canceled */
  status: text("status").notNull(),
  email: text("email").notNull(),
  currency: text("currency").notNull(),
  subtotal: integer("subtotal").notNull(),
  discount: integer("discount").notNull(),
  shippingAmount: integer("shipping_amount").notNull(),
  tax: integer("tax").notNull(),
  fee: integer("fee").notNull(),
  grandTotal: integer("grand_total").notNull(),
  couponCode: text("coupon_code"),
  shippingMethod: text("shipping_method").notNull(),
  shippingTitle: text("shipping_title").notNull(),
  shippingData: jsonb("shipping_data").$type<ShippingData>().notNull().default({}),
  billingAddress: jsonb("billing_address").$type<StoredAddress>().notNull(),
  shippingAddress: jsonb("shipping_address").$type<StoredAddress>().notNull(),
  salesAssistance: text("sales_assistance"),
  paymentMethod: text("payment_method").notNull(),
  /** what may be shown: card type, last four, expiry; never the number or the security code */
  paymentData: jsonb("payment_data").$type<Record<string, unknown>>().notNull().default({}),
  paymentReference: text("payment_reference"),
  /** the stock this order took, given back when it is canceled */
  heldStock: jsonb("held_stock").$type<HeldStock[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index("orders_customer").on(t.customerId, t.entityId),
  index("orders_session").on(t.sessionId, t.entityId),
  index("orders_pending").on(t.status, t.createdAt),
]);

/** One line of an order as it was sold. */
export const orderItems = pgTable("order_items", {
  itemId: serial("item_id").primaryKey(),
  orderId: integer("order_id").notNull().references(() => orders.entityId, { onDelete: "cascade" }),
  productId: integer("product_id").notNull(),
  childId: integer("child_id"),
  sku: text("sku").notNull(),
  name: text("name").notNull(),
  qty: integer("qty").notNull(),
  /** unit price charged and the regular price, minor units */
  price: integer("price").notNull(),
  originalPrice: integer("original_price").notNull(),
  rowTotal: integer("row_total").notNull(),
  crosssellParentIds: jsonb("crosssell_parent_ids").$type<number[]>().notNull().default([]),
  bundleSelections: jsonb("bundle_selections").$type<Array<StoredSelection & { sku: string; name: string }>>().notNull().default([]),
}, (t) => [index("order_items_order").on(t.orderId)]);

/**
 * A product's stock (kind "stock", products.qty) or price (kind "price": the price columns alone)
 * moved, written by a trigger on products. Every api process reads the new rows with its version
 * poll and patches its in-memory catalogue instead of rebuilding it.
 */
export const stockChanges = pgTable("stock_changes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  productId: integer("product_id").notNull(),
  kind: text("kind").$type<"stock" | "price">().notNull().default("stock"),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
}, (t) => [index("stock_changes_changed_at").on(t.changedAt)]);
