import { randomBytes } from "node:crypto";
import type { PageVersions } from "@store/contract";
import type { ChangeFeed } from "../db/changes";

/** Changes kept for pollers that fall behind; older positions are answered with `*`. */
const LOG_LIMIT = 10_000;
/** How often a lost database listener is checked for its return. */
const RELISTEN_CHECK_MS = 250;
/** Longest wait for the rest of a transaction's notifications before a batch is published. */
const SYNC_WAIT_MS = 200;
/**
 * Least time between two refreshes. While orders flow, every order is a stock change: changes
 * that come sooner than this after the last refresh wait and go together, one refresh (one
 * catalogue check, one stock read) for the lot instead of one per order. A change still shows
 * within this plus a refresh, well inside the second a page may be stale.
 */
const REFRESH_SPACING_MS = 50;

interface Waiter {
  resolve: () => void;
  timer: NodeJS.Timeout;
}

/**
 * The data versions server-rendered pages depend on, as a log of changed keys that storefront
 * processes follow (GET /page-versions, long-polled). Keys come from the triggers of migration
 * 0021 (`v:<key>` on the change feed). Before a batch of keys is published, `refresh` brings this
 * process's own caches up to date, so a page rendered after a poller hears of a change is built
 * from the new data (never from an answer cached here a moment before the change). A change is
 * published once: each key it names takes one position in the log, all in one batch.
 */
export class PageVersionService {
  readonly epoch = randomBytes(9).toString("base64url");
  private seq = 0;
  private log: Array<{ seq: number; key: string }> = [];
  private pending = new Set<string>();
  private flushing: Promise<void> | null = null;
  private lastRefresh = -Infinity;
  private waiters = new Set<Waiter>();
  private relisten: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly feed: ChangeFeed | null, private readonly refresh: (keys: ReadonlySet<string>) => Promise<void>) {
    feed?.on("v", (key) => this.note(key));
    feed?.onReset(() => this.lost());
  }

  get live(): boolean {
    return !this.closed && this.feed !== null && this.feed.live;
  }

  /** Where the log stands (for a poller's first call). */
  get position(): number {
    return this.seq;
  }

  /** The keys changed after `after` in this epoch; `*` when the poller cannot know what it missed. */
  since(after: number | undefined, epoch: string | undefined): string[] {
    if (after === undefined) return [];
    if (epoch !== this.epoch || after > this.seq) return ["*"];
    if (after === this.seq) return [];
    const oldest = this.log[0]?.seq ?? this.seq + 1;
    if (after < oldest - 1) return ["*"];
    const keys = new Set<string>();
    for (let i = this.log.length - 1; i >= 0 && this.log[i]!.seq > after; i--) keys.add(this.log[i]!.key);
    return [...keys];
  }

  /** Answer a poll, waiting up to `waitS` seconds for a change when there is none yet. */
  async poll(after: number | undefined, epoch: string | undefined, waitS = 0): Promise<PageVersions> {
    let changes = this.since(after, epoch);
    if (changes.length === 0 && after !== undefined && waitS > 0 && !this.closed) {
      await new Promise<void>((resolve) => {
        const waiter: Waiter = { resolve, timer: setTimeout(() => this.wake(waiter), waitS * 1000) };
        this.waiters.add(waiter);
      });
      changes = this.since(after, epoch);
    }
    return { epoch: this.epoch, seq: this.seq, live: this.live, changes };
  }

  /** A key from the feed: published after this process's caches have caught up. */
  note(key: string): void {
    this.pending.add(key);
    this.flushing ??= this.flush();
  }

  private async flush(): Promise<void> {
    // let the rest of a transaction's notifications arrive first, so one change is one batch (one
    // refresh of this process's caches, one answer to pollers): the embedded database delivers
    // them together; a server's may span several reads of the socket, and a round trip on the
    // listening connection comes back only after all of them
    await new Promise((resolve) => setImmediate(resolve));
    while (this.pending.size > 0) {
      const early = this.lastRefresh + REFRESH_SPACING_MS - performance.now();
      if (early > 0 && !this.closed) await new Promise((resolve) => setTimeout(resolve, early));
      // closed during the wait: the database may be gone, and nobody is left to tell
      if (this.closed) {
        this.pending.clear();
        break;
      }
      // again for keys that arrived while the previous batch refreshed
      if (this.feed?.live) await this.caughtUp(this.feed);
      const batch = this.pending;
      this.pending = new Set();
      this.lastRefresh = performance.now();
      try {
        await this.refresh(batch);
      } catch (error) {
        process.emitWarning(`page versions: refresh failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      this.publish(batch);
    }
    this.flushing = null;
  }

  /** The feed's sync round, waited for at most SYNC_WAIT_MS (a slow round must not hold changes back). */
  private async caughtUp(feed: ChangeFeed): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      feed.sync()?.catch(() => undefined),
      new Promise((resolve) => { timer = setTimeout(resolve, SYNC_WAIT_MS); }),
    ]);
    clearTimeout(timer);
  }

  private publish(keys: Iterable<string>): void {
    for (const key of keys) this.log.push({ seq: ++this.seq, key });
    if (this.log.length > LOG_LIMIT) this.log = this.log.slice(-LOG_LIMIT);
    for (const waiter of [...this.waiters]) this.wake(waiter);
  }

  private wake(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    this.waiters.delete(waiter);
    waiter.resolve();
  }

  /** The listener dropped: changes may go unheard, so everything may have changed, now and once it is back. */
  private lost(): void {
    this.note("*");
    if (this.relisten || this.closed) return;
    this.relisten = setInterval(() => {
      if (!this.feed?.live && !this.closed) return;
      clearInterval(this.relisten!);
      this.relisten = null;
      if (!this.closed) this.note("*");
    }, RELISTEN_CHECK_MS);
    this.relisten.unref();
  }

  close(): void {
    this.closed = true;
    if (this.relisten) clearInterval(this.relisten);
    for (const waiter of [...this.waiters]) this.wake(waiter);
  }
}
