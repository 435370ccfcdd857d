import type { CartAnswer, SiteConfig } from "@store/contract";
import { Fills, type ChangeFeed } from "../db/changes";
import { Lru } from "../lib/lru";
import { serveOften } from "../http/json";

/** An answer is recomputed at least this often, whatever the feed says (time-bound prices, coupons). */
const MAX_AGE_MS = 60_000;

interface Entry {
  answer: CartAnswer;
  validUntil: number;
  config: SiteConfig;
  /** the cart rows' stamp read before the answer was computed */
  stamp: string;
}

/** One owner's kept answers, by embed set, and every product they were computed from. */
interface Owned {
  byEmbed: Map<string, Entry>;
  products: Set<number>;
}

/**
 * GET /cart answers kept per cart owner (`c<customer id>` or `s<session id>`) and embed set, so
 * a shopper's repeated reads do not compute the answer again. A kept answer is served only while
 * its cart is unchanged (any write to the cart or its lines, by any process or by hand): with a
 * server, while its rows' stamp (CartStamps, one small read shared by the reads on their way
 * together, which is also the request's feed round) reads the same; on the embedded database,
 * until the feed announces a write to it (`c:<owner>`, migration 0027). It also goes when the feed
 * says a product it was computed from changed (`p:<id>`: an order taking stock drops the carts
 * holding that product, not every cart), or any other data a cart shows changed (products
 * inserted or changed in bulk, stock at the stores, programmes, fees, coupons, rates, methods,
 * stores, configuration), when the store configuration object was reloaded, and when its
 * time-bound content (a sale or programme window, a coupon's dates) moves. Without a live feed
 * nothing is kept.
 */
export class CartAnswers {
  /** owners keeping an answer computed from each product */
  private readonly holders = new Map<number, Set<string>>();
  private readonly entries = new Lru<Owned>(20_000, { onDrop: (owned, owner) => this.release(owned, owner) });
  private readonly fills = new Fills();
  /** answers computed (not served from here): for tests and the bench */
  computed = 0;

  constructor(private readonly feed: ChangeFeed | null) {
    feed?.on("c", (owner) => this.forget(owner));
    feed?.on("d", () => this.forgetAll());
    feed?.on("p", (id) => this.forgetProduct(Number(id)));
    feed?.onReset(() => this.forgetAll());
  }

  /**
   * `compute` answers the cart and the ids of every product it read for it. `stamped`: the stamp
   * of the owner's cart rows (CartStamps), asked for no earlier than the request arrived and
   * before anything is computed, so that a write landing meanwhile leaves the stamp behind the
   * answer, never ahead; null when it could not be read (then nothing is served from here or
   * kept). `since`: a change feed mark (ChangeFeed.mark); a kept answer is then as fresh as that
   * moment.
   */
  async read(owner: string, stamped: Promise<string | null>, embedKey: string, config: SiteConfig,
    compute: () => Promise<{ answer: CartAnswer; validUntil: number; products: Iterable<number> }>, since?: number): Promise<CartAnswer> {
    const now = Date.now();
    if (!this.feed?.live) return (await this.count(compute)).answer;
    if (this.entries.get(owner)?.byEmbed.has(embedKey)) {
      // with a server the stamps' read is a feed round itself: settling after it costs nothing more
      const stamp = await stamped;
      const settled = stamp !== null && await this.feed.settled(since);
      // looked up again after settling: a change that committed before this request is seen
      const hit = this.entries.get(owner)?.byEmbed.get(embedKey);
      if (settled && hit?.stamp === stamp && hit.config === config && now < hit.validUntil) return hit.answer;
    }
    const fill = this.fills.begin(owner);
    let computed: { answer: CartAnswer; validUntil: number; products: Iterable<number> };
    let stamp: string | null;
    let current: boolean;
    try {
      stamp = await stamped;
      computed = await this.count(compute);
    } finally {
      current = this.fills.finished(owner, fill);
    }
    const { answer, validUntil, products } = computed;
    if (current && stamp !== null && this.feed.live) {
      let owned = this.entries.get(owner);
      if (!owned) this.entries.set(owner, owned = { byEmbed: new Map(), products: new Set() });
      owned.byEmbed.set(embedKey, { answer, validUntil: Math.min(validUntil, now + MAX_AGE_MS), config, stamp });
      serveOften(answer);
      for (const id of products) {
        owned.products.add(id);
        let owners = this.holders.get(id);
        if (!owners) this.holders.set(id, owners = new Set());
        owners.add(owner);
      }
    }
    return answer;
  }

  private async count<T>(compute: () => Promise<T>): Promise<T> {
    const computed = await compute();
    this.computed++;
    return computed;
  }

  forget(owner: string): void {
    this.entries.delete(owner);
    this.fills.invalidate(owner);
  }

  private forgetProduct(id: number): void {
    for (const owner of [...(this.holders.get(id) ?? [])]) this.entries.delete(owner);
    // an answer being computed may have read the product before the change: not kept
    this.fills.invalidateAll();
  }

  private forgetAll(): void {
    this.entries.clear();
    this.holders.clear();
    this.fills.invalidateAll();
  }

  /** An owner's answers left: it no longer holds their products. */
  private release(owned: Owned, owner: string): void {
    for (const id of owned.products) {
      const owners = this.holders.get(id);
      owners?.delete(owner);
      if (owners?.size === 0) this.holders.delete(id);
    }
  }
}
