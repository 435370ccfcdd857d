import { parse, protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { StatementNames } from "./statement-names";

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;
/** What PGlite keeps to itself but a protocol-level query needs: its query lock, type codecs and file sync. */
interface PgliteInternals {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
  syncToFs(): Promise<void>;
}

/** Command tags whose row count is rows written (PGlite's own reader counts these). */
const WRITES = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

/**
 * PGlite runs each query as six calls into its WebAssembly build (parse, describe, bind, describe,
 * execute, sync) and parses and plans the text anew every time. A statement the api sends again
 * and again is prepared once under a name, as on the PostgreSQL server (StatementNames picks which),
 * and from then on runs as one call: bind, describe, execute and sync together. On an add to cart
 * this was most of the database's time.
 */
export class PgliteStatements {
  private readonly names = new StatementNames();
  /** parameter type ids of each prepared name, to encode values as PGlite's own query does */
  private readonly paramTypes = new Map<string, number[]>();
  private readonly internals: PgliteInternals;

  constructor(private readonly pg: PGlite) {
    this.internals = pg as unknown as PgliteInternals;
  }

  /** The client drizzle is given: the instance, with `query` (also inside transactions) going named where it can. */
  client(): PGlite {
    const nameOf = (text: string, params?: unknown[], options?: QueryOptions) =>
      params && params.length > 0 && !options?.blob ? this.names.nameOf(text) : undefined;
    return new Proxy(this.pg, {
      get: (target, key) => {
        if (key === "query") {
          return (text: string, params?: unknown[], options?: QueryOptions) => {
            const name = nameOf(text, params, options);
            if (name === undefined) return target.query(text, params, options);
            // as PGlite's own query: after any transaction in progress
            return this.internals._runExclusiveTransaction(() => this.run(name, text, params!, options, false));
          };
        }
        if (key === "transaction") {
          return <T>(callback: (tx: Transaction) => Promise<T>) => target.transaction((tx) => {
            const query: Query = (text, params, options) => {
              const name = nameOf(text, params, options);
              return name === undefined || tx.closed ? tx.query(text, params, options) : this.run(name, text, params!, options, true);
            };
            return callback(Object.assign(Object.create(tx) as Transaction, { query }));
          });
        }
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  private async run<T>(name: string, text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
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
        return serialize ? serialize(param) : String(param);
      });
      const results = await pg.execProtocolStream(Buffer.concat([
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: "P" }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]), { syncToFs: false });
      if (!inTransaction) await internals.syncToFs();
      return this.resultOf<T>(results, options);
    });
  }

  /**
   * PGlite's parseResults, for the one statement run here, without copying all of its ~300 type
   * parsers into a new object on every call (a tenth of the api's time on an add to cart).
   */
  private resultOf<T>(messages: Parameters<typeof parse.parseResults>[0], options: QueryOptions | undefined): Results<T> {
    const own = options?.parsers;
    const defaults = this.internals.parsers;
    let fields: { name: string; dataTypeID: number }[] = [];
    let parsers: (((value: string, typeId: number) => unknown) | undefined)[] = [];
    const rows: unknown[] = [];
    for (const message of messages) {
      if (message instanceof protocol.messages.RowDescriptionMessage) {
        fields = message.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID }));
        parsers = fields.map(({ dataTypeID }) => own?.[dataTypeID] ?? defaults[dataTypeID] ?? types.parsers[dataTypeID]);
      } else if (message instanceof protocol.messages.DataRowMessage) {
        const values = message.fields.map((value, i) => {
          const parser = parsers[i];
          return value === null ? null : parser ? parser(value, fields[i]!.dataTypeID) : value;
        });
        rows.push(options?.rowMode === "array" ? values : Object.fromEntries(values.map((value, i) => [fields[i]!.name, value])));
      } else if (message instanceof protocol.messages.CommandCompleteMessage) {
        const parts = message.text.split(" ");
        const command = parts[0]!;
        const rowCount = parseInt(parts[parts.length - 1]!, 10);
        const affectedRows = WRITES.has(command) ? rowCount : 0;
        return { rows, fields, command, affectedRows, ...(Number.isNaN(rowCount) ? {} : { rowCount }) } as Results<T>;
      }
    }
    return { rows: [], fields: [], affectedRows: 0 } as Results<T>;
  }
}
