import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { schema, type Db } from "../db/client";
import { SIGN_IN_WINDOW_MINUTES } from "../customer/service";
import { grownTables, tableUpkeep } from "../db/statistics";

const DAY_MS = 86_400_000;
/** A guest's cart nobody touched for this long is abandoned. */
export const ABANDONED_CART_DAYS = 30;
/** Search-log rows kept; suggestions live on in search_terms, which a delete here leaves alone. */
export const SEARCH_LOG_DAYS = 90;
/** Analytics events kept (raw events; what they tell is read well within this). */
export const ANALYTICS_DAYS = 90;
/** Contact and quote requests kept: each was mailed to the store when it came; a year covers any follow-up. */
export const FORM_SUBMISSION_DAYS = 365;
/** Rows per delete statement: each commits on its own, so a large backlog never holds long locks. */
const BATCH = 1_000;

export interface PruneCounts {
  sessions: number;
  carts: number;
  searchQueries: number;
  analyticsEvents: number;
  formSubmissions: number;
  /** orders a crash left pending_payment: provider answers applied, abandoned ones canceled */
  orders?: { applied: number; canceled: number; released: number };
  /** tables vacuumed and analysed (the embedded database only) */
  vacuumed?: number;
}

/**
 * Removes data past its time: expired sessions (their carts go with them), abandoned guest carts,
 * old search-log rows, analytics events and form submissions, stock changes, sign-in attempts and
 * password-reset tokens. On the embedded database, then vacuums (`options.vacuum`).
 */
export class MaintenanceService {
  constructor(private readonly db: Db, private readonly recoverOrders?: () => Promise<{ applied: number; canceled: number; released: number }>,
    private readonly options: { vacuum?: boolean } = {}) {}

  async prune(now = new Date()): Promise<PruneCounts> {
    const { db } = this;
    const sessions = await inBatches(async () => {
      const { sessions: s } = schema;
      const due = db.select({ id: s.id }).from(s).where(lt(s.expiresAt, now)).limit(BATCH);
      return (await db.delete(s).where(inArray(s.id, due)).returning({ id: s.id })).length;
    });
    const carts = await inBatches(async () => {
      const { carts: c, sessions: s } = schema;
      const due = db.select({ id: c.cartId }).from(c).innerJoin(s, eq(s.id, c.sessionId))
        .where(and(isNull(s.customerId), lt(c.updatedAt, new Date(now.getTime() - ABANDONED_CART_DAYS * DAY_MS))))
        .limit(BATCH);
      return (await db.delete(c).where(inArray(c.cartId, due)).returning({ id: c.cartId })).length;
    });
    const searchQueries = await inBatches(async () => {
      const { searchQueries: q } = schema;
      const due = db.select({ id: q.historyId }).from(q).where(lt(q.createdAt, new Date(now.getTime() - SEARCH_LOG_DAYS * DAY_MS))).limit(BATCH);
      return (await db.delete(q).where(inArray(q.historyId, due)).returning({ id: q.historyId })).length;
    });
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const analyticsEvents = await inBatches(async () => {
      const { analyticsEvents: a } = schema;
      const due = db.select({ id: a.eventId }).from(a).where(lt(a.createdAt, daysAgo(ANALYTICS_DAYS))).limit(BATCH);
      return (await db.delete(a).where(inArray(a.eventId, due)).returning({ id: a.eventId })).length;
    });
    const formSubmissions = await inBatches(async () => {
      const { formSubmissions: f } = schema;
      const due = db.select({ id: f.id }).from(f).where(lt(f.createdAt, daysAgo(FORM_SUBMISSION_DAYS))).limit(BATCH);
      return (await db.delete(f).where(inArray(f.id, due)).returning({ id: f.id })).length;
    });
    // stock changes are read by the catalogue's poll within seconds; an hour is plenty
    await db.delete(schema.stockChanges).where(lt(schema.stockChanges.changedAt, new Date(now.getTime() - 3_600_000)));
    // sign-in attempts count only inside their window; reset tokens live 30 minutes and count
    // towards the hourly reset-mail limit, so a day covers both
    await db.delete(schema.signInAttempts).where(lt(schema.signInAttempts.attemptedAt, new Date(now.getTime() - SIGN_IN_WINDOW_MINUTES * 60_000)));
    await db.delete(schema.passwordResets).where(lt(schema.passwordResets.createdAt, new Date(now.getTime() - DAY_MS)));
    const counts: PruneCounts = { sessions, carts, searchQueries, analyticsEvents, formSubmissions };
    if (this.recoverOrders) counts.orders = await this.recoverOrders();
    if (this.options.vacuum) counts.vacuumed = await this.vacuum();
    return counts;
  }

