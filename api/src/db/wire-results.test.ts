import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite, types, type QueryOptions } from "@electric-sql/pglite";
import { PgliteStatements } from "./pglite-statements";
import { ARRAY_TYPES_QUERY, defaultParsers, readResults, type TypeParsers } from "./wire-results";

describe("readResults (a named statement's answer, read from the wire protocol's bytes)", () => {
  let pg: PGlite;
  let statements: PgliteStatements;
  let defaults: TypeParsers;

  beforeAll(async () => {
    pg = await PGlite.create();
    statements = new PgliteStatements(pg);
    await pg.exec(`
      CREATE TYPE mood AS ENUM ('calm', 'busy');
      CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL UNIQUE, data jsonb, tags text[], counts int[], moods mood[],
        at timestamptz, day date, price numeric(10,2), big bigint, ok boolean, note text, score float8, raw bytea);
      INSERT INTO things VALUES
        (1, 'Küche — 冷蔵庫 🛋', '{"a":[1,{"b":"ü"}],"n":null}', ARRAY['a,b', 'say "hi"', NULL, ''], ARRAY[1, 2, 3], ARRAY['calm', 'busy']::mood[],
          '2026-11-28 10:00:00.123+00', '2026-02-01', 1234.50, 9007199254740993, true, NULL, 0.1, '\\x00ff10'),
        (2, 'plain', NULL, '{}', NULL, NULL, NULL, NULL, NULL, 12, false, 'x', NULL, NULL);`);
    // PGlite's own query knows the enum's array type only once told (as it knows the types at its start)
    await pg.refreshArrayTypes();
    defaults = defaultParsers((await pg.query<{ oid: number; typarray: number }>(ARRAY_TYPES_QUERY)).rows.map((r) => [r.oid, r.typarray] as const));
  });
  afterAll(async () => {
    await pg.close();
  });

  /** The statement's bytes as its named run answers them (it goes named the second time its text comes). */
  async function wire(text: string, params: unknown[], options?: QueryOptions): Promise<Uint8Array> {
    await statements.answer(undefined, text, params, options).catch(() => undefined);
    const answer = await statements.answer(undefined, text, params, options);
    if (!(answer instanceof Uint8Array)) throw new Error("the statement did not run named");
    return answer;
  }

  it("reads every column as PGlite's own query does, as objects and as arrays", async () => {
    const text = "SELECT * FROM things WHERE id = ANY($1::int[]) ORDER BY id";
    for (const rowMode of ["object", "array"] as const) {
      const own = await pg.query(text, [[1, 2]], { rowMode });
      const read = readResults(await wire(text, [[1, 2]], { rowMode }), { rowMode, defaults });
      expect(read.rows).toEqual(own.rows);
      expect(read.fields).toEqual(own.fields);
      expect(read.rowCount).toBe(2);
    }
    const [row] = (readResults<Record<string, unknown>>(await wire(text, [[1]]), { defaults })).rows;
    expect(row).toMatchObject({
      name: "Küche — 冷蔵庫 🛋", data: { a: [1, { b: "ü" }], n: null }, tags: ["a,b", 'say "hi"', null, ""], counts: [1, 2, 3],
      moods: ["calm", "busy"], day: new Date("2026-02-01T00:00:00Z"), price: "1234.50", big: 9007199254740993n, ok: true, note: null, score: 0.1,
    });
    expect(row!.at).toEqual(new Date("2026-11-28T10:00:00.123Z"));
    expect(row!.raw).toEqual(new Uint8Array([0, 255, 16]));
  });

  it("binds null, empty, multi-byte and array values as PGlite's own query does", async () => {
    const text = "SELECT $1::text AS a, $2::text AS b, $3::text AS c, $4::int[] AS d, $5::jsonb AS e, length($3) AS chars, octet_length($3) AS bytes";
    const params = [null, "", "Küche — 冷蔵庫 🛋", [1, null, 3], { w: "ü", n: [1, 2] }];
    const own = await pg.query(text, params);
    const read = readResults(await wire(text, params), { defaults });
    expect(read.rows).toEqual(own.rows);
    expect(read.rows).toEqual([{ a: null, b: "", c: "Küche — 冷蔵庫 🛋", d: [1, null, 3], e: { w: "ü", n: [1, 2] }, chars: 13, bytes: 25 }]);
  });

  it("puts the caller's parsers ahead of the defaults", async () => {
    const text = "SELECT at, id FROM things WHERE id = $1";
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => `text:${value}` };
    const read = readResults(await wire(text, [1], { parsers }), { parsers, defaults });
    expect(read.rows).toEqual([{ at: "text:2026-11-28 10:00:00.123+00", id: 1 }]);
  });

  it("answers what a write did: its command, the rows it wrote and those it returned", async () => {
    const update = "UPDATE things SET note = $1 WHERE id <= $2";
    const written = readResults(await wire(update, ["n", 5]), { defaults });
    expect(written).toMatchObject({ command: "UPDATE", affectedRows: 2, rowCount: 2, rows: [] });
    const none = readResults(await wire(update, ["n", 0]), { defaults });
    expect(none).toMatchObject({ command: "UPDATE", affectedRows: 0, rows: [] });
    const returning = "UPDATE things SET note = $1 WHERE id = $2 RETURNING id, note";
    expect(readResults(await wire(returning, ["r", 2]), { defaults })).toMatchObject({ command: "UPDATE", affectedRows: 1, rows: [{ id: 2, note: "r" }] });
    const select = readResults(await wire("SELECT id FROM things WHERE id > $1", [100]), { defaults });
    expect(select).toMatchObject({ command: "SELECT", affectedRows: 0, rowCount: 0, rows: [] });
  });

  it("throws the statement's error with its SQLSTATE and details, as PGlite's DatabaseError", async () => {
    const text = "INSERT INTO things (id, name) VALUES ($1, $2)";
    const own = (await pg.query(text, [1, "again"]).catch((e: unknown) => e)) as Record<string, unknown>;
    const bytes = await wire(text, [1, "again"]);
    let read: unknown;
    try {
      readResults(bytes, { defaults, query: text });
    } catch (error) {
      read = error;
    }
    expect(read).toBeInstanceOf(Error);
    const fields = ["message", "name", "severity", "code", "detail", "schema", "table", "constraint", "routine"] as const;
    for (const field of fields) expect((read as Record<string, unknown>)[field], field).toEqual(own[field]);
    expect(read).toMatchObject({ code: "23505", constraint: "things_pkey", detail: "Key (id)=(1) already exists.", query: text });
  });

  it("hands a statement's notifications to onNotification, channel and payload as sent", async () => {
    await pg.exec("LISTEN shelf");
    const text = "SELECT pg_notify($1, $2), pg_notify($1, 'second')";
    const heard: Array<[string, string]> = [];
    const read = readResults(await wire(text, ["shelf", "Küche 🛋"]), { defaults, onNotification: (channel, payload) => heard.push([channel, payload]) });
    expect(read.rows).toHaveLength(1);
    // the first run (unnamed) went to PGlite's own reader; the named one's come here
    expect(heard).toEqual([["shelf", "Küche 🛋"], ["shelf", "second"]]);
  });
});
