import { sql } from "drizzle-orm";
import { rowsOf } from "../product/list-item";
import type { Db } from "./client";

/** Transaction-id age past which an empty table is vacuumed all the same, so it never holds back freezing. */
const FREEZE_AGE = 100_000_000;

/** What VACUUM (ANALYZE) a public table needs. */
export interface TableUpkeep {
  name: string;
  /** it holds rows: its statistics are worth taking */
  analyze: boolean;
  /** it holds pages (dead rows to reclaim) or its transaction ids are getting old */
  vacuum: boolean;
}

/**
 * The public tables and what each needs. A table that never held a row keeps no statistics: the
 * planner then sizes it at ten pages at least, so a new store's first lookups of sessions, carts
 * and orders are planned as index scans. Statistics taken while a table is empty say it stays
 * empty: the api's named statements, planned from them, kept sequential scans of carts and
 * sessions as they grew, until autovacuum analysed them again a minute or more later (on the
 * embedded database, the next pruning run, up to an hour). A freshly seeded store on a
 * PostgreSQL server served about a third fewer adds to cart per second meanwhile.
 */
export async function tableUpkeep(db: Db): Promise<TableUpkeep[]> {
  const tables = await rowsOf<{ name: string; pages: boolean; old: boolean }>(db, sql`SELECT c.relname AS name,
      pg_relation_size(c.oid) > 0 AS pages, age(c.relfrozenxid) > ${FREEZE_AGE} AS old
    FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace ORDER BY c.relname`);
  const upkeep: TableUpkeep[] = [];
  for (const table of tables) {
    const held = table.pages && (await rowsOf<{ held: boolean }>(db, sql`SELECT EXISTS (SELECT FROM ${sql.identifier(table.name)}) AS held`))[0]!.held;
    upkeep.push({ name: table.name, analyze: held, vacuum: table.pages || table.old });
  }
  return upkeep;
}

/**
 * Analysed tables that have more than doubled (by at least 8 pages) since their statistics were
 * taken. The embedded database has no autovacuum to analyse them again as they grow: named
 * statements keep plans made for their old size. A store analysed while its carts were few added
 * 668, 488, 408 and then 346 calls a second in four runs back to back as its tables grew; looked
 * for every 15 s, 666, 930, 933 and 938.
 */
export async function grownTables(db: Db): Promise<string[]> {
  return (await rowsOf<{ name: string }>(db, sql`SELECT c.relname AS name FROM pg_class c
    WHERE c.relkind = 'r' AND c.relnamespace = 'public'::regnamespace AND c.reltuples >= 0
      AND pg_relation_size(c.oid) / current_setting('block_size')::int > 2 * c.relpages + 8
    ORDER BY c.relname`)).map((r) => r.name);
}
