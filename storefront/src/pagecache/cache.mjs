/**
 * The page cache in front of the renderer (used by server.mjs): whole documents kept per URL while
 * the data they were rendered from has not changed. Validity is decided by data versions, never
 * by a timer (except the maximum age of time-bound content):
 *
 * - A render records the data it read as tags (see tags.ts: `config`, `menus`, `cms`, `scripts`,
 *   `blog`, `catalog`, `p<id>`, `c<id>`, `products`, `any`). The api's change log (GET
 *   /page-versions) names what changed; `change()` drops exactly the entries holding those tags.
 * - A render is stored only if nothing it depends on changed after it started, and only while the
 *   log is followed (`live`): a render begun before a change never lands under the new data.
 * - Renders are single-flight per URL: concurrent misses wait for one render.
 * - Only a 200 text/html answer that sets no cookie is stored.
 * - Each answer gets a fresh CSP nonce: the HTML is kept split at the nonce, and its gzip copy is
 *   kept as independently compressed pieces (full flushes) with the nonce spliced in as a stored
 *   deflate block per answer; so compression happens once per entry, stamping is a copy.
 * - The cache is bounded in bytes (least recently used go first).
 */
import { randomBytes } from "node:crypto";
import zlib from "node:zlib";

/** Every change moves `any`; a product or listing change also moves `products` (listings of unknown extent). */
export function tagsOfChange(key) {
  if (key === "*") return ["*"];
  if (/^[pc]\d+$/.test(key) || key === "catalog") return [key, "products", "any"];
  return [key, "any"];
}

/** A fresh nonce, as the proxy makes them (16 random bytes, base64). */
export const freshNonce = () => randomBytes(16).toString("base64");

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=_-]{8,})'/;
/** Headers not kept: they describe one transfer, or are set per answer. */
const DROPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date", "vary", "etag"]);

function splitBuffer(buffer, separator) {
  const parts = [];
  let from = 0;
  for (let at = buffer.indexOf(separator, from); at >= 0; at = buffer.indexOf(separator, from)) {
    parts.push(buffer.subarray(from, at));
    from = at + separator.length;
  }
  parts.push(buffer.subarray(from));
  return parts;
}

/**
 * A rendered answer made ready for stamping: status, headers (the nonce as a placeholder) and the
 * body split at the nonce, plus gzip pieces when the body is worth compressing.
 */
