import { eq } from "drizzle-orm";
import { LAT_LONG_TOGETHER, STORE_NOT_FOUND, type LocationsQuery, type StoreLocation } from "@store/contract";
import { schema, type Db } from "../db/client";
import { badRequest, notFound } from "../http/errors";
import { allStores, referencePoint, sortStores, toStoreLocation } from "./stores";

/**
 * Store lists (GET /locations): by storelocationid the one store (as a list of one); by lat and
 * long, or by zip, every store nearest first with its distance in miles; with none of them every
 * store by name. If several are given the first of storelocationid, lat/long, zip wins.
 */
export class LocationService {
  constructor(private readonly db: Db) {}

  async list(query: LocationsQuery): Promise<StoreLocation[]> {
    if ((query.lat === undefined) !== (query.long === undefined)) throw badRequest(LAT_LONG_TOGETHER);
    if (query.storelocationid !== undefined) {
      const [row] = await this.db.select().from(schema.storeLocations).where(eq(schema.storeLocations.locationId, query.storelocationid));
      if (!row) throw notFound(STORE_NOT_FOUND);
      return [toStoreLocation(row, null)];
    }
    const from = await referencePoint(this.db, query);
    return sortStores((await allStores(this.db)).map((row) => toStoreLocation(row, from)));
  }
}
