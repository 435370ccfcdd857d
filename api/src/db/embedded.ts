import { Worker } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { defaultParsers, readResults, serverChannel, type TypeParsers } from "./wire-results";

/** What the embedded database's thread is started with. */
export interface WorkerSetup {
  dataDir: string | undefined;
}

/** A call to the database thread; `tx` runs it inside that open transaction. */
type EmbeddedCall =
  | { op: "query"; text: string; params: unknown[] | undefined; rowMode: "array" | "object" | undefined; textTypes: number[]; tx?: number }
  | { op: "exec"; text: string; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "close" };
export type EmbeddedRequest = EmbeddedCall & { id: number };

/** `wire`: a named statement's answer, the wire protocol's bytes unread (read here by readResults) */
export type Outcome = { ok: true; result: unknown } | { ok: true; wire: Uint8Array } | { ok: false; error: Record<string, unknown> & { message: string } };
/** `arrayTypes`: the database's array types, for the type parsers (wire-results.ts defaultParsers) */
export type EmbeddedAnswer = ({ id: number } & Outcome) | Notifications | { ready: true; arrayTypes: Array<readonly [number, number]> };
export interface Notification { notify: string; payload: string }
/** Notifications a statement sent, together, ahead of its answer. */
export interface Notifications { notifications: Notification[] }

/** A named statement's answer as it came from the thread, to be read with the caller's options. */
class Wire {
  constructor(readonly bytes: Uint8Array) {}
}

/** Where the thread's code is: beside this file in source (loaded through tsx), beside main.js in the build. */
const workerEntry = (): URL =>
  new URL(import.meta.url.endsWith(".ts") ? "./pglite-worker-source.mjs" : "./pglite-worker.js", import.meta.url);

/**
 * The embedded database (PGlite) on a thread of its own, behind the part of PGlite's interface the
 * api uses (query, exec, transaction, listen, close). PGlite runs every statement on the thread that
 * calls it: on the api's thread its WebAssembly and answer parsing took half of an add to cart's CPU
 * while the machine's other core idled.
 *
 * - Every call is sent and answered by message: the api's thread goes on with other requests while
 *   the database works. The notifications a statement sent arrive together, before its answer (a
 *   change's listeners hear all of it at once, as when PGlite ran on this thread); a commit's come
 *   before the commit's answer.
 * - PGlite runs one statement at a time, and a transaction holds it until it ends: statements
 *   asked for meanwhile outside it run after it, in turn, and so does a second transaction. A
 *   transaction's body starts at once: its statements wait on the thread until it has begun.
 *   (Waiting on this thread for each answer inside a transaction, as an earlier version did, made
 *   no more orders a second under the checkout load, and blocked every other request meanwhile.)
 * - A named statement's answer (pglite-statements.ts) comes as the wire protocol's bytes and is
 *   read here (wire-results.ts), with PGlite's type parsers and those passed in the options: the
 *   database's thread neither reads it nor copies its rows into the message. For any other
 *   statement, a parser passed in the options (drizzle passes some for dates and intervals) is
 *   applied here to the column's text.
 */
