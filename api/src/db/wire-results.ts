import { protocol, types, type QueryOptions, type Results } from "@electric-sql/pglite";

export type TypeParsers = Partial<Record<number, (value: string, typeId: number) => unknown>>;

/** Command tags whose row count is rows written (PGlite's own reader counts these). */
const WRITES = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

/** ErrorResponse field codes, as PGlite's (and node-postgres') DatabaseError names them. */
const ERROR_FIELDS: Record<string, string> = {
  S: "severity", C: "code", D: "detail", H: "hint", P: "position", p: "internalPosition", q: "internalQuery", W: "where",
  s: "schema", t: "table", c: "column", d: "dataType", n: "constraint", F: "file", L: "line", R: "routine",
};

/**
 * The type parsers PGlite's instances use: its defaults, and one per array type of the database
 * (PGlite reads these pairs from pg_type when it starts: `SELECT b.oid, b.typarray …`).
 */
export function defaultParsers(arrayTypes: ReadonlyArray<readonly [element: number, array: number]>): TypeParsers {
  const parsers: TypeParsers = { ...types.parsers };
  for (const [element, array] of arrayTypes) {
    parsers[array] = (value: string) => types.arrayParser(value, parsers[element] as (v: string) => unknown, array);
  }
  return parsers;
}

/** The array types PGlite builds parsers for, as `defaultParsers` takes them. */
export const ARRAY_TYPES_QUERY = `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a LEFT JOIN pg_catalog.pg_type b ON b.oid = a.typelem
  WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray ORDER BY b.oid`;

/** A LISTEN channel's name as the server reports it (PGlite's rule: quoted as written, else lower case). */
export const serverChannel = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

/**
 * One statement's answer, read straight from the wire protocol's bytes (RowDescription, DataRow,
 * CommandComplete, ErrorResponse, NotificationResponse; the rest is skipped) into PGlite's Results.
 * PGlite's own reader copies the answer, then each field's bytes, into new buffers before decoding
 * them, and makes an object per message: on the database's thread that was a seventh of an order's
 * time. Here each field is decoded in place, once.
 *
 * An ErrorResponse throws PGlite's DatabaseError with its SQLSTATE and details; notifications are
 * handed to `onNotification` as they are read.
 */
export function readResults<T>(bytes: Uint8Array, options: {
  rowMode?: QueryOptions["rowMode"];
  /** the caller's parsers, ahead of `defaults` */
  parsers?: TypeParsers;
  defaults: TypeParsers;
  onNotification?: (channel: string, payload: string) => void;
  /** the statement's text, kept on an error as PGlite keeps it */
  query?: string;
}): Results<T> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const { rowMode, parsers: own, defaults } = options;
  let fields: { name: string; dataTypeID: number }[] = [];
  let parsers: (TypeParsers[number])[] = [];
  const rows: unknown[] = [];
  let done: Results<T> | undefined;
  const cstring = (from: number): [string, number] => {
    const end = buffer.indexOf(0, from);
    return [buffer.toString("utf8", from, end), end + 1];
  };
  for (let at = 0; at + 5 <= buffer.length;) {
    const type = buffer[at]!;
    const next = at + 1 + buffer.readInt32BE(at + 1);
    let p = at + 5;
    switch (type) {
      case 0x54: { // T: RowDescription
        const count = buffer.readInt16BE(p);
        p += 2;
        fields = new Array(count);
        parsers = new Array(count);
        for (let i = 0; i < count; i++) {
          const [name, after] = cstring(p);
          const dataTypeID = buffer.readInt32BE(after + 6);
          fields[i] = { name, dataTypeID };
          parsers[i] = own?.[dataTypeID] ?? defaults[dataTypeID];
          p = after + 18;
        }
        break;
      }
      case 0x44: { // D: DataRow
        const count = buffer.readInt16BE(p);
        p += 2;
        const values: unknown[] = new Array(count);
        for (let i = 0; i < count; i++) {
          const length = buffer.readInt32BE(p);
          p += 4;
          if (length < 0) {
            values[i] = null;
            continue;
          }
          const text = buffer.toString("utf8", p, p + length);
          p += length;
          const parse = parsers[i];
          values[i] = parse ? parse(text, fields[i]!.dataTypeID) : text;
        }
        if (rowMode === "array") {
          rows.push(values);
        } else {
          const row: Record<string, unknown> = {};
          for (let i = 0; i < count; i++) row[fields[i]!.name] = values[i];
          rows.push(row);
        }
        break;
      }
      case 0x43: { // C: CommandComplete (the first one is the statement's; notifications may follow it)
        if (done) break;
        const [tag] = cstring(p);
        const parts = tag.split(" ");
        const command = parts[0]!;
        const rowCount = parseInt(parts[parts.length - 1]!, 10);
        done = { rows, fields, command, affectedRows: WRITES.has(command) ? rowCount : 0, ...(Number.isNaN(rowCount) ? {} : { rowCount }) } as Results<T>;
        break;
      }
      case 0x45: { // E: ErrorResponse
        const found: Record<string, string> = {};
        while (buffer[p] !== 0 && p < next) {
          const code = String.fromCharCode(buffer[p]!);
          const [value, after] = cstring(p + 1);
          found[code] = value;
          p = after;
        }
        const error = new protocol.messages.DatabaseError(found.M ?? "database error", next - at - 1, "error") as InstanceType<typeof protocol.messages.DatabaseError> & Record<string, unknown>;
        for (const [code, name] of Object.entries(ERROR_FIELDS)) error[name] = found[code];
        if (options.query !== undefined) error.query = options.query;
        throw error;
      }
      case 0x41: { // A: NotificationResponse
        const [channel, after] = cstring(p + 4);
        const [payload] = cstring(after);
        options.onNotification?.(channel, payload);
        break;
      }
    }
    at = next;
  }
  return done ?? ({ rows: [], fields: [], affectedRows: 0 } as Results<T>);
}
