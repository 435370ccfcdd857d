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
 * - An answer from here is the same bytes for everyone who gets it, so its CSP names hashes, not a
 *   nonce: when an answer is prepared, the render's nonce in the CSP is replaced by the sha256 of
 *   each inline <script> and <style> element that carries that nonce (what the nonce allowed, and
 *   nothing else: markup injected into the page cannot know the nonce, so it gets no hash), plus
 *   the inline code the render gave the nonce to be inserted in the browser (configured scripts,
 *   which Next's script loader or force_reload inserts; style text React may create on the client,
 *   as in Next's error document for a 404): the render names these, see tags.ts. The nonce
 *   attributes stay in the HTML, harmless: no policy ever served names that nonce. The policy has
 *   no 'strict-dynamic', so external scripts (Next's chunks, configured script URLs) load by 'self'
 *   and their hosts, as with the nonce. Pages not served from here keep the proxy's fresh nonce.
 * - A request gets the copy its Accept-Encoding prefers (q-values, `*` and q=0 honoured; br before
 *   gzip before identity when equally acceptable). The gzip and brotli copies are each made once
 *   (off the main thread), when first asked for: a render whose answer is never stored, or never
 *   asked for in one of them, costs no compression it does not send.
 * - The cache is bounded in bytes, every copy counted (least recently used go first).
 */
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Every change moves `any`; a product or listing change also moves `products` (listings of unknown extent). */
export function tagsOfChange(key) {
  if (key === "*") return ["*"];
  if (/^[pc]\d+$/.test(key) || key === "catalog") return [key, "products", "any"];
  return [key, "any"];
}

const NONCE_IN_CSP = /'nonce-([A-Za-z0-9+/=_-]{8,})'/;
/** Headers of one transfer, not of the answer. */
export const TRANSFER_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "date"]);
/** Headers not kept: they describe one transfer, or are set per answer. */
// set-cookie too: a render without the shopper's cookies sets none of theirs, and the answer may go
// to every request waiting on the same render
const DROPPED_HEADERS = new Set([...TRANSFER_HEADERS, "vary", "etag", "set-cookie"]);
/** Bodies smaller than this are kept (and sent) plain only. */
const COMPRESS_FROM = 1024;
/** Bytes counted per entry besides its bodies (headers, bookkeeping). */
const ENTRY_OVERHEAD = 512;

/** A CSP hash source for inline content, as the browser computes it (sha256 of the UTF-8 text). */
const hashSource = (text) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** What the HTML parser makes of raw text before a script sees it: CR LF and CR become LF, NUL U+FFFD. */
const parsedText = (text) => (/[\r\0]/.test(text) ? text.replace(/\r\n?/g, "\n").replaceAll("\0", "\uFFFD") : text);

/**
 * Script types a browser runs (a data block such as JSON-LD is never run, so no policy applies):
 * none, a JavaScript MIME type, a module, an import map, speculation rules.
 */
const RUN_TYPES = /^\s*(|module|importmap|speculationrules|(text|application)\/(x-)?(java|ecma)script|text\/(javascript1\.[0-5]|jscript|livescript)|text\/x-ecmascript)\s*$/i;
const attribute = (attributes, name) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, "i").exec(attributes);
const valueOf = (match) => match && (match[1] ?? match[2] ?? match[3]);

const LT = 0x3c;
const GT = 0x3e;
const END_TAG = Buffer.from("</");
/** Whether the bytes of `html` at `at` spell `name` (lower-case ASCII letters) in any case. */
function spells(html, at, name) {
  for (let i = 0; i < name.length; i++) if ((html[at + i] | 0x20) !== name.charCodeAt(i)) return false;
  return true;
}
/** A byte that would continue a tag name ([A-Za-z0-9_]); anything else ends it. */
const wordByte = (byte) => byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a) || byte === 0x5f);
/** What ends an end tag's name for the browser's tokenizer: whitespace, `/` or `>`. */
const endTagEnd = (byte) => byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x20 || byte === 0x2f || byte === GT;

/**
 * The inline `<script>` and `<style>` elements of `html` (a Buffer of UTF-8; tags in any case):
 * each one's name, its attributes' text and where its text starts and ends. Found by byte
 * searches: decoding a whole page to scan it cost a render about a millisecond.
 */
function inlineElements(html) {
  const found = [];
  for (let at = html.indexOf(LT); at >= 0; at = html.indexOf(LT, at + 1)) {
    const element = spells(html, at + 1, "script") ? "script" : spells(html, at + 1, "style") ? "style" : null;
    if (!element || wordByte(html[at + 1 + element.length])) continue;
    const open = html.indexOf(GT, at);
    if (open < 0) break;
    let close = html.indexOf(END_TAG, open + 1);
    while (close >= 0 && !(spells(html, close + 2, element) && endTagEnd(html[close + 2 + element.length]))) close = html.indexOf(END_TAG, close + 2);
    if (close < 0) continue;
    found.push({ element, attributes: html.toString("latin1", at + 1 + element.length, open), from: open + 1, to: close });
    at = close + 1 + element.length;
  }
  return found;
}

