import type { CartAnswer, SiteConfig } from "@store/contract";
import { Fills, type ChangeFeed } from "../db/changes";
import { Lru } from "../lib/lru";

/** An answer is recomputed at least this often, whatever the feed says (time-bound prices, coupons). */
const MAX_AGE_MS = 60_000;

interface Entry {
  answer: CartAnswer;
  validUntil: number;
  config: SiteConfig;
}

/**
 * GET /cart answers kept per cart owner (`c<customer id>` or `s<session id>`) and embed set, so
 * a shopper's repeated reads cost no database call. An entry goes when the change feed says the
 * owner's cart changed (any process, any writer) or any data a cart shows changed (products,
 * stock, programmes, fees, coupons, rates, methods, stores, configuration), when the store
 * configuration object was reloaded, and when its time-bound content (a sale or programme window,
 * a coupon's dates) moves. Without a live feed nothing is kept.
 */
export class CartAnswers {
  private readonly entries = new Lru<Map<string, Entry>>(20_000);
  private readonly fills = new Fills();

  constructor(private readonly feed: ChangeFeed | null) {
    feed?.on("c", (owner) => this.forget(owner));
    feed?.on("d", () => this.forgetAll());
    feed?.on("p", () => this.forgetAll());
    feed?.onReset(() => this.forgetAll());
  }

  async read(owner: string, embedKey: string, config: SiteConfig,
    compute: () => Promise<{ answer: CartAnswer; validUntil: number }>): Promise<CartAnswer> {
    const now = Date.now();
    if (this.feed?.live && this.entries.get(owner)?.has(embedKey) && await this.feed.settled()) {
      // looked up again after settling: a change that committed before this request is seen
      const hit = this.entries.get(owner)?.get(embedKey);
      if (hit && hit.config === config && now < hit.validUntil) return hit.answer;
    }
    const fill = this.fills.begin(owner);
    const { answer, validUntil } = await compute();
    if (this.fills.finished(owner, fill) && this.feed?.live) {
      let byEmbed = this.entries.get(owner);
      if (!byEmbed) this.entries.set(owner, byEmbed = new Map());
      byEmbed.set(embedKey, { answer, validUntil: Math.min(validUntil, now + MAX_AGE_MS), config });
    }
    return answer;
  }

  forget(owner: string): void {
    this.entries.delete(owner);
    this.fills.invalidate(owner);
  }

  private forgetAll(): void {
    this.entries.clear();
    this.fills.invalidateAll();
  }
}
