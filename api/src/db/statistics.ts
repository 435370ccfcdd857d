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
    const held = table.pages && (await rowsOf<{ held: boolean }>(db, sql.raw(`SELECT EXISTS (SELECT FROM ${quotedName(table.name)}) AS held`)))[0]!.held;
    upkeep.push({ name: table.name, analyze: held, vacuum: table.pages || table.old });
  }
  return upkeep;
}

/** A table name as an SQL identifier. */
export const quotedName = (name: string) => `"${name.replaceAll('"', '""')}"`;
