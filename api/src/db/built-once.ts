import { getTableName, sql, type Placeholder } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** What drizzle's prepared query holds besides its text: how its rows are mapped (fields, and which joined tables may be null). */
interface Built {
  getQuery(): { sql: string; params: unknown[] };
  fields?: unknown;
  joinsNotNullableMap?: unknown;
}

/** A query builder with sql.placeholder values (`db.insert(…).values(…).returning()` and the like). */
interface Preparable {
  prepare(name?: string): unknown;
}

/** Shapes kept at most: the api has a few dozen; more means a shape names something it should not. */
const MAX_SHAPES = 512;

/** `values` with every defined value replaced by a placeholder named `prefix + key` (an undefined value is left out, as drizzle leaves it). */
export function placeholders(values: Record<string, unknown>, prefix = ""): Record<string, Placeholder> {
  const out: Record<string, Placeholder> = {};
  for (const key of Object.keys(values).sort()) if (values[key] !== undefined) out[key] = sql.placeholder(prefix + key);
  return out;
}

/** `values` with every key prefixed, to fill the placeholders `placeholders(values, prefix)` made. */
export function prefixed(values: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) out[prefix + key] = value;
  return out;
}

/**
 * Statements whose text drizzle builds once per shape. Drizzle builds a query's text on every call
 * (60 to 140 µs here for a cart update or an order insert, about as long as the server takes to run
 * it), and its own prepared queries are bound to the connection they were made on, so they cannot
 * run inside a transaction (drizzle-orm#613). A shape is built once, with `sql.placeholder` for
 * every value, and then runs on the database or transaction it is given with that call's values
 * (each still encoded by its column, as a built query's would be).
 */
export class BuiltOnce {
  private readonly built = new Map<string, Built>();

  /**
   * Runs the statement `build` makes for `shape` (a name for everything the text depends on: a
   * fixed statement's name, or its name and the columns it writes). Answers what the builder's own
   * execute would.
   */
  run<R>(db: Db, shape: string, build: (db: Db) => Preparable, values: Record<string, unknown>): Promise<R> {
    let built = this.built.get(shape);
    if (!built) {
      built = build(db).prepare() as Built;
      if (this.built.size < MAX_SHAPES) this.built.set(shape, built);
    }
    const session = db._.session as unknown as {
      prepareQuery(query: { sql: string; params: unknown[] }, fields: unknown, name: undefined, arrayMode: boolean): Built & { execute(values: Record<string, unknown>): Promise<R> };
    };
    const prepared = session.prepareQuery(built.getQuery(), built.fields, undefined, true);
    prepared.joinsNotNullableMap = built.joinsNotNullableMap;
    return prepared.execute(values);
  }

  /** `INSERT … RETURNING *` of these rows (each row's values under `<row index>.<key>`). */
  insert<T extends PgTable>(db: Db, table: T, rows: T["$inferInsert"][]): Promise<T["$inferSelect"][]> {
    const values = Object.assign({}, ...rows.map((row, i) => prefixed(row, `${i}.`))) as Record<string, unknown>;
    const shape = rows.map((row) => Object.keys(placeholders(row)).join());
    return this.run(db, `insert ${getTableName(table)}: ${shape.join("|")}`,
      (d) => d.insert(table).values(rows.map((row, i) => placeholders(row, `${i}.`)) as never).returning(), values);
  }
}
