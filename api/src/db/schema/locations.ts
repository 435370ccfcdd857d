import { doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { products } from "./catalog";

export const storeLocations = pgTable("store_locations", {
  locationId: serial("location_id").primaryKey(),
  googleCode: text("google_code").notNull().unique(),
  storeName: text("store_name").notNull(),
  street: text("street").notNull(),
  city: text("city").notNull(),
  region: text("region").notNull(),
  postcode: text("postcode").notNull(),
  countryId: text("country_id").notNull().default("US"),
  phone: text("phone").notNull().default(""),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  pickupMethod: text("pickup_method").notNull().default("store_pickup"),
  hours: jsonb("hours").$type<Record<string, string>>().notNull().default({}),
});

export const inventory = pgTable("inventory", {
  productId: integer("product_id").notNull().references(() => products.entityId, { onDelete: "cascade" }),
  locationId: integer("location_id").notNull().references(() => storeLocations.locationId, { onDelete: "cascade" }),
  qty: integer("qty").notNull().default(0),
}, (t) => [primaryKey({ columns: [t.productId, t.locationId] })]);

/** Postcode centroids so a zip can be turned into a distance. */
export const postcodes = pgTable("postcodes", {
  postcode: text("postcode").primaryKey(),
  countryId: text("country_id").notNull().default("US"),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  region: text("region").notNull().default(""),
});

/** Shipping estimate table: by destination zone (first digit of a US zip) and weight. */
export const shippingRates = pgTable("shipping_rates", {
  rateId: serial("rate_id").primaryKey(),
  countryId: text("country_id").notNull().default("US"),
  zipPrefix: text("zip_prefix").notNull().default(""), // '' = any
  carrierTitle: text("carrier_title").notNull(),
  methodCode: text("method_code").notNull(),
  methodTitle: text("method_title").notNull(),
  price: integer("price").notNull(),
  minDays: integer("min_days").notNull().default(3),
  maxDays: integer("max_days").notNull().default(7),
}, (t) => [index("shipping_rates_country").on(t.countryId, t.zipPrefix)]);
