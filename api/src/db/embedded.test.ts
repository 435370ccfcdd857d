import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { types } from "@electric-sql/pglite";
import { EmbeddedClient } from "./embedded";

describe("the embedded database on its own thread", () => {
  let client: EmbeddedClient;
  beforeAll(async () => {
    client = await EmbeddedClient.create(undefined);
    await client.exec("CREATE TABLE items (id int PRIMARY KEY, name text NOT NULL, at timestamptz NOT NULL DEFAULT '2026-11-28 10:00:00+00')");
  });
  afterAll(async () => {
    await client.close();
  });

  it("answers a statement's rows, and its SQLSTATE and details when it fails, inside a transaction and outside", async () => {
    await client.query("INSERT INTO items (id, name) VALUES ($1, $2)", [1, "lamp"]);
    expect((await client.query<{ id: number; name: string }>("SELECT id, name FROM items WHERE id = $1", [1])).rows).toEqual([{ id: 1, name: "lamp" }]);
    expect((await client.query("SELECT id, name FROM items WHERE id = $1", [1], { rowMode: "array" })).rows).toEqual([[1, "lamp"]]);

    const outside = await client.query("INSERT INTO items (id, name) VALUES ($1, $2)", [1, "again"]).catch((e: unknown) => e);
    expect(outside).toBeInstanceOf(Error);
    expect(outside).toMatchObject({ code: "23505", constraint: "items_pkey" });

    const inside = await client.transaction(async (tx) => tx.query("INSERT INTO items (id, name) VALUES ($1, NULL)", [2])).catch((e: unknown) => e);
    expect(inside).toMatchObject({ code: "23502", column: "name" });
    expect((await client.query("SELECT count(*)::int AS n FROM items")).rows).toEqual([{ n: 1 }]);
  });

  it("answers the failure of a statement whose table is gone, prepared or not, and goes on answering", async () => {
    await client.exec("CREATE TABLE shelves (id int PRIMARY KEY)");
    // with parsers, as drizzle asks: PGlite's error then carries the query's options, functions and all
    const shelf = (id: number) => client.query("DELETE FROM shelves WHERE id = $1", [id], { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } });
    await shelf(1);
    await shelf(2); // the second time its text comes it runs as a prepared statement
    await client.exec("ALTER TABLE shelves RENAME TO shelves_gone");
    await expect(shelf(3)).rejects.toMatchObject({ code: "42P01", message: 'relation "shelves" does not exist' });
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => value };
    await expect(client.query("SELECT id FROM shelves WHERE id = $1", [4], { parsers })).rejects.toMatchObject({ code: "42P01" });
    expect((await client.query("SELECT 2 AS two")).rows).toEqual([{ two: 2 }]);
    expect(await client.transaction(async (tx) => (await tx.query("SELECT 3 AS three")).rows)).toEqual([{ three: 3 }]);
  });

  it("commits what a transaction wrote, and rolls it all back when the caller fails", async () => {
    const answer = await client.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES ($1, $2)", [10, "sofa"]);
      return (await tx.query<{ name: string }>("SELECT name FROM items WHERE id = $1", [10])).rows[0]!.name;
    });
    expect(answer).toBe("sofa");

    const refused = await client.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES ($1, $2)", [11, "chair"]);
      await tx.exec("UPDATE items SET name = 'renamed' WHERE id = 10");
      throw new Error("the caller gives up");
    }).catch((e: Error) => e.message);
    expect(refused).toBe("the caller gives up");
    expect((await client.query("SELECT id, name FROM items WHERE id IN (10, 11) ORDER BY id")).rows).toEqual([{ id: 10, name: "sofa" }]);
  });

  it("runs a transaction begun while another is open and waiting for something else, after it, without blocking either", async () => {
    let releaseFirst!: () => void;
    const firstMayEnd = new Promise<void>((resolve) => (releaseFirst = resolve));
    const order: string[] = [];
    const first = client.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id, name) VALUES (20, 'first')");
      order.push("first wrote");
      await firstMayEnd; // waits on this thread, holding the database
      order.push("first ends");
    });
    await sleep(20);
    const second = client.transaction(async (tx) => {
      // its body starts at once; its statement waits for the first transaction to end
      order.push("second sends");
      const n = (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM items WHERE id = 20")).rows[0]!.n;
      order.push("second answered");
      return n;
    });
    // the api's thread is not blocked meanwhile: timers and other work still run
    await sleep(50);
    expect(order).toEqual(["first wrote", "second sends"]);
    releaseFirst();
    await first;
    expect(await second).toBe(1);
    expect(order).toEqual(["first wrote", "second sends", "first ends", "second answered"]);
  });

  it("runs the statements a body sends before its transaction has begun inside it: rolled back with it, committed with it", async () => {
    let releaseHolder!: () => void;
    const holderMayEnd = new Promise<void>((resolve) => (releaseHolder = resolve));
    const holder = client.transaction(async (tx) => {
      await tx.query("SELECT 1");
      await holderMayEnd;
    });
    await sleep(20);
    // both bodies send while the holder has the database: their statements wait for their own begin
    const refused = client.transaction(async (tx) => {
      const sent = tx.query("INSERT INTO items (id, name) VALUES (30, 'given up')");
      sent.catch(() => undefined);
      throw new Error("the caller gives up before any answer");
    }).catch((e: Error) => e.message);
    const kept = client.transaction(async (tx) => {
      void tx.query("INSERT INTO items (id, name) VALUES (31, 'kept')");
      return (await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM items WHERE id IN (30, 31)")).rows[0]!.n;
    });
    // a body that sends nothing: its commit waits for its begin
    const empty = client.transaction(async () => "nothing sent");
    await sleep(30);
    releaseHolder();
    await holder;
    expect(await refused).toBe("the caller gives up before any answer");
    expect(await kept).toBe(1);
    expect(await empty).toBe("nothing sent");
    expect((await client.query("SELECT id, name FROM items WHERE id IN (30, 31) ORDER BY id")).rows).toEqual([{ id: 31, name: "kept" }]);
  });

  it("begins a transaction asked for behind a statement still running without blocking the api's thread meanwhile", async () => {
    const order: string[] = [];
    const slow = client.query("SELECT pg_sleep(0.3)").then(() => order.push("slow statement answered"));
    const ticks = setInterval(() => order.push("tick"), 10);
    try {
      const inside = await client.transaction(async (tx) => {
        const n = (await tx.query<{ n: number }>("SELECT 41 + 1 AS n")).rows[0]!.n;
        order.push("transaction answered");
        return n;
      });
      expect(inside).toBe(42);
      await slow;
    } finally {
      clearInterval(ticks);
    }
    // timers ran while the database was busy with the statement ahead of the begin
    const begun = order.indexOf("transaction answered");
    expect(order.slice(0, begun).filter((o) => o === "tick").length).toBeGreaterThan(5);
    expect(order.indexOf("slow statement answered")).toBeLessThan(begun);
  });

  it("goes on with other work on the api's thread while a statement inside a transaction runs", async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      const during = await client.transaction(async (tx) => {
        const before = ticks;
        await tx.query("SELECT pg_sleep(0.2)");
        return ticks - before;
      });
      expect(during).toBeGreaterThan(5);
    } finally {
      clearInterval(timer);
    }
  });

  it("hands a commit's notifications to the listener before the transaction's answer, and a statement's, all together, before its answer", async () => {
    const heard: string[] = [];
    const stop = await client.listen("stock", (payload) => heard.push(payload));
    await client.transaction(async (tx) => {
      await tx.query("SELECT pg_notify('stock', 'in a transaction')");
      expect(heard).toEqual([]); // sent at commit
    });
    expect(heard).toEqual(["in a transaction"]);
    await client.query("SELECT pg_notify('stock', 'on its own')");
    expect(heard).toEqual(["in a transaction", "on its own"]);
    // a statement's notifications are heard together, in one turn of the event loop (as a change's
    // listeners batch them), and before its answer
    const turns: number[] = [];
    let turn = 0;
    let scheduled = false;
    const stopTurns = await client.listen("stock", () => {
      turns.push(turn);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => { turn += 1; scheduled = false; });
      }
    });
    await client.query("SELECT pg_notify('stock', 'a'), pg_notify('stock', 'b'), pg_notify('stock', 'c')");
    expect(heard.slice(2)).toEqual(["a", "b", "c"]);
    expect(turns).toEqual([0, 0, 0]);
    await stopTurns();
    await stop();
    await client.query("SELECT pg_notify('stock', 'after stopping')");
    await sleep(20);
    expect(heard).toEqual(["in a transaction", "on its own", "a", "b", "c"]);
  });

  it("reads a named statement's answer on the api's thread as PGlite does, and hears its notifications before it", async () => {
    await client.exec(`CREATE TYPE size AS ENUM ('small', 'large');
      CREATE TABLE boxes (id int PRIMARY KEY, sizes size[], data jsonb, at timestamptz);
      INSERT INTO boxes VALUES (1, ARRAY['small', 'large']::size[], '{"w":"Küche"}', '2026-11-28 10:00:00+00')`);
    const text = "SELECT id, sizes, data, at, pg_notify('boxes', 'read ' || id) FROM boxes WHERE id = $1";
    const heard: string[] = [];
    const stop = await client.listen("boxes", (payload) => heard.push(payload));
    const first = await client.query(text, [1]); // PGlite's own query the first time
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => `text:${value}` };
    const named = await client.query(text, [1]); // named from the second
    const answered = client.query(text, [1], { parsers, rowMode: "array" }).then((answer) => ({ answer, heardBefore: [...heard] }));
    const { answer, heardBefore } = await answered;
    await stop();
    expect(named.rows).toEqual(first.rows);
    expect(named.rows).toEqual([{ id: 1, sizes: "{small,large}", data: { w: "Küche" }, at: new Date("2026-11-28T10:00:00Z"), pg_notify: "" }]);
    expect(answer.rows).toEqual([[1, "{small,large}", { w: "Küche" }, "text:2026-11-28 10:00:00+00", ""]]);
    expect(heardBefore).toEqual(["read 1", "read 1", "read 1"]);
    await expect(client.query("INSERT INTO boxes (id) VALUES ($1)", [1]).catch(() => client.query("INSERT INTO boxes (id) VALUES ($1)", [1])))
      .rejects.toMatchObject({ code: "23505", constraint: "boxes_pkey", query: "INSERT INTO boxes (id) VALUES ($1)" });
  });

  it("hears a quoted channel's notifications by the name it was listened to, from a named statement and from PGlite's own", async () => {
    const heard: string[] = [];
    const stop = await client.listen('"MixedCase"', (payload) => heard.push(payload));
    const text = "SELECT pg_notify('MixedCase', $1::text)";
    for (const payload of ["first", "named", "again"]) await client.query(text, [payload]);
    await client.query("SELECT pg_notify('MixedCase', 'unnamed')");
    await stop();
    expect(heard).toEqual(["first", "named", "again", "unnamed"]);
  });

  it("leaves a column as text for the caller's parser (as drizzle reads dates) and parses it otherwise", async () => {
    const asText = await client.query<{ at: unknown }>("SELECT at FROM items WHERE id = 10", [], { parsers: { [types.TIMESTAMPTZ]: (value: string) => `text:${value}` } });
    expect(asText.rows[0]!.at).toBe("text:2026-11-28 10:00:00+00");
    const parsed = await client.query<{ at: unknown }>("SELECT at FROM items WHERE id = 10");
    expect(parsed.rows[0]!.at).toEqual(new Date("2026-11-28T10:00:00Z"));
  });
});

it("refuses calls once closed, and its thread has ended", async () => {
  const client = await EmbeddedClient.create(undefined);
  expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
  await client.close();
  await expect(client.query("SELECT 1")).rejects.toThrow("the embedded database is closed");
});
