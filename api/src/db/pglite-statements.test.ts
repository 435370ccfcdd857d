import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite, types } from "@electric-sql/pglite";
import { PgliteStatements } from "./pglite-statements";

/** Runs a statement twice through the named path's client (the second run is the named one). */
const twice = async <T>(client: PGlite, text: string, params: unknown[], options?: Parameters<PGlite["query"]>[2]) => {
  const first = await client.query<T>(text, params, options);
  const second = await client.query<T>(text, params, options);
  return { first, second };
};

describe("PgliteStatements (named statements on the embedded database)", () => {
  let pg: PGlite;
  let client: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
    client = new PgliteStatements(pg).client();
    await pg.exec(`
      CREATE TABLE items (id serial PRIMARY KEY, name text UNIQUE NOT NULL, data jsonb, at timestamptz NOT NULL DEFAULT now(), tags int[]);
      CREATE FUNCTION items_notify() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_notify('items_changed', NEW.name); RETURN NEW; END $$;
      CREATE TRIGGER items_notify AFTER INSERT ON items FOR EACH ROW EXECUTE FUNCTION items_notify();`);
  });
  afterAll(async () => {
    await pg.close();
  });

  const prepared = async () => (await pg.query<{ name: string }>("SELECT name FROM pg_prepared_statements")).rows.map((r) => r.name);

  it("prepares a statement the second time its text comes and answers as PGlite's own query does", async () => {
    const text = "INSERT INTO items (name, data, tags) VALUES ($1, $2, $3) RETURNING id, name, data, at, tags";
    expect(await prepared()).toEqual([]);
    const own = await pg.query(text, ["own", { a: 1 }, [1, 2]]);
    const a = await client.query(text, ["named-1", { a: 1 }, [1, 2]]);
    expect(await prepared()).toEqual([]);
    const b = await client.query(text, ["named-2", { a: 1 }, [1, 2]]);
    expect(await prepared()).toEqual([expect.stringMatching(/^s_/)]);
    for (const result of [a, b]) {
      expect(result.fields).toEqual(own.fields);
      expect(result.affectedRows).toBe(1);
      expect(result.rows).toHaveLength(1);
      const row = result.rows[0] as Record<string, unknown>;
      expect(row.data).toEqual({ a: 1 });
      expect(row.tags).toEqual([1, 2]);
      expect(row.at).toBeInstanceOf(Date);
    }
    expect((b.rows[0] as { name: string }).name).toBe("named-2");
  });

  it("keeps the caller's parsers and row mode", async () => {
    const text = "SELECT name, at FROM items WHERE name = $1";
    const options = { rowMode: "array" as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => `raw:${value}` } };
    const { first, second } = await twice(client, text, ["named-1"], options);
    expect(second.rows).toEqual(first.rows);
    const [name, at] = second.rows[0] as [string, string];
    expect(name).toBe("named-1");
    expect(at).toMatch(/^raw:\d{4}-/);
    expect(await prepared()).toHaveLength(2);
  });

  it("counts rows an update touches and answers no rows for none", async () => {
    const text = "UPDATE items SET data = $1 WHERE name LIKE $2";
    const { second } = await twice(client, text, [{ b: 2 }, "named-%"]);
    expect(second.affectedRows).toBe(2);
    expect(second.rows).toEqual([]);
    const none = await client.query(text, [{ b: 2 }, "nobody"]);
    expect(none.affectedRows).toBe(0);
  });

  it("a failing named statement throws its SQLSTATE and the database goes on answering", async () => {
    const text = "INSERT INTO items (name) VALUES ($1)";
    await twice(client, text, ["dup-a"]).catch(() => undefined);
    await expect(client.query(text, ["dup-a"])).rejects.toMatchObject({ code: "23505" });
    const after = await client.query("SELECT count(*)::int AS n FROM items WHERE name = $1", ["dup-a"]);
    expect(after.rows).toEqual([{ n: 1 }]);
  });

  it("inside a transaction, named statements roll back with it", async () => {
    const text = "INSERT INTO items (name) VALUES ($1)";
    await expect(client.transaction(async (tx) => {
      await tx.query(text, ["tx-1"]);
      await tx.query(text, ["tx-2"]);
      await tx.query(text, ["tx-2"]); // unique violation: the transaction fails
    })).rejects.toMatchObject({ code: "23505" });
    const left = await pg.query("SELECT name FROM items WHERE name LIKE 'tx-%'");
    expect(left.rows).toEqual([]);
    await client.transaction(async (tx) => {
      await tx.query(text, ["tx-3"]);
      await tx.query(text, ["tx-4"]);
    });
    expect((await pg.query("SELECT name FROM items WHERE name LIKE 'tx-%' ORDER BY name")).rows).toEqual([{ name: "tx-3" }, { name: "tx-4" }]);
  });

  it("a query sent while a transaction runs waits for it (it never lands inside it)", async () => {
    const text = "SELECT count(*)::int AS n FROM items WHERE name LIKE $1";
    await twice(client, text, ["wait-%"]);
    let release!: () => void;
    const holding = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("INSERT INTO items (name) VALUES ($1)", ["wait-1"]);
      await holding;
      await tx.rollback();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = client.query(text, ["wait-%"]);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 0 }]);
  });

  it("delivers notifications a named statement raises", async () => {
    const heard: string[] = [];
    const stop = await client.listen("items_changed", (payload) => heard.push(payload));
    const text = "INSERT INTO items (name) VALUES ($1)";
    await client.query(text, ["heard-1"]);
    await client.query(text, ["heard-2"]);
    for (let i = 0; i < 50 && heard.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await stop();
    expect(heard).toEqual(["heard-1", "heard-2"]);
  });
});
