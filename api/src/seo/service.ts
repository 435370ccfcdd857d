import { sql } from "drizzle-orm";
import type { SitemapPage } from "@store/contract";
import type { Db } from "../db/client";

type Entry = SitemapPage["entries"][number];

/**
 * What search engines are told about (GET /sitemap): categories under the store root that are
 * not redirects, products shown on their own (enabled, visible in the catalogue or search), active
 * CMS pages without no_index, and published blog posts; paged.
 */
export class SitemapService {
  constructor(private readonly db: Db) {}

  private readonly all = sql`
    SELECT 1 AS ord, 'category' AS type, c.url_key AS key, NULL::timestamptz AS lastmod
      FROM categories c WHERE c.level >= 2 AND c.redirect = '' AND c.path LIKE '1/2/%'
    UNION ALL
    SELECT 2, 'product', p.url_key, p.created_at FROM products p WHERE p.status = 1 AND p.visibility IN (2, 3, 4)
    UNION ALL
    SELECT 3, 'page', g.identifier, NULL FROM cms_pages g WHERE g.is_active AND NOT g.no_index
    UNION ALL
    SELECT 4, 'post', b.url_key, b.published_at FROM blog_posts b WHERE b.published_at <= now()`;

  async page(page: number, limit: number): Promise<SitemapPage> {
    const [counted] = ((await this.db.execute(sql`SELECT count(*)::int AS n FROM (${this.all}) e`)) as unknown as { rows: Array<{ n: number }> }).rows;
    const total = Number(counted?.n ?? 0);
    const pages = Math.max(1, Math.ceil(total / limit));
    const rows = ((await this.db.execute(sql`
      SELECT type, key, lastmod FROM (${this.all}) e ORDER BY ord, key LIMIT ${limit} OFFSET ${(page - 1) * limit}`)) as unknown as {
      rows: Array<{ type: Entry["type"]; key: string; lastmod: Date | string | null }>;
    }).rows;
    return {
      page,
      pages,
      total,
      entries: rows.map((r) => ({ type: r.type, key: r.key, lastmod: r.lastmod === null ? null : new Date(r.lastmod).toISOString() })),
    };
  }
}
