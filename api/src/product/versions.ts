import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** How often the shared version row is read; answers may lag an edit by this much. */
export const VERSION_CHECK_MS = 1_000;
/** Without the version rows (an older database) cached answers simply expire this fast. */
const FALLBACK_TTL_MS = 2_000;

/**
 * The catalogue's data version as this process last saw it: catalog_version (listing data) and
 * product_detail_version (links, pictures, bundles, banners), both bumped by triggers in the same
 * transaction as the change. Read at most once per VERSION_CHECK_MS, so every api instance drops
 * its cached product answers within about a second of such an edit, with no shared cache between
 * instances. A products row's own changes reach the answers through the change feed instead
 * (ProductService).
 */
export class CatalogVersions {
  private value: string | null = null;
  private checkedAt = 0;
  private pending: Promise<string> | null = null;

  constructor(private readonly db: Db, private readonly intervalMs = VERSION_CHECK_MS) {}

  current(): Promise<string> | string {
    if (this.value !== null && Date.now() - this.checkedAt < this.intervalMs) return this.value;
    this.pending ??= this.read().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forget what was read, so the next call reads the rows again (after a known edit). */
  expire(): void {
    this.checkedAt = 0;
  }

  private async read(): Promise<string> {
    let value: string;
    try {
      const result = await this.db.execute(sql`select
        (select version::text from catalog_version where id = 1) as c,
        (select version::text from product_detail_version where id = 1) as d`);
      const row = (result as unknown as { rows: Array<{ c: string | null; d: string | null }> }).rows[0];
      value = `${row?.c ?? "0"}.${row?.d ?? "0"}`;
    } catch {
      value = `ttl.${Math.floor(Date.now() / FALLBACK_TTL_MS)}`;
    }
    this.value = value;
    this.checkedAt = Date.now();
    return value;
  }
}
