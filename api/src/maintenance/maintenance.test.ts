import { describe, expect, it } from "vitest";
import { sql, type SQL } from "drizzle-orm";
import { schema } from "../db/client";
import { useTestApp } from "../test/app";
import { MaintenanceService, schedulePruning } from "./service";

const ctx = useTestApp();
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const ahead = (days: number) => new Date(Date.now() + days * DAY);

const rows = async <T>(query: SQL) => ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
const ids = async (table: "sessions" | "carts" | "search_queries", column: string) =>
  (await rows<{ id: string }>(sql.raw(`SELECT ${column}::text AS id FROM ${table} ORDER BY 1`))).map((r) => r.id);

describe("pruning", () => {
  it("removes expired sessions with their carts, abandoned guest carts and old search-log rows; keeps the rest and the suggestions", async () => {
    const [customer] = await ctx.db.insert(schema.customers)
      .values({ email: "keep@example.com", firstname: "K", lastname: "P", passwordHash: "x" }).returning();
    await ctx.db.insert(schema.sessions).values([
      { id: "expired-guest", csrfToken: "t", expiresAt: ago(1) },
      { id: "expired-customer", customerId: customer!.entityId, csrfToken: "t", expiresAt: new Date(Date.now() - 1000) },
      { id: "live-guest", csrfToken: "t", expiresAt: ahead(1) },
      { id: "live-guest-old-cart", csrfToken: "t", expiresAt: ahead(20) },
      { id: "live-customer-old-cart", customerId: customer!.entityId, csrfToken: "t", expiresAt: ahead(20) },
    ]);
    await ctx.db.insert(schema.carts).values([
      { sessionId: "expired-guest", updatedAt: ago(0) },
      { sessionId: "live-guest", updatedAt: ago(29) },
      { sessionId: "live-guest-old-cart", updatedAt: ago(31) },
      { sessionId: "live-customer-old-cart", updatedAt: ago(31) },
    ]);
    await ctx.db.insert(schema.searchQueries).values([
      { query: "Old Fridge", resultSize: 3, createdAt: ago(91) },
      { query: "old fridge", resultSize: 3, createdAt: ago(200) },
      { query: "recent sofa", resultSize: 2, createdAt: ago(89) },
    ]);
    const termsBefore = await rows<{ query: string; count: number }>(sql`SELECT query, count FROM search_terms ORDER BY query`);
    expect(termsBefore).toEqual([{ query: "old fridge", count: 2 }, { query: "recent sofa", count: 1 }]);

    const removed = await new MaintenanceService(ctx.db).prune();

    expect(removed).toEqual({ sessions: 2, carts: 1, searchQueries: 2, analyticsEvents: 0, formSubmissions: 0 });
    expect(await ids("sessions", "id")).toEqual(["live-customer-old-cart", "live-guest", "live-guest-old-cart"]);
    expect((await rows<{ session_id: string }>(sql`SELECT session_id FROM carts ORDER BY 1`)).map((r) => r.session_id))
      .toEqual(["live-customer-old-cart", "live-guest"]);
    expect((await rows<{ query: string }>(sql`SELECT query FROM search_queries`)).map((r) => r.query)).toEqual(["recent sofa"]);
    // suggestions keep what the removed searches taught them
    expect(await rows(sql`SELECT query, count FROM search_terms ORDER BY query`)).toEqual(termsBefore);

    // nothing left to do: a second run removes nothing
    expect(await new MaintenanceService(ctx.db).prune()).toEqual({ sessions: 0, carts: 0, searchQueries: 0, analyticsEvents: 0, formSubmissions: 0 });
  });

  it("removes sign-in attempts past their window and reset tokens older than a day; keeps recent ones", async () => {
    await ctx.db.execute(sql`INSERT INTO sign_in_attempts (login, attempted_at) VALUES ('old', ${new Date(Date.now() - 16 * 60_000)}), ('recent', now())`);
    const [customer] = await ctx.db.insert(schema.customers).values({ email: "prune@example.com", firstname: "P", lastname: "R", passwordHash: "x" }).returning();
    await ctx.db.insert(schema.passwordResets).values([
      { customerId: customer!.entityId, tokenHash: "old-token", expiresAt: ago(2), createdAt: ago(2) },
      { customerId: customer!.entityId, tokenHash: "recent-token", expiresAt: ago(0.01), createdAt: ago(0.03) },
    ]);
    await new MaintenanceService(ctx.db).prune();
    expect((await rows<{ login: string }>(sql`SELECT login FROM sign_in_attempts ORDER BY 1`)).map((r) => r.login)).toEqual(["recent"]);
    expect((await rows<{ token_hash: string }>(sql`SELECT token_hash FROM password_resets ORDER BY 1`)).map((r) => r.token_hash)).toEqual(["recent-token"]);
  });

  it("removes analytics events after 90 days and form submissions after a year; keeps younger ones", async () => {
    await ctx.db.insert(schema.analyticsEvents).values([
      { event: "old", createdAt: ago(91) },
      { event: "recent", createdAt: ago(89) },
    ]);
    await ctx.db.insert(schema.formSubmissions).values([
      { form: "contact", fields: {}, email: "old@example.com", createdAt: ago(366) },
      { form: "contact", fields: {}, email: "recent@example.com", createdAt: ago(300) },
    ]);
    const removed = await new MaintenanceService(ctx.db).prune();
    expect(removed).toMatchObject({ analyticsEvents: 1, formSubmissions: 1 });
    expect((await rows<{ event: string }>(sql`SELECT event FROM analytics_events`)).map((r) => r.event)).toEqual(["recent"]);
    expect((await rows<{ email: string }>(sql`SELECT email FROM form_submissions`)).map((r) => r.email)).toEqual(["recent@example.com"]);
  });

  it("works through a backlog larger than one batch", async () => {
    await ctx.db.execute(sql`INSERT INTO sessions (id, csrf_token, expires_at)
      SELECT 'backlog-' || g, 't', now() - interval '2 days' FROM generate_series(1, 2500) g`);
    const removed = await new MaintenanceService(ctx.db).prune();
    expect(removed.sessions).toBe(2500);
    expect((await ids("sessions", "id")).filter((id) => id.startsWith("backlog-"))).toEqual([]);
  });

  it("vacuums and analyses every table holding rows when asked (the embedded database runs no autovacuum); a table that never held a row keeps no statistics", async () => {
    // tables of their own: nothing else in the file writes them, and 300 rows are below autovacuum's thresholds
    await ctx.db.execute(sql`CREATE TABLE vacuum_probe (id int)`);
    await ctx.db.execute(sql`INSERT INTO vacuum_probe SELECT g FROM generate_series(1, 300) g`);
    await ctx.db.execute(sql`CREATE TABLE vacuum_probe_never (id int)`);
    await ctx.db.execute(sql`CREATE TABLE vacuum_probe_emptied (id int)`);
    await ctx.db.execute(sql`INSERT INTO vacuum_probe_emptied SELECT g FROM generate_series(1, 300) g`);
    await ctx.db.execute(sql`DELETE FROM vacuum_probe_emptied`);
    const probe = async (table: string) => (await rows<{ visible: number; tuples: number; pages: number }>(sql`SELECT relallvisible AS visible,
      reltuples::int AS tuples, pg_relation_size(oid)::int / current_setting('block_size')::int AS pages FROM pg_class WHERE relname = ${table}`))[0]!;
    expect(await probe("vacuum_probe")).toEqual({ visible: 0, tuples: -1, pages: 2 });
    expect((await probe("vacuum_probe_emptied")).pages).toBe(2);
    const [{ n }] = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
      AND pg_relation_size(oid) > 0`);
    expect(await new MaintenanceService(ctx.db).prune()).not.toHaveProperty("vacuumed");
    expect((await probe("vacuum_probe")).visible).toBe(0);
    const counts = await new MaintenanceService(ctx.db, undefined, { vacuum: true }).prune();
    // every table with pages; not the one that never held a row
    expect(counts.vacuumed).toBe(n);
    const after = await probe("vacuum_probe");
    expect(after.visible).toBeGreaterThan(0);
    expect(after.tuples).toBe(300);
    // never held a row: no statistics (the planner sizes it from its pages as it grows)
    expect((await probe("vacuum_probe_never")).tuples).toBe(-1);
    // its dead rows reclaimed: the emptied pages are gone
    expect((await probe("vacuum_probe_emptied")).pages).toBe(0);
    await ctx.db.execute(sql`DROP TABLE vacuum_probe, vacuum_probe_never, vacuum_probe_emptied`);
  });

  it("analyses again a table that more than doubled since its statistics, and not one that grew by a third", async () => {
    const tuples = async (table: string) => (await rows<{ tuples: number }>(sql`SELECT reltuples::int AS tuples FROM pg_class WHERE relname = ${table}`))[0]!.tuples;
    for (const table of ["grow_probe", "grow_probe_small"]) {
      await ctx.db.execute(sql.raw(`CREATE TABLE ${table} (id int, pad text)`));
      await ctx.db.execute(sql.raw(`INSERT INTO ${table} SELECT g, repeat('x', 100) FROM generate_series(1, 300) g`));
      await ctx.db.execute(sql.raw(`ANALYZE ${table}`));
    }
    await ctx.db.execute(sql`INSERT INTO grow_probe SELECT g, repeat('x', 100) FROM generate_series(301, 3300) g`);
    await ctx.db.execute(sql`INSERT INTO grow_probe_small SELECT g, repeat('x', 100) FROM generate_series(301, 400) g`);
    const analysed = await new MaintenanceService(ctx.db, undefined, { vacuum: true }).analyzeGrown();
    expect(analysed).toContain("grow_probe");
    expect(analysed).not.toContain("grow_probe_small");
    expect(await tuples("grow_probe")).toBe(3300);
    expect(await tuples("grow_probe_small")).toBe(300);
    await ctx.db.execute(sql`DROP TABLE grow_probe, grow_probe_small`);
  });

  it("between prunings of the embedded database, analyses the tables that grew, and says so", async () => {
    await ctx.db.execute(sql`CREATE TABLE grow_scheduled (id int, pad text)`);
    await ctx.db.execute(sql`INSERT INTO grow_scheduled SELECT g, repeat('x', 100) FROM generate_series(1, 300) g`);
    const lines: string[] = [];
    const schedule = schedulePruning(new MaintenanceService(ctx.db, undefined, { vacuum: true }), {
      intervalMinutes: 60, statisticsIntervalSeconds: 0.2, log: (m) => lines.push(m),
    });
    try {
      // the pruning at start vacuums and analyses it (it holds rows)
      await expect.poll(() => lines.some((l) => l.startsWith("pruned ")), { timeout: 20_000 }).toBe(true);
      await ctx.db.execute(sql`INSERT INTO grow_scheduled SELECT g, repeat('x', 100) FROM generate_series(301, 3300) g`);
      await expect.poll(() => lines.find((l) => l.startsWith("analysed ")), { timeout: 10_000 })
        .toMatch(/^analysed (.+, )?grow_scheduled(, .+)?: grown since their statistics$/);
      expect((await rows<{ tuples: number }>(sql`SELECT reltuples::int AS tuples FROM pg_class WHERE relname = 'grow_scheduled'`))[0]!.tuples).toBe(3300);
    } finally {
      await schedule.stop();
      await ctx.db.execute(sql`DROP TABLE grow_scheduled`);
    }
  });

  it("never looks beside a pruning, and a pruning due during a look runs right after it", async () => {
    let prunes = 0;
    let looks = 0;
    let finishLook = () => {};
    const counts = { sessions: 0, carts: 0, searchQueries: 0, analyticsEvents: 0, formSubmissions: 0 };
    const service = {
      vacuums: true,
      prune: async () => { prunes += 1; return counts; },
      analyzeGrown: () => { looks += 1; return new Promise<string[]>((resolve) => { finishLook = () => resolve([]); }); },
    } as unknown as MaintenanceService;
    // a pruning every 0.6 s, a look every 0.1 s
    const schedule = schedulePruning(service, { intervalMinutes: 0.01, statisticsIntervalSeconds: 0.1, log: () => {} });
    try {
      await expect.poll(() => looks).toBe(1);
      const before = prunes;
      await new Promise((resolve) => setTimeout(resolve, 700));
      // a pruning came due at 0.6 s; the look still runs: no pruning beside it, and no second look
      expect(prunes).toBe(before);
      expect(looks).toBe(1);
      finishLook();
      // the pruning that came due runs now, not at the next one (1.2 s)
      await expect.poll(() => prunes, { timeout: 200 }).toBe(before + 1);
    } finally {
      finishLook();
      await schedule.stop();
    }
  });

  it("runs at once on schedule and logs what it removed", async () => {
    await ctx.db.insert(schema.sessions).values({ id: "scheduled-expired", csrfToken: "t", expiresAt: ago(3) });
    const lines: string[] = [];
    const schedule = schedulePruning(new MaintenanceService(ctx.db), { intervalMinutes: 60, log: (m) => lines.push(m) });
    await expect.poll(() => lines.length, { timeout: 10_000 }).toBe(1);
    await schedule.stop();
    expect(lines[0]).toMatch(/^pruned 1 expired sessions, 0 abandoned guest carts, 0 old search-log rows, 0 old analytics events, 0 old form submissions in \d+ ms$/);
    expect(await ids("sessions", "id")).not.toContain("scheduled-expired");
  });
});
