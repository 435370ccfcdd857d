import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { invalidPostcodeMessage, unknownPostcodeMessage, type StoreLocation } from "@store/contract";
import { schema, type Db } from "../db/client";
import { badRequest, notFound } from "../http/errors";

export type StoreRow = typeof schema.storeLocations.$inferSelect;
export interface Point {
  lat: number;
  long: number;
}

const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in miles. */
export function haversineMiles(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLong = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLong / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function toStoreLocation(row: StoreRow, from: Point | null): StoreLocation {
  const distance = from ? Math.round(haversineMiles(from, { lat: row.latitude, long: row.longitude }) * 10) / 10 : null;
  return {
    storelocationid: String(row.locationId),
    google_code: row.googleCode,
    store_name: row.storeName,
    address: `${row.street}, ${row.city}, ${row.region} ${row.postcode}`,
    street: row.street,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    country_id: row.countryId,
    phone: row.phone,
    pickup_method: row.pickupMethod,
    latitude: row.latitude,
    longitude: row.longitude,
    distance,
    hours: row.hours,
  };
}

/** Nearest first when there is a reference point (ties by name), else by name. */
export function sortStores<T extends { distance: number | null; store_name: string }>(stores: T[]): T[] {
  return stores.sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0) || a.store_name.localeCompare(b.store_name));
}

/**
 * A postcode as the shopper typed it, cut at a dash ('94103-1234' → '94103'), trimmed and
 * upper-cased. US postcodes must then be five digits; others 3 to 10 letters, digits or spaces.
 */
export function normalizePostcode(raw: string, countryId = "US"): string {
  const cut = cutPostcode(raw, countryId);
  if (cut === null) throw badRequest(invalidPostcodeMessage(raw.trim().slice(0, 20)));
  return cut;
}

/** The same rule without throwing: the postcode cut and checked, or null when it is not valid. */
export function cutPostcode(raw: string, countryId = "US"): string | null {
  const cut = raw.split("-")[0]!.trim().toUpperCase();
  const ok = countryId.toUpperCase() === "US" ? /^\d{5}$/.test(cut) : /^[A-Z0-9][A-Z0-9 ]{1,8}[A-Z0-9]$/.test(cut);
  return ok ? cut : null;
}

/**
 * Where a postcode is: its centroid, else (a postcode the table does not list) the mean of the
 * listed postcodes sharing its first three characters, which in the US is the same sectional
 * centre and rarely more than a few dozen miles off. Null when neither is known.
 */
export async function postcodePoint(db: Db, postcode: string): Promise<Point | null> {
  const p = schema.postcodes;
  const [exact] = await db.select({ lat: p.latitude, long: p.longitude }).from(p).where(eq(p.postcode, postcode)).limit(1);
  if (exact) return exact;
  const prefix = postcode.slice(0, 3);
  const next = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const [area] = await db
    .select({ lat: sql<number | null>`avg(${p.latitude})::float8`, long: sql<number | null>`avg(${p.longitude})::float8` })
    .from(p)
    .where(and(gte(p.postcode, prefix), lt(p.postcode, next)));
  if (area && area.lat !== null && area.long !== null) return { lat: Number(area.lat), long: Number(area.long) };
  return null;
}

/** The reference point of a query: lat/long as given, or the zip's; 404 for an unknown zip. */
export async function referencePoint(db: Db, query: { lat?: number; long?: number; zip?: string }): Promise<Point | null> {
  if (query.lat !== undefined && query.long !== undefined) return { lat: query.lat, long: query.long };
  if (query.zip !== undefined && query.zip.trim() !== "") {
    const postcode = normalizePostcode(query.zip);
    const point = await postcodePoint(db, postcode);
    if (!point) throw notFound(unknownPostcodeMessage(postcode));
    return point;
  }
  return null;
}

export async function allStores(db: Db): Promise<StoreRow[]> {
  return db.select().from(schema.storeLocations).orderBy(asc(schema.storeLocations.storeName));
}