/**
 * The hashes that allow what `nonce` allowed in the page `html` (a Buffer of UTF-8): every inline
 * script and style element carrying it (external scripts, `src`, are allowed by address), plus
 * `scripts` and `styles` (text the browser may insert itself as inline scripts and styles).
 */
function inlineHashes(html, nonce, { scripts = [], styles = [] } = {}) {
  const script = new Set();
  const style = new Set();
  for (const { element, attributes, from, to } of inlineElements(html)) {
    if (valueOf(attribute(attributes, "nonce")) !== nonce) continue;
    const isStyle = element === "style";
    if (!isStyle && attribute(attributes, "src")) continue;
    const type = valueOf(attribute(attributes, "type"));
    if (!isStyle && type !== undefined && type !== null && !RUN_TYPES.test(type)) continue;
    // hashed as the bytes it was sent as, decoded only to replace CR or NUL, as the parser does
    const bytes = html.subarray(from, to);
    const source = bytes.includes(0x0d) || bytes.includes(0x00) ? hashSource(parsedText(bytes.toString("utf8"))) : hashSource(bytes);
    (isStyle ? style : script).add(source);
  }
  // inserted by textContent (as is) or by innerHTML (parsed): either form may arrive
  for (const code of scripts) for (const text of new Set([code, parsedText(code)])) script.add(hashSource(text));
  for (const css of styles) for (const text of new Set([css, parsedText(css)])) style.add(hashSource(text));
  return { script: [...script], style: [...style] };
}

/** `csp` with its nonce replaced by hashes: scripts' in script-src(-elem), styles' in style-src(-elem). */
function hashPolicy(csp, nonce, hashes) {
  const token = `'nonce-${nonce}'`;
  return csp.split(";").map((directive) => {
    const words = directive.trim().split(/\s+/);
    const at = words.indexOf(token);
    if (at < 0) return directive.trim();
    const name = words[0].toLowerCase();
    const sources = name === "script-src" || name === "script-src-elem" ? hashes.script
      : name === "style-src" || name === "style-src-elem" ? hashes.style : [];
    words.splice(at, 1, ...sources.filter((source) => !words.includes(source)));
    return words.join(" ");
  }).join("; ");
}

/**
 * A rendered answer made ready to serve as is, to anyone: status, headers (the CSP's nonce turned
 * into hashes, see above) and the plain body; its compressed copies (from 1 KB up) are made by
 * encodedBody when first asked for.
 * `scripts`, `styles`: inline text the page's browser may insert itself (noted by the render).
 */
export async function prepare({ status, headers, body, scripts = [], styles = [] }) {
  const csp = headers["content-security-policy"];
  const nonce = typeof csp === "string" ? NONCE_IN_CSP.exec(csp)?.[1] : undefined;
  const hashes = nonce ? inlineHashes(body, nonce, { scripts, styles }) : null;
  const kept = [];
  for (const [name, value] of Object.entries(headers)) {
    if (DROPPED_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      kept.push([name, name === "content-security-policy" && nonce ? hashPolicy(String(one), nonce, hashes) : String(one)]);
    }
  }
  const bytes = body.length + kept.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + ENTRY_OVERHEAD;
  return {
    status, headers: kept, bodies: { identity: body }, bytes,
    codings: body.length >= COMPRESS_FROM ? ["br", "gzip", "identity"] : ["identity"],
    /** copies being made: coding → promise (two requests never compress the same copy twice) */
    making: new Map(),
    /** set while the answer is in a cache: told the size of each copy made then */
    grew: undefined,
  };
}

const COMPRESS = {
  gzip: (body) => gzip(body, { level: 6 }),
  br: (body) => brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
};

/**
 * The q-value of each coding an Accept-Encoding header names (lower case; `*` included), or null
 * when the request has none (then only identity is wanted).
 */
function acceptedCodings(header) {
  if (header === undefined || header === null) return null;
  const q = new Map();
  for (const part of String(header).split(",")) {
    const [name, ...params] = part.trim().split(";");
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let value = 1;
    for (const param of params) {
      const [key, raw] = param.split("=").map((s) => s.trim());
      if (key.toLowerCase() === "q") value = Number.isFinite(Number(raw)) ? Math.min(1, Math.max(0, Number(raw))) : 0;
    }
    q.set(coding, Math.max(value, q.get(coding) ?? 0));
  }
  return q;
}

/**
 * Query parameters that campaigns and ad clicks add to a link (utm_*, click ids). No page renders
 * anything from them (the browser's analytics reads them from the address), and a click id is new
 * for every click: kept in the key, a campaign's peak would render its landing page once per
 * visitor.
 */
