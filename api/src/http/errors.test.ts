import Fastify from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { registerErrorHandling } from "./errors";

let database: Database;
const app = Fastify({ logger: false });

beforeAll(async () => {
  database = await openDatabase({});
  for (const statement of ["CREATE TABLE parent (id int PRIMARY KEY)", "CREATE TABLE child (id int PRIMARY KEY, parent_id int NOT NULL REFERENCES parent (id))",
    "INSERT INTO parent VALUES (1)"]) await database.db.execute(sql.raw(statement));
  registerErrorHandling(app);
  // real driver errors, as drizzle hands them on (wrapped, the database's error as the cause)
  app.post("/child-of-missing-parent", async () => database.db.execute(sql`INSERT INTO child VALUES (1, 2)`));
  app.post("/taken-id", async () => database.db.execute(sql`INSERT INTO parent VALUES (1)`));
  app.post("/bad-statement", async () => database.db.execute(sql`SELECT no_such_column FROM parent`));
  app.post("/serialisation", async () => { throw Object.assign(new Error("could not serialize access"), { code: "40001" }); });
  app.post("/bug", async () => { throw new Error("a plain bug"); });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database?.close();
});

const RETRY = "Something this request relies on was changed at the same time. Please try again.";
const body = (message: string) => ({ messages: { error: [{ message }] } });

describe("what a database error is answered with", () => {
  it("a row referred to that is gone (a foreign key) is a 409 to retry, in the error shape, not a 500", async () => {
    const reply = await app.inject({ method: "POST", url: "/child-of-missing-parent" });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual(body(RETRY));
  });

  it("a unique value taken meanwhile and a serialisation failure are 409s too", async () => {
    for (const url of ["/taken-id", "/serialisation"]) {
      const reply = await app.inject({ method: "POST", url });
      expect([url, reply.statusCode, reply.json()]).toEqual([url, 409, body(RETRY)]);
    }
  });

  it("a statement the server got wrong, or any other failure, stays a 500 with the unknown-error text", async () => {
    for (const url of ["/bad-statement", "/bug"]) {
      const reply = await app.inject({ method: "POST", url });
      expect([url, reply.statusCode, reply.json()]).toEqual([url, 500, body("Unknown error occurred.")]);
    }
  });
});
