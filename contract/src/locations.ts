import { z } from "zod";
import { plainText } from "./common";

/**
 * Store locations (spec 002 §3 Store location / My Store, §7 GET /locations). `distance` is in
 * miles from the reference point (lat/long or the zip's centroid); null when there is none.
 */
export const storeLocation = z.object({
  storelocationid: z.string(),
  google_code: z.string(),
  store_name: z.string(),
  /** one line: street, city, region postcode */
  address: z.string(),
  street: z.string(),
  city: z.string(),
  region: z.string(),
  postcode: z.string(),
  country_id: z.string(),
  phone: z.string(),
  pickup_method: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  distance: z.number().nullable(),
  hours: z.record(z.string(), z.string()),
});
export type StoreLocation = z.infer<typeof storeLocation>;

/** lat and long together; or zip (cut at a dash); or storelocationid; none: every store by name. */
export const locationsQuery = z.object({
  lat: z.coerce.number().min(-90).max(90).optional(),
  long: z.coerce.number().min(-180).max(180).optional(),
  zip: plainText(20).optional(),
  storelocationid: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type LocationsQuery = z.infer<typeof locationsQuery>;

export const STORE_NOT_FOUND = "Store location not found.";
export const LAT_LONG_TOGETHER = "lat and long must be given together.";
export const unknownPostcodeMessage = (postcode: string) => `We could not find the postcode ${postcode}.`;
export const invalidPostcodeMessage = (postcode: string) => `'${postcode}' is not a valid postcode.`;
