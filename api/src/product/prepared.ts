import { PGlite } from "@electric-sql/pglite";
import type { Db } from "../db/client";

export type PreparedParam = number[] | string[] | boolean;

interface PgPoolLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/** `{1,2}` / `{"a","b"}`: a PostgreSQL array literal. */
function arrayLiteral(values: number[] | string[]): string {
  return `{${(values as Array<number | string>).map((v) => {
    if (typeof v === "number") {
      if (!Number.isInteger(v)) throw new Error("integer array parameter expected");
      return String(v);
    }
    return `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  }).join(",")}}`;
}

/** A parameter as an SQL literal for EXECUTE (an escape string, so no setting changes its meaning). */
function sqlLiteral(param: PreparedParam): string {
  if (typeof param === "boolean") return param ? "true" : "false";
  const text = arrayLiteral(param);
  if (text.includes("\0")) throw new Error("NUL in a parameter");
  return `E'${text.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * A statement planned once per connection and then only executed: for a large statement run
 * on every request batch, planning costs as much as running it. On a PostgreSQL server the
 * driver prepares it per pooled connection; the embedded database has one connection and is
 * prepared with PREPARE, then run with EXECUTE and literal parameters (arrays and booleans only,
 * escaped above). Parameters are $1…$n in `text`, typed by `types`.
 */
export class PreparedStatement<Row> {
  private prepared: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly types: string[],
    private readonly text: string,
  ) {}

  async run(params: PreparedParam[]): Promise<Row[]> {
    const client = (this.db as unknown as { $client: unknown }).$client;
    if (client instanceof PGlite) {
      this.prepared ??= client
        .query(`PREPARE ${this.name}(${this.types.join(", ")}) AS ${this.text}`)
        .then(() => undefined, (error: { code?: string }) => {
          if (error.code !== "42P05") { // already prepared on this connection
            this.prepared = null;
            throw error;
          }
        });
      await this.prepared;
      const result = await client.query<Row>(`EXECUTE ${this.name}(${params.map(sqlLiteral).join(", ")})`);
      return result.rows;
    }
    const values = params.map((p) => (typeof p === "boolean" ? p : arrayLiteral(p)));
    const result = await (client as PgPoolLike).query({ name: this.name, text: this.text, values });
    return result.rows as Row[];
  }
}
