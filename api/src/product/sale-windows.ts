import { sql } from "drizzle-orm";
import type { Db } from "../db/client";

/** The longest wait between two looks: a window edited meanwhile is picked up by then. */
const MAX_WAIT_MS = 60_000;
/** After a failed look (the database busy or restarting): the next try, sooner than the regular look. */
const RETRY_MS = 1_000;

/**
 * The price a sale window gives at `now`, as SQL over products `p`: finalPriceCents in money.ts
 * (the special price while its window is open, and lower; else the price).
 */
const effectivePrice = (now: Date) => sql`CASE
  WHEN p.special_price IS NOT NULL
    AND (p.special_from_date IS NULL OR p.special_from_date <= ${now.toISOString()}::timestamptz)
    AND (p.special_to_date IS NULL OR p.special_to_date >= ${now.toISOString()}::timestamptz)
  THEN LEAST(p.price, p.special_price) ELSE p.price END`;

/**
 * Listings, their price sort and price filter read the stored final_price; the product page and
 * the cart work the price out from the sale window. Nothing writes a row when its window opens
 * or closes, so a listing would go on showing a sale that ended (or miss one that began) while
 * the cart charges the other price. This moves final_price to what the window gives now: a
 * price-only change, so the change log patches every api process's catalogue and drops the pages
 * that show the product (migration 0022). Answers how many products it repriced.
 */
export async function repriceSaleWindows(db: Db, now = new Date()): Promise<number> {
  const result = await db.execute(sql`UPDATE products p SET final_price = ${effectivePrice(now)}
    WHERE p.final_price <> ${effectivePrice(now)} RETURNING p.entity_id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** When the next window opens or closes after `now` (null: none ahead). */
export async function nextSaleBoundary(db: Db, now = new Date()): Promise<Date | null> {
  const at = now.toISOString();
  const result = await db.execute(sql`SELECT least(
      (SELECT min(special_from_date) FROM products WHERE special_price IS NOT NULL AND special_from_date > ${at}::timestamptz),
      (SELECT min(special_to_date) FROM products WHERE special_price IS NOT NULL AND special_to_date >= ${at}::timestamptz)) AS next`);
  const next = (result as unknown as { rows: Array<{ next: Date | string | null }> }).rows[0]?.next;
  return next ? new Date(next) : null;
}

/**
 * Reprices now, then just after each window boundary (a window is open through its end
 * instant), looking again at least every minute (a second after a failed look); the timer does
 * not keep the process alive.
 */
export function scheduleSaleWindows(db: Db, options: { log: (message: string) => void; maxWaitMs?: number }) {
  const maxWait = options.maxWaitMs ?? MAX_WAIT_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    running = (async () => {
      let wait = maxWait;
      // one instant for both questions: a boundary passed between them would otherwise be
      // neither repriced nor waited for (until the regular look)
      const now = new Date();
      try {
        const repriced = await repriceSaleWindows(db, now);
        if (repriced > 0) options.log(`sale windows: ${repriced} products repriced`);
        const next = await nextSaleBoundary(db, now);
        // 1 ms past a boundary: an end instant still belongs to its window
        if (next) wait = Math.min(maxWait, Math.max(0, next.getTime() - Date.now() + 1));
      } catch (error) {
        options.log(`sale windows: repricing failed: ${error instanceof Error ? error.message : String(error)}`);
        wait = Math.min(maxWait, RETRY_MS);
      }
      if (stopped) return;
      timer = setTimeout(run, wait);
      timer.unref();
    })().finally(() => { running = null; });
  };
  run();
  return {
    /** Stops the schedule and waits for a run in progress, so the database can close after. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
