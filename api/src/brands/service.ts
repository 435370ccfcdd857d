import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { BrandSummary } from "@store/contract";
import { schema, type Db } from "../db/client";

const b = schema.brands;
const p = schema.products;
/** catalogue visibility: "Catalog" and "Catalog, Search" */
const IN_CATALOG = [2, 4];

/** Brands for the brands page: those with products a shopper can list (enabled, visible in the catalogue), by name. */
export class BrandService {
  constructor(private readonly db: Db) {}

  list(): Promise<BrandSummary[]> {
    return this.db.select({ name: b.name, url_key: b.urlKey, logo_url: b.logoUrl, product_count: sql<number>`count(${p.entityId})::int` })
      .from(b)
      .innerJoin(p, and(eq(p.brandId, b.brandId), eq(p.status, 1), inArray(p.visibility, IN_CATALOG)))
      .groupBy(b.brandId)
      .orderBy(sql`lower(${b.name})`, asc(b.brandId));
  }
}