export function prepare({ status, headers, body }) {
  const csp = headers["content-security-policy"];
  const nonce = typeof csp === "string" ? NONCE_IN_CSP.exec(csp)?.[1] : undefined;
  const kept = [];
  for (const [name, value] of Object.entries(headers)) {
    if (DROPPED_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) kept.push([name, nonce ? String(one).split(nonce) : [String(one)]]);
  }
  const segments = nonce ? splitBuffer(body, Buffer.from(nonce)) : [body];
  const compress = body.length >= 1024;
  const deflated = compress
    ? segments.map((segment) => zlib.deflateRawSync(segment, { finishFlush: zlib.constants.Z_FULL_FLUSH, level: 6 }))
    : null;
  const bytes = body.length + (deflated?.reduce((sum, piece) => sum + piece.length, 0) ?? 0) + 256;
  return { status, headers: kept, segments, deflated, bytes, nonced: Boolean(nonce) };
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty, fixed-Huffman deflate block. */
const DEFLATE_END = Buffer.from([0x03, 0x00]);

function storedBlock(data) {
  const head = Buffer.alloc(5);
  head[0] = 0; // not final, stored (the previous piece ended on a byte boundary)
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return [head, data];
}

/** The answer with `nonce` stamped in: headers, the plain body, and (when kept) a gzip body. */
export function stamp(prepared, nonce, { gzip }) {
  const value = Buffer.from(nonce);
  const headers = prepared.headers.map(([name, parts]) => [name, parts.join(nonce)]);
  const plain = [];
  prepared.segments.forEach((segment, i) => {
    if (i > 0) plain.push(value);
    plain.push(segment);
  });
  if (!gzip || !prepared.deflated) return { status: prepared.status, headers, body: Buffer.concat(plain), encoding: null };
  const pieces = [GZIP_HEADER];
  prepared.deflated.forEach((piece, i) => {
    if (i > 0) pieces.push(...storedBlock(value));
    pieces.push(piece);
  });
  pieces.push(DEFLATE_END);
  let crc = 0;
  let size = 0;
  for (const part of plain) {
    crc = zlib.crc32(part, crc);
    size += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  pieces.push(trailer);
  return { status: prepared.status, headers, body: Buffer.concat(pieces), encoding: "gzip" };
}

/** Whether a rendered answer may be kept for everyone. */
export function storable({ status, headers }) {
  if (status !== 200 || headers["set-cookie"] !== undefined) return false;
  const type = headers["content-type"];
  return typeof type === "string" && type.startsWith("text/html");
}

export class PageCache {
  /**
   * @param {{ maxBytes?: number, maxAgeMs?: number, now?: () => number }} [options]
   */
  constructor(options = {}) {
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
    /** whether the api's change log is being followed: nothing is stored otherwise */
    this.live = false;
    this.seq = 0;
    this.allAt = 0;
    this.bytes = 0;
    /** @type {Map<string, number>} tag → the change count when it last moved */
    this.movedAt = new Map();
    /** @type {Map<string, { key: string, prepared: any, tags: Set<string>, expires: number }>} */
    this.entries = new Map();
    /** @type {Map<string, Set<string>>} */
    this.byTag = new Map();
    /** @type {Map<string, Promise<any>>} */
    this.flights = new Map();
    this.stats = { hits: 0, misses: 0, stored: 0, dropped: 0 };
  }

  /** The api said these keys changed: drop what was built from them. */
  change(keys) {
    this.seq++;
    for (const key of keys) {
      for (const tag of tagsOfChange(key)) {
        if (tag === "*") {
          this.allAt = this.seq;
          for (const entryKey of [...this.entries.keys()]) this.drop(entryKey);
          continue;
        }
        this.movedAt.set(tag, this.seq);
        for (const entryKey of [...(this.byTag.get(tag) ?? [])]) this.drop(entryKey);
      }
    }
  }

  /** A version token for in-process data caches: changes whenever any of these tags moves (null: do not cache). */
  generation(tags) {
    if (!this.live) return null;
    let token = `${this.allAt}`;
    for (const tag of tags) token += `.${this.movedAt.get(tag) ?? 0}`;
    return token;
  }

  /** Whether a render that began at change count `since` and read `tags` still shows current data. */
  current(tags, since) {
    if (!this.live || this.allAt > since) return false;
    for (const tag of tags) if ((this.movedAt.get(tag) ?? 0) > since) return false;
    return true;
  }

  get(key) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expires) {
      this.drop(key);
      return undefined;
    }
    this.entries.delete(key); // most recently used last
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * The prepared answer for `key`: from the cache, else from one render shared by every request
   * that asks meanwhile. `render()` resolves to { status, headers, body, tags }.
   * Resolves to { prepared, hit }.
   */
  async fetch(key, render) {
    const entry = this.get(key);
    if (entry) {
      this.stats.hits++;
      return { prepared: entry.prepared, hit: true };
    }
    this.stats.misses++;
    let flight = this.flights.get(key);
    if (!flight) {
      const since = this.seq;
      flight = (async () => {
        const answer = await render();
        const prepared = prepare(answer);
        prepared.tags = answer.tags;
        if (storable(answer) && this.current(answer.tags, since)) this.put(key, prepared, answer.tags);
        return prepared;
      })().finally(() => this.flights.delete(key));
      this.flights.set(key, flight);
    }
    return { prepared: await flight, hit: false };
  }

  put(key, prepared, tags) {
    if (prepared.bytes > this.maxBytes / 4) return;
    this.drop(key);
    const entry = { key, prepared, tags: new Set(tags), expires: this.now() + this.maxAgeMs };
    this.entries.set(key, entry);
    this.bytes += prepared.bytes;
    for (const tag of entry.tags) {
      let set = this.byTag.get(tag);
      if (!set) this.byTag.set(tag, set = new Set());
      set.add(key);
    }
    this.stats.stored++;
    while (this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  drop(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.prepared.bytes;
    for (const tag of entry.tags) {
      const set = this.byTag.get(tag);
      set?.delete(key);
      if (set?.size === 0) this.byTag.delete(tag);
    }
    this.stats.dropped++;
  }
}

/**
 * Follow the api's change log (GET /page-versions, long-polled) into `cache`: a change is heard
 * as soon as the api publishes it. A lost connection, a new api epoch or an api not listening to
 * its database empties the cache and stops storing until the log is followed again.
 */
export function followVersions(cache, apiUrl, { waitS = 25, retryMs = 500, log = console } = {}) {
  let stopped = false;
  let controller = null;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms).unref?.());
  const run = async () => {
    let epoch;
    let seq = 0;
    let warned = false;
    while (!stopped) {
      try {
        controller = new AbortController();
        const timer = setTimeout(() => controller.abort(), (waitS + 10) * 1000);
        const query = epoch ? `?after=${seq}&epoch=${encodeURIComponent(epoch)}&wait=${waitS}` : "";
        let body;
        try {
          const response = await fetch(`${apiUrl}/api/rest/page-versions${query}`, { signal: controller.signal, headers: { accept: "application/json" } });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          body = await response.json();
        } finally {
          clearTimeout(timer);
        }
        if (epoch === undefined || body.epoch !== epoch) cache.change(["*"]);
        else if (body.changes.length > 0) cache.change(body.changes);
        epoch = body.epoch;
        seq = body.seq;
        cache.live = body.live === true;
        warned = false;
        if (!cache.live) await sleep(retryMs);
      } catch (error) {
        if (stopped) break;
        cache.live = false;
        cache.change(["*"]);
        epoch = undefined;
        if (!warned) log.warn?.(`page cache: not following data versions (${error instanceof Error ? error.message : String(error)}); pages render uncached`);
        warned = true;
        await sleep(retryMs);
      }
    }
  };
  void run();
  return () => {
    stopped = true;
    cache.live = false;
    controller?.abort();
  };
}
