import { listenerOf, type Db, type RoundRead } from "./client";

/** The channel the change triggers notify on (migration 0017). */
export const CHANGES_CHANNEL = "store_changes";

/**
 * What the database says changed, from triggers (migration 0017), so every api process can keep
 * per-shopper data in memory and drop it the moment any process (or a hand-written SQL edit)
 * changes it. A message is `kind:key`: `s:<session id>` a session went, `d:<table>` data a cart
 * shows changed, `p:<id>` that product changed (migration 0023: an update of up to 200 products;
 * more says `d:products`), `c:<owner>` a cart or its lines changed (owner `c<customer id>` or
 * `s<session id>`; not sent by the api's own connections to a server, migration 0027: there kept
 * cart answers check their rows' stamps, cart/stamps.ts).
 *
 * Caches over the feed keep one rule: an answer read from the database is stored only if no
 * message about it arrived while it was being read (`Fill.stale`), so a change that commits
 * mid-read is never hidden behind the older answer. When the listening connection drops,
 * everything is dropped and nothing is stored until it is back.
 */
export class ChangeFeed {
  private readonly handlers = new Map<string, Set<(key: string) => void>>();
  private readonly resets = new Set<() => void>();
  private unlisten: (() => Promise<void>) | null = null;
  private ping: ((read?: RoundRead) => Promise<unknown[]>) | null = null;
  /** the last `SELECT 1` round sent and not yet back */
  private running: Promise<void> | null = null;
  /** the last round of any kind (reads sent as rounds included) sent and not yet back, and its number */
  private latest: { round: number; back: Promise<unknown> } | null = null;
  private queued: Promise<void> | null = null;
  /** rounds sent so far (reads sent as rounds included), and the latest that came back */
  private sentRounds = 0;
  private settledRound = 0;
  /** false until listening, and after a drop until listening again: caches pass through */
  live = false;

  /** A feed over this database, or null when it cannot listen (then nothing is cached). */
  static async start(db: Db): Promise<ChangeFeed | null> {
    const listen = listenerOf(db);
    if (!listen) return null;
    const feed = new ChangeFeed();
    const { stop, sync } = await listen(CHANGES_CHANNEL, (payload) => feed.receive(payload), (live) => {
      if (!live) feed.reset();
      feed.live = live;
    });
    feed.unlisten = stop;
    feed.ping = sync;
    feed.live = true;
    return feed;
  }

  /**
   * Resolves once every change committed before the call has been received, so a cached answer
   * checked after it is as fresh as a database read (read-your-writes across processes, and for
   * edits made by hand). The embedded database delivers as it commits: nothing to wait for. With a
   * server, one round trip on the listening connection, shared by every caller that arrived
   * before it was sent.
   */
  sync(): Promise<void> | undefined {
    if (!this.ping) return undefined;
    if (!this.running) return this.round();
    // the round on its way was sent before this call: wait for the next one
    this.queued ??= this.running.then(() => undefined, () => undefined).then(() => {
      this.queued = null;
      return this.round();
    });
    return this.queued;
  }

  /**
   * A mark of this moment, for `settled(mark)`: every read a request makes as of its arrival can
   * share one round instead of one round each.
   */
  mark(): number {
    return this.sentRounds;
  }

  /**
   * After sync(): whether caches may answer (false when not listening or the round failed). With a
   * mark, a round sent after the mark that has already come back will do.
   */
  async settled(since?: number): Promise<boolean> {
    if (since !== undefined && this.settledRound > since) return this.live;
    try {
      // a round on its way that was sent after the mark will do as well (rounds come back in order)
      if (since !== undefined && this.latest && this.latest.round > since) await this.latest.back;
      else await this.sync();
    } catch {
      return false;
    }
    return this.live;
  }

  /**
   * Runs a read on the listening connection as a round of its own: its rows come back after every
   * change committed before it was sent, so what it read and every cache this feed vouches for are
   * as current as one moment, for one round trip. Undefined without a server (read the database
   * itself: the embedded one delivers as it commits).
   */
  readInRound<T>(read: RoundRead): Promise<T[]> | undefined {
    if (!this.ping) return undefined;
    const index = ++this.sentRounds;
    const back = this.ping(read).then((rows) => {
      this.settledRound = Math.max(this.settledRound, index);
      return rows as T[];
    });
    this.sent(index, back);
    return back;
  }

