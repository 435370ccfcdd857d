/**
 * Bulk insert for the seed. Each statement ships a batch of rows as ONE json parameter and lets
 * PostgreSQL expand it with json_to_recordset: a single bind value instead of tens of thousands
 * keeps statement building cheap in JavaScript, stays clear of the 65,535-parameter limit, and is
 * several times faster than a multi-row VALUES list on the embedded database.
 */
import { SQL, getTableColumns, is, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";

/** Anything that can run a statement: the database or a transaction. */
export type Executor = Pick<Db, "execute">;

const RECORDSET_TYPES: Readonly<Record<string, string>> = { serial: "integer", bigserial: "bigint", smallserial: "smallint" };

/**
 * Inserts rows in batches of `batchSize`. Rows are keyed by the table's TypeScript property
 * names; a key some rows leave out takes the column's static default (or NULL when it has none).
 */
export async function insertRows<T extends PgTable>(db: Executor, table: T, rows: readonly T["$inferInsert"][], batchSize = 1000): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = getTableColumns(table);
  const keys = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) keys.add(key);
  const names: string[] = [];
  const definitions: string[] = [];
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`insertRows: no column "${key}"`);
    const type = column.getSQLType();
    names.push(`"${column.name}"`);
    definitions.push(`"${column.name}" ${RECORDSET_TYPES[type] ?? type}`);
  }
  // Property names become column names in the JSON so json_to_recordset can match them.
  const renames = [...keys].map((key) => {
    const column = columns[key];
    const fallback = column.hasDefault && column.default !== undefined && !is(column.default, SQL) ? column.default : null;
    if (column.hasDefault && fallback === null && column.notNull) {
      // e.g. defaultNow(): the SELECT form cannot ask for DEFAULT, so every row must set it
      for (const row of rows) if ((row as Record<string, unknown>)[key] === undefined) throw new Error(`insertRows: "${key}" needs a value in every row`);
    }
    return [key, column.name, fallback] as const;
  });
  const columnList = sql.raw(names.join(", "));
  const recordType = sql.raw(definitions.join(", "));
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize).map((row) => {
      const out: Record<string, unknown> = {};
      const source = row as Record<string, unknown>;
      for (const [key, name, fallback] of renames) out[name] = source[key] === undefined ? fallback : source[key];
      return out;
    });
    await db.execute(sql`INSERT INTO ${table} (${columnList}) SELECT ${columnList} FROM json_to_recordset(${JSON.stringify(batch)}::json) AS r(${recordType})`);
  }
  return rows.length;
}
