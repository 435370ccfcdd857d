import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema, type Database } from "./client";
import { BuiltOnce, placeholders, prefixed } from "./built-once";
import { createTestDatabase } from "../test/database";

// Runs on the embedded database, and again on the server when TEST_DATABASE_URL is set.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const mail = schema.mailOutbox;
const row = (to: string, extra: Partial<typeof mail.$inferInsert> = {}) => ({ kind: "test", to, subject: "s", text: "t", status: "held" as const, ...extra });

describe("BuiltOnce", () => {
  it("builds a shape's text once and runs it with each call's values", async () => {
    const statements = new BuiltOnce();
    let builds = 0;
    const byTo = (to: string) => statements.run<{ to: string; subject: string }[]>(database.db, "mail by recipient", (db) => {
      builds++;
      return db.select({ to: mail.to, subject: mail.subject }).from(mail).where(eq(mail.to, sql.placeholder("to")));
    }, { to });
    await database.db.insert(mail).values([row("a@example.com", { subject: "for a" }), row("b@example.com", { subject: "for b" })]);
    expect(await byTo("a@example.com")).toEqual([{ to: "a@example.com", subject: "for a" }]);
    expect(await byTo("b@example.com")).toEqual([{ to: "b@example.com", subject: "for b" }]);
    expect(await byTo("nobody@example.com")).toEqual([]);
    expect(builds).toBe(1);
  });

  it("runs inside the transaction it is given: rolled back with it, seen by it before commit", async () => {
    const statements = new BuiltOnce();
    // built outside any transaction first: a text bound to where it was built would land outside the next one
    await statements.insert(database.db, mail, [row("outside@example.com")]);
    const failed = database.db.transaction(async (tx) => {
      const [inserted] = await statements.insert(tx, mail, [row("rolled@example.com")]);
      const seen = await tx.select({ id: mail.id }).from(mail).where(eq(mail.to, "rolled@example.com"));
      expect(seen).toEqual([{ id: inserted!.id }]);
      throw new Error("roll back");
    });
    await expect(failed).rejects.toThrow("roll back");
    expect(await database.db.select().from(mail).where(eq(mail.to, "rolled@example.com"))).toEqual([]);
    await database.db.transaction((tx) => statements.insert(tx, mail, [row("kept@example.com")]));
    expect(await database.db.select({ to: mail.to }).from(mail).where(eq(mail.to, "kept@example.com"))).toEqual([{ to: "kept@example.com" }]);
  });

  it("inserts rows as drizzle's own insert does: columns encoded, left-out and undefined ones defaulted, rows returned", async () => {
    const statements = new BuiltOnce();
    const at = new Date("2030-01-02T03:04:05.000Z");
    const rows = await statements.insert(database.db, mail, [
      row("one@example.com", { nextAttemptAt: at, html: undefined }),
      row("two@example.com", { html: "<p>two</p>", attempts: 3 }),
    ]);
    expect(rows.map((r) => [r.to, r.html, r.attempts])).toEqual([["one@example.com", null, 0], ["two@example.com", "<p>two</p>", 3]]);
    expect(rows[0]!.nextAttemptAt).toEqual(at);
    expect(rows[1]!.nextAttemptAt).toBeInstanceOf(Date);
    // the same shape again, with other values: the second statement's rows, not the first's
    const again = await statements.insert(database.db, mail, [
      row("three@example.com", { nextAttemptAt: at }),
      row("four@example.com", { html: "<p>four</p>", attempts: 5 }),
    ]);
    expect(again.map((r) => [r.to, r.html, r.attempts])).toEqual([["three@example.com", null, 0], ["four@example.com", "<p>four</p>", 5]]);
  });

  it("writes a JSON column through its placeholder as the column encodes it", async () => {
    const statements = new BuiltOnce();
    const payment = { method: "checkmo", data: { note: "quote \" and 'apostrophe'", n: 1 } };
    await database.db.insert(schema.sessions).values({ id: "built-once", csrfToken: "t", expiresAt: new Date(Date.now() + 60_000) });
    const [cart] = await database.db.insert(schema.carts).values({ sessionId: "built-once" }).returning();
    const [saved] = await statements.run<{ payment: unknown }[]>(database.db, "save payment", (db) => db.update(schema.carts)
      .set({ payment: sql.placeholder("payment") as never }).where(eq(schema.carts.cartId, sql.placeholder("id")))
      .returning({ payment: schema.carts.payment }), { payment, id: cart!.cartId });
    expect(saved!.payment).toEqual(payment);
    const [read] = await database.db.select({ payment: schema.carts.payment }).from(schema.carts).where(eq(schema.carts.cartId, cart!.cartId));
    expect(read!.payment).toEqual(payment);
  });

  it("maps a left join's missing side to null, as drizzle's own select does", async () => {
    const statements = new BuiltOnce();
    await database.db.insert(mail).values(row("alone@example.com"));
    const build = (db: Database["db"]) => db.select({ to: mail.to, session: schema.sessions }).from(mail)
      .leftJoin(schema.sessions, eq(schema.sessions.id, mail.to)).where(eq(mail.to, sql.placeholder("to")));
    const own = await build(database.db).prepare("own_join").execute({ to: "alone@example.com" });
    expect(own).toEqual([{ to: "alone@example.com", session: null }]);
    expect(await statements.run(database.db, "mail with session", build, { to: "alone@example.com" })).toEqual(own);
  });

  it("names placeholders by key (undefined left out) and prefixes values to fill them", () => {
    const named = placeholders({ b: 1, a: null, c: undefined }, "set.");
    expect(Object.keys(named)).toEqual(["a", "b"]);
    expect(named.b!.name).toBe("set.b");
    expect(prefixed({ b: 1, a: null }, "set.")).toEqual({ "set.b": 1, "set.a": null });
  });
});
