import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { StatementNames } from "./statement-names";
import { readResults, serverChannel } from "./wire-results";

/** Describe (the portal), Execute and Sync: the same bytes behind every Bind. */
const EXECUTE = Buffer.concat([protocol.serialize.describe({ type: "P" }), protocol.serialize.execute({}), protocol.serialize.sync()]);

/**
 * Bind (text values, text results) of a named statement, then EXECUTE, in one buffer. PGlite's
 * serializer makes new buffers as it goes and counts each string's UTF-8 bytes in a loop: a
 * twentieth of the database thread's time under the checkout load.
 */
function runMessage(statement: string, values: ReadonlyArray<string | null>): Buffer {
  let length = 4 + 1 + Buffer.byteLength(statement) + 1 + 2 + 2 + 2;
  for (const value of values) length += 4 + (value === null ? 0 : Buffer.byteLength(value));
  const message = Buffer.allocUnsafe(1 + length + EXECUTE.length);
  message[0] = 0x42; // B
  message.writeInt32BE(length, 1);
  message[5] = 0; // the unnamed portal
  let at = 6 + message.write(statement, 6);
  message[at++] = 0;
  at = message.writeInt16BE(0, at); // parameter formats: none given, all text
  at = message.writeInt16BE(values.length, at);
  for (const value of values) {
    if (value === null) {
      at = message.writeInt32BE(-1, at);
    } else {
      const size = message.write(value, at + 4);
      message.writeInt32BE(size, at);
      at += 4 + size;
    }
  }
  at = message.writeInt16BE(0, at); // result formats: none given, all text
  EXECUTE.copy(message, at);
  return message;
}

/** What PGlite keeps to itself but a protocol-level query needs: its query lock, type codecs and file sync. */
interface PgliteInternals {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  syncToFs(): Promise<void>;
}

/**
 * PGlite runs each query as six calls into its WebAssembly build (parse, describe, bind, describe,
 * execute, sync) and parses and plans the text anew every time. A statement the api sends again
 * and again is prepared once under a name, as on the PostgreSQL server (StatementNames picks which),
 * and from then on runs as one call: bind, describe, execute and sync together. On an add to cart
 * this was most of the database's time.
 *
 * A named statement's answer is the wire protocol's bytes (`answer`), read by readResults: on the
 * database's own thread (embedded.ts) they go to the api's thread unread, which reads them there.
 */
export class PgliteStatements {
  private readonly names = new StatementNames();
  /** parameter type ids of each prepared name, to encode values as PGlite's own query does */
  private readonly paramTypes = new Map<string, number[]>();
  private readonly internals: PgliteInternals;
  /** Listeners of `client().listen`, by the channel's name as the server reports it: a named statement's notifications reach them here. */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();

  constructor(private readonly pg: PGlite) {
    this.internals = pg as unknown as PgliteInternals;
  }

  /**
   * A statement's answer: the wire protocol's bytes where it runs named, else PGlite's own Results.
   * `tx`: the PGlite transaction it runs in (none: after any transaction in progress, as PGlite's query).
   */
  answer<T>(tx: Transaction | undefined, text: string, params?: unknown[], options?: QueryOptions): Promise<Uint8Array | Results<T>> {
    const name = params && params.length > 0 && !options?.blob ? this.names.nameOf(text) : undefined;
    if (name === undefined || tx?.closed) return (tx ?? this.pg).query<T>(text, params, options);
    if (tx) return this.run(name, text, params!, options, true);
    return this.internals._runExclusiveTransaction(() => this.run(name, text, params!, options, false));
  }

  /** The client drizzle is given on the api's own thread: the instance, with `query` (also inside transactions) going named where it can. */
  client(): PGlite {
    const query = <T>(tx: Transaction | undefined, text: string, params?: unknown[], options?: QueryOptions) =>
      this.answer<T>(tx, text, params, options).then((answer) => answer instanceof Uint8Array ? readResults<T>(answer, {
        rowMode: options?.rowMode, parsers: options?.parsers, defaults: this.internals.parsers, query: text,
        onNotification: (channel, payload) => {
          for (const listener of this.listeners.get(channel) ?? []) listener(payload);
        },
      }) : answer);
    return new Proxy(this.pg, {
      get: (target, key) => {
        if (key === "query") return <T>(text: string, params?: unknown[], options?: QueryOptions) => query<T>(undefined, text, params, options);
        if (key === "transaction") {
          return <T>(callback: (tx: Transaction) => Promise<T>) => target.transaction((tx) =>
            callback(Object.assign(Object.create(tx) as Transaction, { query: <R>(text: string, params?: unknown[], options?: QueryOptions) => query<R>(tx, text, params, options) })));
        }
        if (key === "listen") {
          return async (channel: string, callback: (payload: string) => void) => {
            const name = serverChannel(channel);
            if (!this.listeners.has(name)) this.listeners.set(name, new Set());
            this.listeners.get(name)!.add(callback);
            const stop = await target.listen(channel, callback);
            return async () => {
              this.listeners.get(name)?.delete(callback);
              await stop();
            };
          };
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  private async run(name: string, text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Uint8Array> {
    const { pg, internals } = this;
    return internals._runExclusiveQuery(async () => {
      let paramTypes = this.paramTypes.get(name);
      if (!paramTypes) {
        const described = await pg.execProtocolStream(Buffer.concat([
          protocol.serialize.parse({ name, text, types: options?.paramTypes }),
          protocol.serialize.describe({ type: "S", name }),
          protocol.serialize.sync(),
        ]), { syncToFs: false });
        paramTypes = parse.parseDescribeStatementResults(described);
        this.paramTypes.set(name, paramTypes);
      }
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = paramTypes[i]!;
        const serialize = options?.serializers?.[oid] ?? internals.serializers[oid];
        return serialize ? String(serialize(param)) : String(param);
      });
      // the answer unread (PGlite's stream reader would parse it): copied out of the WebAssembly
      // memory, into a buffer of its own (the database's thread hands it over whole)
      const chunks: Uint8Array[] = [];
      await pg.execProtocolRawStream(runMessage(name, values), { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) });
      if (!inTransaction) await internals.syncToFs();
      if (chunks.length === 1) return chunks[0]!;
      const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, at);
        at += chunk.length;
      }
      return bytes;
    });
  }
}
