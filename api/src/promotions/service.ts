import { and, asc, eq, gte, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import type { PromoBanner } from "@store/contract";
import { schema, type Db } from "../db/client";
import { sanitizeEditorHtml } from "../lib/sanitize";

type BannerOrder = "end_date" | "start_date" | "position" | "banner_id";
export interface BannerQuery {
  limit: number;
  order: BannerOrder;
  displaymode?: string;
  category?: string;
  manufacturer?: string;
}

const b = schema.promoBanners;
const ORDER: Record<BannerOrder, SQL[]> = {
  end_date: [sql`${b.endDate} asc nulls last`, asc(b.position), asc(b.bannerId)],
  start_date: [sql`${b.startDate} asc nulls first`, asc(b.position), asc(b.bannerId)],
  position: [asc(b.position), asc(b.bannerId)],
  banner_id: [asc(b.bannerId)],
};

/**
 * A manufacturer as a comparable key: banners name brands by name ("Marlow & Pierce") or by url
 * key ("marlow-pierce"); both give the same key.
 */
export function manufacturerKey(value: string): string {
  return value.toLowerCase().replace(/&/g, " ").replace(/\+/g, " plus ").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
}

/** Running now: started (or no start) and not ended (or no end). */
const activeNow = () => {
  const now = new Date();
  return and(or(isNull(b.startDate), lte(b.startDate, now)), or(isNull(b.endDate), gte(b.endDate, now)));
};

function toBanner(row: typeof b.$inferSelect): PromoBanner {
  return {
    banner_id: String(row.bannerId),
    banner_type: row.bannerType,
    // css goes into a style element: nothing that could close it
    css: row.css.replace(/</g, ""),
    content: sanitizeEditorHtml(row.content),
    types: row.types,
    category_id: row.categoryId === null ? null : String(row.categoryId),
    manufacturer: row.manufacturer,
    display_mode: row.displayMode,
    start_date: row.startDate ? row.startDate.toISOString() : null,
    end_date: row.endDate ? row.endDate.toISOString() : null,
    position: row.position,
  };
}

/**
 * Promo banners (spec 000 §3/§7, 002 §7). Only banners running now are answered. Each filter
 * given narrows the list to banners tagged with that value: category (id or url key),
 * manufacturer (brand name or url key) and display mode (case-insensitive). Content HTML is sanitised; css is
 * stripped of anything that could end its style element.
 */
export class PromoBannerService {
  constructor(private readonly db: Db) {}

  async byType(type: string, query: BannerQuery): Promise<PromoBanner[]> {
    const where: Array<SQL | undefined> = [eq(b.bannerType, type), activeNow()];
    if (query.category?.trim()) {
      const value = query.category.trim();
      let categoryId: number | undefined;
      if (/^\d{1,9}$/.test(value)) categoryId = Number(value);
      else {
        const [row] = await this.db.select({ id: schema.categories.entityId }).from(schema.categories).where(eq(schema.categories.urlKey, value));
        if (!row) return [];
        categoryId = row.id;
      }
      where.push(eq(b.categoryId, categoryId));
    }
    if (query.displaymode?.trim()) where.push(sql`lower(${b.displayMode}) = ${query.displaymode.trim().toLowerCase()}`);
    const manufacturer = query.manufacturer?.trim() ? manufacturerKey(query.manufacturer) : null;
    if (manufacturer === null) {
      return (await this.db.select().from(b).where(and(...where)).orderBy(...ORDER[query.order]).limit(query.limit)).map(toBanner);
    }
    // brand names and url keys both match: compared as keys (a type holds few banners)
    where.push(sql`${b.manufacturer} is not null`);
    const rows = await this.db.select().from(b).where(and(...where)).orderBy(...ORDER[query.order]);
    return rows.filter((r) => manufacturerKey(r.manufacturer ?? "") === manufacturer).slice(0, query.limit).map(toBanner);
  }

  /** The banner as a list of one; a banner that does not exist or is not running is an empty list. */
  async byId(bannerId: number): Promise<PromoBanner[]> {
    const rows = await this.db.select().from(b).where(and(eq(b.bannerId, bannerId), activeNow()));
    return rows.map(toBanner);
  }
}