const CAMPAIGN_PARAM = /^(utm_[a-z0-9_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|ttclid|twclid|li_fat_id|mc_cid|mc_eid|_ga|_gl|srsltid)$/i;

/** Whether a query's `name=value` pair is a campaign's (its name decoded as a form's would be). */
function campaignPair(pair) {
  const name = pair.split("=", 1)[0].replace(/\+/g, " ");
  try {
    return CAMPAIGN_PARAM.test(decodeURIComponent(name));
  } catch {
    return CAMPAIGN_PARAM.test(name); // a malformed escape: compared as written
  }
}

/**
 * A request's path and query without campaign parameters: the address its page is rendered and
 * kept under. Everything else is left as written (order, spelling, empty pairs).
 */
export function withoutCampaignParams(url) {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const pairs = url.slice(at + 1).split("&");
  const kept = pairs.filter((pair) => !campaignPair(pair));
  if (kept.length === pairs.length) return url;
  return kept.length ? `${url.slice(0, at)}?${kept.join("&")}` : url.slice(0, at);
}

/**
 * A document request's key: its address and, for a store in kiosk/iframe mode (`gated`), what
 * the auth gate (spec 000 §4, see shell/authGate.ts) reads from a request: whether it is the top
 * document or a frame (Sec-Fetch-Dest) and, for a frame, which site framed it (the Referer's
 * origin). A page rendered as "unauthorised" for a top-level visit is never served inside the
 * allowed frame, nor the store rendered for that frame to a top-level visit.
 */
export function pageKey(headers, url, gated) {
  const key = `${headers["x-forwarded-proto"] ?? "http"} ${headers.host ?? ""} ${url}`;
  if (!gated) return key;
  const dest = headers["sec-fetch-dest"];
  if (dest === "document") return `${key} document`;
  if (dest !== "iframe") return key;
  let from = "none";
  try {
    from = new URL(String(headers.referer ?? "")).origin;
  } catch {
    // no referrer, or not a URL: framed by nobody we can name
  }
  return `${key} iframe ${from}`;
}

/**
 * The coding to send for an Accept-Encoding header, among `available` (in order of preference
 * when equally acceptable): the highest q-value wins; a coding not named takes `*`'s value, except
 * identity, which is acceptable unless refused (`identity;q=0`, or `*;q=0` without naming it).
 * When nothing offered is acceptable, identity (a page is better than a 406).
 */
export function negotiate(header, available = ["br", "gzip", "identity"]) {
  const q = acceptedCodings(header);
  if (!q) return "identity";
  const star = q.get("*");
  let best = "identity";
  let bestQ = 0;
  for (const coding of available) {
    const value = q.get(coding) ?? (coding === "identity" ? (star === 0 ? 0 : 1e-3) : star ?? 0);
    if (value > bestQ) {
      best = coding;
      bestQ = value;
    }
  }
  return best;
}

/**
 * The body and Content-Encoding (null: none) of `prepared` for a request's Accept-Encoding; a
 * compressed copy is made on first use and kept with the answer.
 */
export async function encodedBody(prepared, acceptEncoding) {
  const coding = negotiate(acceptEncoding, prepared.codings);
  if (coding === "identity") return { body: prepared.bodies.identity, encoding: null };
  let copy = prepared.bodies[coding];
  if (!copy) {
    let making = prepared.making.get(coding);
    if (!making) {
      making = COMPRESS[coding](prepared.bodies.identity).then((made) => {
        prepared.bodies[coding] = made;
        prepared.bytes += made.length;
        prepared.grew?.(made.length);
        return made;
      }).finally(() => prepared.making.delete(coding));
      prepared.making.set(coding, making);
    }
    copy = await making;
  }
  return { body: copy, encoding: coding };
}

/**
 * `body`, sent once and not kept (a personal page), for a request's Accept-Encoding: the body and
 * its Content-Encoding (null: none), compressed as a kept answer's copies are.
 */
export async function encodedOnce(body, acceptEncoding) {
  const coding = body.length >= COMPRESS_FROM ? negotiate(acceptEncoding) : "identity";
  return coding === "identity" ? { body, encoding: null } : { body: await COMPRESS[coding](body), encoding: coding };
}

/**
 * Whether a rendered answer may be kept for everyone (`unkeyed`: it depends on more of the
 * request than the key it was rendered under says).
 */
export function storable({ status, headers, unkeyed }) {
  if (status !== 200 || headers["set-cookie"] !== undefined || unkeyed) return false;
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
   * that asks meanwhile. `render()` resolves to { status, headers, body, tags, scripts, styles }.
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
        const prepared = await prepare(answer);
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
    // a compressed copy made later counts against the bound too
    prepared.grew = (bytes) => {
      this.bytes += bytes;
      this.evict();
    };
    for (const tag of entry.tags) {
      let set = this.byTag.get(tag);
      if (!set) this.byTag.set(tag, set = new Set());
      set.add(key);
    }
    this.stats.stored++;
    this.evict();
  }

  /** Least recently used entries go until the cache is within its bound. */
  evict() {
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
    entry.prepared.grew = undefined;
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
