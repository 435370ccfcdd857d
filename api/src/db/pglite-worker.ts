import { parentPort, workerData } from "node:worker_threads";
import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PgliteStatements } from "./pglite-statements";
import { ARRAY_TYPES_QUERY, serverChannel } from "./wire-results";
import type { EmbeddedAnswer, EmbeddedRequest, Notification, Notifications, Outcome, WorkerSetup } from "./embedded";

/**
 * The embedded database's own thread (see embedded.ts): PGlite runs here, so its WebAssembly and the
 * parsing of its answers use the second core while the api's thread answers HTTP.
 */
const port = parentPort!;
const { dataDir } = workerData as WorkerSetup;
const pg = await PGlite.create(dataDir, { extensions: { pg_trgm } });
const statements = new PgliteStatements(pg);

/** Open transactions by id: the query handle and how to end them (their end's request id, once asked). */
const open = new Map<number, { tx: Transaction; end: (commit: boolean, id: number) => void }>();
/**
 * A transaction's requests that came before it had begun (the api sends its first statements with
 * the begin, not after its answer: one wait less while it holds the database), in the order sent.
 */
const beginning = new Map<number, EmbeddedRequest[]>();
const unlisten = new Map<string, () => Promise<void>>();

/** Columns of these types come back as text; the caller parses them with its own parsers. */
const asTextParsers = new Map<string, QueryOptions["parsers"]>();
function asText(types: number[]): QueryOptions["parsers"] {
  const key = types.join();
  let parsers = asTextParsers.get(key);
  if (!parsers) asTextParsers.set(key, (parsers = Object.fromEntries(types.map((t) => [t, (value: string) => value]))));
  return parsers;
}

/**
 * Notifications go ahead of the next answer, all in one message (a commit's ahead of the commit's
 * answer): the api hears a statement's notifications together, and before that statement's answer,
 * as when PGlite ran on its thread.
 */
let heard: Notification[] = [];
function notify(notification: Notification) {
  heard.push(notification);
  // a notification no answer follows still goes (none is known, but none is kept back)
  if (heard.length === 1) setImmediate(() => flushHeard());
}
function flushHeard() {
  if (heard.length === 0) return;
  port.postMessage({ notifications: heard } satisfies Notifications);
  heard = [];
}

function reply(answer: EmbeddedAnswer) {
  if (!("id" in answer)) return port.postMessage(answer);
  const { id, ...outcome } = answer;
  try {
    send(id, outcome);
  } catch (error) {
    // an answer that cannot be copied to the api's thread is answered as a failure, never dropped
    send(id, { ok: false, error: { name: "Error", message: `the database's answer could not be handed over: ${(error as Error).message}` } });
  }
}
function send(id: number, outcome: Outcome) {
  flushHeard();
  // a named statement's answer goes unread, its buffer handed over (not copied)
  port.postMessage({ id, ...outcome }, "wire" in outcome ? [outcome.wire.buffer as ArrayBuffer] : []);
}
/** A database error's SQLSTATE and details travel as plain fields (a thread boundary keeps no class, nor an object it cannot copy). */
function failed(id: number, error: unknown) {
  const fields = Object.entries(error && typeof error === "object" ? error : {})
    .filter(([, value]) => value === null || ["string", "number", "boolean"].includes(typeof value));
  reply({ id, ok: false, error: { ...Object.fromEntries(fields), name: (error as Error)?.name ?? "Error", message: (error as Error)?.message ?? String(error) } });
}

async function handle(request: EmbeddedRequest): Promise<unknown> {
  if ("tx" in request && request.tx !== undefined && !open.has(request.tx)) {
    const waiting = beginning.get(request.tx);
    if (!waiting) throw new Error("transaction already ended");
    waiting.push(request);
    return NO_REPLY;
  }
  switch (request.op) {
    case "query": {
      const tx = request.tx === undefined ? undefined : open.get(request.tx)?.tx;
      if (request.tx !== undefined && !tx) throw new Error("transaction already ended");
      const options: QueryOptions = { rowMode: request.rowMode, ...(request.textTypes.length ? { parsers: asText(request.textTypes) } : {}) };
      const answer = await statements.answer(tx, request.text, request.params, options);
      return answer instanceof Uint8Array ? new Wire(answer) : answer;
    }
    case "exec": {
      const on = request.tx === undefined ? pg : open.get(request.tx)?.tx;
      if (!on) throw new Error("transaction already ended");
      return on.exec(request.text);
    }
    case "begin":
      // answered once inside the transaction (after any open one); it ends when "end" comes (commit,
      // or rollback by throwing). Its requests that came meanwhile then run, in the order sent.
      beginning.set(request.id, []);
      return new Promise((inside, refused) => {
        let ender: { commit: boolean; id: number } | undefined;
        pg.transaction((tx) => new Promise<void>((commit, rollback) => {
          open.set(request.id, { tx, end: (c, id) => { ender = { commit: c, id }; if (c) commit(); else rollback(new Error("rolled back")); } });
          inside(request.id);
          const waiting = beginning.get(request.id) ?? [];
          beginning.delete(request.id);
          for (const queued of waiting) dispatch(queued);
        })).then(
          () => { open.delete(request.id); reply({ id: ender!.id, ok: true, result: null }); },
          (error) => {
            open.delete(request.id);
            const waiting = beginning.get(request.id) ?? [];
            beginning.delete(request.id);
            // never begun: what was sent for it fails as the begin did (a rollback has nothing to undo)
            for (const queued of waiting) {
              if (queued.op === "end" && !queued.commit) reply({ id: queued.id, ok: true, result: null });
              else failed(queued.id, error);
            }
            if (!ender) return refused(error);
            if (ender.commit) failed(ender.id, error);
            else reply({ id: ender.id, ok: true, result: null });
          },
        );
      });
    case "end": {
      const tx = open.get(request.tx);
      if (!tx) throw new Error("transaction already ended");
      tx.end(request.commit, request.id);
      return NO_REPLY;
    }
    case "listen":
      unlisten.set(request.channel, await pg.listen(request.channel, (payload) => notify({ notify: serverChannel(request.channel), payload })));
      return null;
    case "unlisten":
      await unlisten.get(request.channel)?.();
      unlisten.delete(request.channel);
      return null;
    case "close":
      await pg.close();
      // the thread ends once this answer is out
      setImmediate(() => process.exit(0));
      return null;
  }
}

/** "end" is answered when its transaction has committed or rolled back, not when it is asked. */
const NO_REPLY = Symbol("no reply");
/** A named statement's answer as the wire's bytes, for the api's thread to read (wire-results.ts). */
class Wire {
  constructor(readonly bytes: Uint8Array) {}
}

function dispatch(request: EmbeddedRequest) {
  handle(request).then(
    (result) => {
      if (result === NO_REPLY) return;
      reply(result instanceof Wire ? { id: request.id, ok: true, wire: result.bytes } : { id: request.id, ok: true, result });
    },
    (error) => failed(request.id, error),
  );
}
// the api's thread reads named statements' answers with the type parsers PGlite made for this database
const arrayTypes = (await pg.query<{ oid: number; typarray: number }>(ARRAY_TYPES_QUERY)).rows.map((r) => [r.oid, r.typarray] as const);
port.on("message", dispatch);
reply({ ready: true, arrayTypes });