  /**
   * VACUUM (ANALYZE) of every table that needs it, one statement per table (tableUpkeep: a table
   * that never held a row is left without statistics). The embedded database runs no autovacuum:
   * without this, rows an order or a cart change leaves behind are never reclaimed, the planner
   * never learns the tables' sizes, and old transaction ids are never frozen (after about two
   * billion writes PostgreSQL refuses to write). A table at a time, so requests wait at most for
   * one table's turn (its one connection runs one statement at a time). Answers how many it vacuumed.
   */
  async vacuum(): Promise<number> {
    let vacuumed = 0;
    for (const table of await tableUpkeep(this.db)) {
      if (!table.vacuum) continue;
      const name = sql.identifier(table.name);
      await this.db.execute(table.analyze ? sql`VACUUM (ANALYZE) ${name}` : sql`VACUUM ${name}`);
      vacuumed += 1;
    }
    return vacuumed;
  }

  /** Whether this service vacuums (the embedded database, which has no autovacuum). */
  get vacuums(): boolean {
    return this.options.vacuum === true;
  }

  /** ANALYZE of the tables that grew well past their statistics (grownTables); answers their names. */
  async analyzeGrown(): Promise<string[]> {
    const names = await grownTables(this.db);
    for (const name of names) await this.db.execute(sql`ANALYZE ${sql.identifier(name)}`);
    return names;
  }
}

async function inBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const removed = await deleteBatch();
    total += removed;
    if (removed < BATCH) return total;
  }
}

/**
 * Prunes now and then every `intervalMinutes` until stopped; the timers do not keep the process
 * alive. A run still going when the next is due is not doubled. A vacuuming service (the embedded
 * database) also looks every `statisticsIntervalSeconds` for tables grown past their statistics,
 * as autovacuum would: never beside a pruning, and a pruning due meanwhile runs right after it.
 */
export function schedulePruning(service: MaintenanceService, options: {
  intervalMinutes: number;
  log: (message: string) => void;
  /** how often a vacuuming service looks for tables grown past their statistics (default 15) */
  statisticsIntervalSeconds?: number;
}) {
  let pruning: Promise<void> | null = null;
  let looking: Promise<void> | null = null;
  const run = () => {
    if (pruning) return;
    let started = Date.now();
    pruning = (looking ?? Promise.resolve())
      .then(() => { started = Date.now(); return service.prune(); })
      .then((c) => options.log(`pruned ${c.sessions} expired sessions, ${c.carts} abandoned guest carts, ${c.searchQueries} old search-log rows, `
        + `${c.analyticsEvents} old analytics events, ${c.formSubmissions} old form submissions`
        + `${c.orders ? `, recovered ${c.orders.applied} and canceled ${c.orders.canceled} interrupted orders, released ${c.orders.released} card holds` : ""}`
        + `${c.vacuumed === undefined ? "" : `, vacuumed ${c.vacuumed} tables`} in ${Date.now() - started} ms`))
      .catch((error: unknown) => options.log(`pruning failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => { pruning = null; });
  };
  const look = () => {
    if (pruning || looking) return;
    looking = service.analyzeGrown()
      .then((names) => { if (names.length > 0) options.log(`analysed ${names.join(", ")}: grown since their statistics`); })
      .catch((error: unknown) => options.log(`statistics failed: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => { looking = null; });
  };
  run();
  const timer = setInterval(run, options.intervalMinutes * 60_000);
  timer.unref();
  const statistics = service.vacuums ? setInterval(look, (options.statisticsIntervalSeconds ?? 15) * 1000) : undefined;
  statistics?.unref();
  return {
    /** Stops the schedule and waits for a run in progress, so the database can close after. */
    async stop() {
      clearInterval(timer);
      clearInterval(statistics);
      await Promise.all([pruning, looking]);
    },
  };
}
