import { createHash } from "node:crypto";
import type pg from "pg";

/** Distinct statement texts named per process: each is kept by the server once per pooled connection. */
const MAX_NAMED = 256;
/** Texts remembered as seen once (a one-off is never named); forgotten all at once when full. */
const MAX_SEEN = 4_096;

/**
 * Sends the statements the api runs again and again as named (prepared) statements, so the server
 * parses each once per connection and, once its generic plan proves as cheap as planning anew,
 * stops planning it: on a guest checkout parse and bind were more than half of the server's time
 * per statement. A statement is named the second time its text is sent, by a hash of the text (two
 * texts never share a name), up to MAX_NAMED texts; others go unnamed as before. Only statements
 * with parameters are named: a statement without them may hold several commands.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private seen = new Set<string>();

  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= MAX_NAMED) return name;
    if (!this.seen.has(text)) {
      if (this.seen.size >= MAX_SEEN) this.seen = new Set();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    const named = `s_${createHash("sha256").update(text).digest("base64url").slice(0, 22)}`;
    this.names.set(text, named);
    return named;
  }

  /** Every connection the pool opens names its repeated statements (a pool's own queries go through one). */
  install(pool: pg.Pool): void {
    pool.on("connect", (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
        if (typeof config === "object" && config !== null && !("name" in config && (config as { name?: unknown }).name) && "text" in config) {
          const { text } = config as { text: unknown };
          const values = rest[0] ?? (config as { values?: unknown }).values;
          const name = typeof text === "string" && Array.isArray(values) && values.length > 0 ? this.nameOf(text) : undefined;
          if (name !== undefined) return query({ ...config, name }, ...rest);
        }
        return query(config, ...rest);
      };
    });
  }
}