  private sent(round: number, back: Promise<unknown>): void {
    const latest = { round, back };
    this.latest = latest;
    back.finally(() => {
      if (this.latest === latest) this.latest = null;
    }).catch(() => undefined);
  }

  private round(): Promise<void> {
    const index = ++this.sentRounds;
    const round = this.ping!().then(() => {
      this.settledRound = Math.max(this.settledRound, index);
    }).finally(() => {
      if (this.running === round) this.running = null;
    });
    this.running = round;
    this.sent(index, round);
    return round;
  }

  on(kind: string, handler: (key: string) => void): void {
    let set = this.handlers.get(kind);
    if (!set) this.handlers.set(kind, set = new Set());
    set.add(handler);
  }

  onReset(handler: () => void): void {
    this.resets.add(handler);
  }

  /**
   * Whether notifications arrive as the notifying statement commits (the embedded database, or no
   * server to ask): nothing needs a round, nor a read to vouch for what the feed announces.
   */
  get immediate(): boolean {
    return this.ping === null;
  }

  /** A change this process made and knows of before its notification arrives. */
  receive(payload: string): void {
    const colon = payload.indexOf(":");
    if (colon < 0) return;
    const kind = payload.slice(0, colon);
    const key = payload.slice(colon + 1);
    for (const handler of this.handlers.get(kind) ?? []) handler(key);
  }

  private reset(): void {
    this.live = false;
    for (const handler of this.resets) handler();
  }

  async close(): Promise<void> {
    this.live = false;
    await this.unlisten?.();
    this.unlisten = null;
  }
}

/** One read in progress for a cache key: stale once a message about the key (or everything) arrived. */
export interface Fill {
  stale: boolean;
}

/**
 * Bookkeeping of reads in progress per key, for caches over a ChangeFeed: `begin` before reading,
 * `invalidate` on a message, `finished` after reading (answers whether the read may be stored).
 */
export class Fills {
  private readonly open = new Map<string, Set<Fill>>();

  begin(key: string): Fill {
    const fill: Fill = { stale: false };
    let set = this.open.get(key);
    if (!set) this.open.set(key, set = new Set());
    set.add(fill);
    return fill;
  }

  finished(key: string, fill: Fill): boolean {
    const set = this.open.get(key);
    set?.delete(fill);
    if (set?.size === 0) this.open.delete(key);
    return !fill.stale;
  }

  invalidate(key: string): void {
    for (const fill of this.open.get(key) ?? []) fill.stale = true;
  }

  invalidateAll(): void {
    for (const set of this.open.values()) for (const fill of set) fill.stale = true;
  }
}

/**
 * Which keys changed after a mark, for a cache whose entries are built from several keys known only
 * once built (a product answer holds its children's, links' and bundle pieces' rows): `mark` before
 * reading, `unchanged(mark, keys)` before storing, `release(mark)` after. Changes are kept only
 * while a mark taken before them is held.
 */
export class ChangesSince<K> {
  /** changes in order, `null` for "everything" */
  private log: Array<K | null> = [];
  /** the sequence number of log[0] */
  private base = 0;
  /** marks held: sequence number → holders */
  private readonly held = new Map<number, number>();

  mark(): number {
    const at = this.base + this.log.length;
    this.held.set(at, (this.held.get(at) ?? 0) + 1);
    return at;
  }

  /** A key changed (`null`: everything did). */
  record(key: K | null): void {
    if (this.held.size === 0) this.base += 1;
    else this.log.push(key);
  }

  /** Whether none of `keys`, and not everything, changed after `mark`. */
  unchanged(mark: number, keys: Iterable<K>): boolean {
    const from = mark - this.base;
    if (from >= this.log.length) return true;
    const changed = new Set(this.log.slice(Math.max(0, from)));
    if (changed.has(null)) return false;
    for (const key of keys) if (changed.has(key)) return false;
    return true;
  }

  release(mark: number): void {
    const holders = (this.held.get(mark) ?? 1) - 1;
    if (holders > 0) this.held.set(mark, holders);
    else this.held.delete(mark);
    // what no held mark can ask about any more goes
    const oldest = this.held.size === 0 ? this.base + this.log.length : Math.min(...this.held.keys());
    if (oldest > this.base) {
      this.log = this.log.slice(oldest - this.base);
      this.base = oldest;
    }
  }
}
