import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { QueryOptions, Results, Transaction } from "@electric-sql/pglite";

/** What the embedded database's thread is started with. */
export interface WorkerSetup {
  dataDir: string | undefined;
  /** where the answers to calls made inside a transaction go, read at once by the waiting thread */
  answers: MessagePort;
  /** set to 1 by the database thread when such an answer is there */
  signal: SharedArrayBuffer;
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
export type EmbeddedRequest = EmbeddedCall & { id: number; wait?: true };

export type Outcome = { ok: true; result: unknown } | { ok: false; error: Record<string, unknown> & { message: string } };
export type EmbeddedAnswer = ({ id: number } & Outcome) | Notifications | { ready: true };
export interface Notification { notify: string; payload: string }
/** Notifications a statement sent, together, ahead of its answer. */
export interface Notifications { notifications: Notification[] }
/** The answer to a call made inside a transaction, with the notifications its statement sent (a commit's). */
export type WaitedAnswer = Outcome & { notifications: Notification[] };

/** The answer to a waited-for begin when another transaction is open or asked for: begin by message. */
export const BEGIN_BUSY = "busy";

type Parsers = Partial<Record<number, (value: string, typeId: number) => unknown>>;

/** Where the thread's code is: beside this file in source (loaded through tsx), beside main.js in the build. */
const workerEntry = (): URL =>
  new URL(import.meta.url.endsWith(".ts") ? "./pglite-worker-source.mjs" : "./pglite-worker.js", import.meta.url);

/**
 * The embedded database (PGlite) on a thread of its own, behind the part of PGlite's interface the
 * api uses (query, exec, transaction, listen, close). PGlite runs every statement on the thread that
 * calls it: on the api's thread its WebAssembly and answer parsing took half of an add to cart's CPU
 * while the machine's other core idled.
 *
 * - A statement outside a transaction is sent and answered by message: the api's thread goes on
 *   with other requests meanwhile. The notifications a statement sent arrive together, before its
 *   answer (a change's listeners hear all of it at once, as when PGlite ran on this thread).
 * - PGlite runs one statement at a time, and a transaction holds it until it ends. Inside one, the
 *   api's thread waits for each answer (Atomics.wait), as it did when PGlite ran on it: an answer
 *   queued behind other requests' work would keep the database locked and idle. The commit's
 *   notifications come with its answer and are handed on before it. Beginning one waits only
 *   while nothing else is queued for the database and no other transaction is open or asked for:
 *   an open one may belong to a caller waiting for something else on this thread, so the thread
 *   answers "busy" and the begin goes by message, as it does behind queued statements.
 * - A parser passed in the options (drizzle passes some for dates and intervals) is applied here to
 *   the column's text.
 */
export class EmbeddedClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private readonly answers: MessagePort;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));
  private nextId = 1;
  private broken: Error | null = null;
  private closing = false;
  private readonly ready: Promise<void>;

  private constructor(dataDir: string | undefined) {
    const channel = new MessageChannel();
    this.answers = channel.port1;
    const setup: WorkerSetup = { dataDir, answers: channel.port2, signal: this.signal.buffer as SharedArrayBuffer };
    this.worker = new Worker(workerEntry(), { workerData: setup, transferList: [channel.port2] });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on("message", (answer: EmbeddedAnswer) => {
        if ("ready" in answer) return resolve();
        if ("notifications" in answer) return this.hear(answer.notifications);
        const waiting = this.pending.get(answer.id);
        if (!waiting) return;
        this.pending.delete(answer.id);
        if (answer.ok) waiting.resolve(answer.result);
        else waiting.reject(rebuilt(answer.error));
      });
      const fail = (error: Error) => {
        // said once where it is seen: a caller may only report "Failed query" around it
        if (!this.broken && !this.closing) process.stderr.write(`[api] the embedded database's thread failed: ${error.message}\n`);
        this.broken ??= error;
        reject(error);
        for (const waiting of this.pending.values()) waiting.reject(error);
        this.pending.clear();
      };
      this.worker.on("error", fail);
      this.worker.on("exit", (code) => fail(new Error(`the embedded database's thread stopped (exit ${code})`)));
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

  /** A call inside a transaction: this thread waits for its answer. */
  private wait<T>(request: EmbeddedCall & { id?: number }): Promise<T> {
    if (this.broken) return Promise.reject(this.broken);
    // 2: the thread stopped before this call (its exit event not handled yet): nothing would wake this one
    if (Atomics.load(this.signal, 0) === 2) return Promise.reject(this.stopped());
    Atomics.store(this.signal, 0, 0);
    this.worker.postMessage({ ...request, id: request.id ?? this.nextId++, wait: true });
    // in a loop: the notify of the previous answer may come late, after this wait began (when this
    // thread saw that answer's 1 before the notify that follows it), and wake it with nothing there
    while (Atomics.load(this.signal, 0) === 0) Atomics.wait(this.signal, 0, 0);
    // 1: answered; 2: the thread stopped (its exit handler says so, and why, as the answer)
    if (Atomics.load(this.signal, 0) === 2) return Promise.reject(this.stopped());
    const answer = receiveMessageOnPort(this.answers)?.message as WaitedAnswer | undefined;
    if (!answer) return Promise.reject(this.stopped());
    this.hear(answer.notifications);
    return answer.ok ? Promise.resolve(answer.result as T) : Promise.reject(rebuilt(answer.error));
  }

  /** The thread's own account of why it stopped (its exit handler's message), kept as the client's failure. */
  private stopped(): Error {
    const last = receiveMessageOnPort(this.answers)?.message as WaitedAnswer | undefined;
    return (this.broken ??= last && !last.ok ? rebuilt(last.error) : new Error("the embedded database's thread stopped"));
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const parsers = options?.parsers as Parsers | undefined;
    const textTypes = parsers ? Object.keys(parsers).map(Number) : [];
    const request = { op: "query", text, params, rowMode: options?.rowMode, textTypes, tx } as const;
    const answer = tx === undefined ? this.call<Results<T>>(request) : this.wait<Results<T>>(request);
    return parsers && textTypes.length ? answer.then((results) => parseColumns(results, parsers, options?.rowMode)) : answer;
  }

  exec(text: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return tx === undefined ? this.call({ op: "exec", text }) : this.wait({ op: "exec", text, tx });
  }

  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    // begun at once (this thread waiting) only when nothing is queued before it: with other calls
    // in flight the thread would sit blocked while the database runs them (1.6 ms an order under
    // the checkout load), so the begin goes by message, in turn; so too when a transaction is open
    if (this.pending.size > 0 || (await this.wait({ op: "begin", id })) === BEGIN_BUSY) await this.call({ op: "begin", id });
    let closed = false;
    const end = (commit: boolean) => {
      closed = true;
      return this.wait({ op: "end", tx: id, commit });
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
    if (!closed) await end(true);
    return result;
  }

  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      await this.call({ op: "listen", channel });
    }
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
      if (set.size > 0 || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
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
function parseColumns<T>(results: Results<T>, parsers: Parsers, rowMode: QueryOptions["rowMode"]): Results<T> {
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
