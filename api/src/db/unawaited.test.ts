import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client";
import { withUnawaited } from "./unawaited";
import { createTestDatabase } from "../test/database";

let database: Database;
type Tx = Parameters<Parameters<Database["db"]["transaction"]>[0]>[0];
/** Rows in the table, as `on` (the database, or a transaction) sees them. */
const count = async (on: Database["db"] | Tx = database.db) =>
  Number(((await on.execute(sql`SELECT count(*)::int AS n FROM unawaited_rows`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE unawaited_rows (id int PRIMARY KEY)`);
});
afterAll(async () => {
  await database?.close();
});

describe("statements sent without waiting, inside a transaction", () => {
  it("all land before the commit, and the next awaited statement sees every one of them", async () => {
    await database.db.execute(sql`DELETE FROM unawaited_rows`);
    const seen = await database.db.transaction((tx) => withUnawaited(async (unawaited) => {
      for (let id = 1; id <= 20; id++) unawaited.add(tx.execute(sql`INSERT INTO unawaited_rows VALUES (${id})`));
      // an awaited statement sent after them sees every one of them
      return count(tx);
    }));
    expect(seen).toBe(20);
    expect(await count()).toBe(20);
  });

  it("are rolled back with the transaction when the body throws after sending them: none runs outside it", async () => {
    await database.db.execute(sql`DELETE FROM unawaited_rows`);
    await expect(database.db.transaction((tx) => withUnawaited(async (unawaited) => {
      for (let id = 1; id <= 20; id++) unawaited.add(tx.execute(sql`INSERT INTO unawaited_rows VALUES (${id})`));
      throw new Error("refused after sending");
    }))).rejects.toThrow("refused after sending");
    expect(await count()).toBe(0);
  });

  it("fail the transaction as the first failed one did, and nothing of it stays", async () => {
    await database.db.execute(sql`DELETE FROM unawaited_rows`);
    const failed = database.db.transaction((tx) => withUnawaited(async (unawaited) => {
      unawaited.add(tx.execute(sql`INSERT INTO unawaited_rows VALUES (1)`));
      unawaited.add(tx.execute(sql`INSERT INTO unawaited_rows VALUES (1)`)); // a duplicate key
      unawaited.add(tx.execute(sql`INSERT INTO unawaited_rows VALUES (2)`));
      return "returned";
    }));
    await expect(failed).rejects.toMatchObject({ cause: { code: "23505" } });
    expect(await count()).toBe(0);
  });
});