export class EmbeddedClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextId = 1;
  /** PGlite's type parsers for this database, once the thread is ready */
  private parsers: TypeParsers = {};
  private broken: Error | null = null;
  private closing = false;
  private readonly ready: Promise<void>;

  private constructor(dataDir: string | undefined) {
    const setup: WorkerSetup = { dataDir };
    this.worker = new Worker(workerEntry(), { workerData: setup });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on("message", (answer: EmbeddedAnswer) => {
        if ("ready" in answer) {
          this.parsers = defaultParsers(answer.arrayTypes);
          return resolve();
        }
        if ("notifications" in answer) return this.hear(answer.notifications);
        const waiting = this.pending.get(answer.id);
        if (!waiting) return;
        this.pending.delete(answer.id);
        if (answer.ok) waiting.resolve("wire" in answer ? new Wire(answer.wire) : answer.result);
        else waiting.reject(rebuilt(answer.error));
      });
      // what stopped the thread (an exception in it comes before its exit), so callers are told why
      let stoppedBy: Error | undefined;
      const fail = (error: Error) => {
        // said once where it is seen: a caller may only report "Failed query" around it
        if (!this.broken && !this.closing) process.stderr.write(`[api] the embedded database's thread failed: ${error.message}\n`);
        this.broken ??= error;
        reject(error);
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
      };
      this.worker.on("error", (error) => {
        stoppedBy = error;
      });
      this.worker.on("exit", (code) => fail(new Error(`the embedded database's thread stopped (exit ${code}${stoppedBy ? `, ${stoppedBy.name}: ${stoppedBy.message}` : ""})`)));
    });
  }

  static async create(dataDir: string | undefined): Promise<EmbeddedClient> {
    const client = new EmbeddedClient(dataDir);
    await client.ready;
    return client;
  }

  private hear(notifications: Notification[]) {
    for (const { notify, payload } of notifications) {
      for (const listener of this.listeners.get(notify) ?? []) listener(payload);
    }
  }

  /** A call answered by message. */
  private call<T>(request: EmbeddedCall & { id?: number }): Promise<T> {
    if (this.broken) return Promise.reject(this.broken);
    const id = request.id ?? this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const parsers = options?.parsers as TypeParsers | undefined;
    const textTypes = parsers ? Object.keys(parsers).map(Number) : [];
    const request = { op: "query", text, params, rowMode: options?.rowMode, textTypes, tx } as const;
    return this.call<Results<T> | Wire>(request).then((answer) => {
      if (answer instanceof Wire) {
        return readResults<T>(answer.bytes, {
          rowMode: options?.rowMode, parsers, defaults: this.parsers, query: text,
          onNotification: (notify, payload) => this.hear([{ notify, payload }]),
        });
      }
      return parsers && textTypes.length ? parseColumns(answer, parsers, options?.rowMode) : answer;
    });
  }

  exec(text: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call({ op: "exec", text, tx });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    // Not waited for: the body's first statements go right behind it and the thread runs them as soon
    // as the transaction has begun (after any open one ends and the statements asked for before it),
    // instead of a round trip to this thread first, while the transaction holds the database.
    const begun = this.call({ op: "begin", id });
    begun.catch(() => undefined);
    let closed = false;
    const end = (commit: boolean) => {
      closed = true;
      return this.call({ op: "end", tx: id, commit });
    };
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => this.query<R>(text, params, options, id),
      exec: (text: string, options?: QueryOptions) => this.exec(text, options, id),
      rollback: async () => {
        if (!closed) await end(false);
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      if (!closed) await end(false).catch(() => undefined);
      throw error;
    }
    // a transaction that could not begin fails its commit: with the reason it could not
    if (!closed) await end(true).catch(async (error: unknown) => {
      await begun;
      throw error;
    });
    return result;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    // by the name the server reports in notifications (the thread reports it so too)
    const name = serverChannel(channel);
    let set = this.listeners.get(name);
    if (!set) {
      this.listeners.set(name, (set = new Set()));
      await this.call({ op: "listen", channel });
    }
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
      if (set.size > 0 || this.listeners.get(name) !== set) return;
      this.listeners.delete(name);
      await this.call({ op: "unlisten", channel });
    };
  }

  async close(): Promise<void> {
    if (this.broken) return;
    this.closing = true;
    const ended = new Promise((resolve) => this.worker.once("exit", resolve));
    await this.call({ op: "close" });
    this.broken = new Error("the embedded database is closed");
    await ended;
  }
}

/** A database error as the thread sent it: its SQLSTATE (`code`) and details as fields again. */
const rebuilt = (error: Record<string, unknown> & { message: string }) => Object.assign(new Error(error.message), error);

/** The caller's parsers applied to the columns the thread sent back as text. */
function parseColumns<T>(results: Results<T>, parsers: TypeParsers, rowMode: QueryOptions["rowMode"]): Results<T> {
  const columns = results.fields.flatMap((field, i) => {
    const parse = parsers[field.dataTypeID];
    return parse ? [{ i, name: field.name, type: field.dataTypeID, parse }] : [];
  });
  if (columns.length === 0) return results;
  for (const row of results.rows as Record<string | number, unknown>[]) {
    for (const { i, name, type, parse } of columns) {
      const key = rowMode === "array" ? i : name;
      const value = row[key];
      if (typeof value === "string") row[key] = parse(value, type);
    }
  }
  return results;
}
