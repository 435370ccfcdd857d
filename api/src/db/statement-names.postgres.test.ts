import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema, type Database } from "./client";
import { createTestDatabase } from "../test/database";

// Runs only in the PostgreSQL pass: the embedded database has no named statements.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe("repeated statements on the server", () => {
  it("are prepared once per connection under their own name and answer as before", async () => {
    const { db } = database;
    const text = db.select({ code: schema.storeConfigs.storeCode }).from(schema.storeConfigs).where(eq(schema.storeConfigs.storeCode, "nowhere")).toSQL().sql;
    await db.insert(schema.storeConfigs).values({ storeCode: "nowhere", config: {} }).onConflictDoNothing();
    // one transaction: one connection, whose prepared statements are its own
    const { answers, prepared, several } = await db.transaction(async (tx) => {
      const answers: Array<Array<{ code: string }>> = [];
      for (let i = 0; i < 3; i++) answers.push(await tx.select({ code: schema.storeConfigs.storeCode }).from(schema.storeConfigs).where(eq(schema.storeConfigs.storeCode, "nowhere")));
      const found = await tx.execute(sql`SELECT name, statement FROM pg_prepared_statements WHERE statement = ${text}`);
      const prepared = (found as unknown as { rows: Array<{ name: string; statement: string }> }).rows;
      // a statement without parameters may hold several commands: it is never named
      const several = await tx.execute(sql.raw("SELECT 1 AS a; SELECT 2 AS b"));
      return { answers, prepared, several };
    });
    expect(answers).toEqual([[{ code: "nowhere" }], [{ code: "nowhere" }], [{ code: "nowhere" }]]);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]!.name).toMatch(/^s_[\w-]{22}$/);
    expect((several as unknown as Array<{ rows: unknown[] }>).map((result) => result.rows)).toEqual([[{ a: 1 }], [{ b: 2 }]]);
  });
});
