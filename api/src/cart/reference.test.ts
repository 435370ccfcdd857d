import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { schema } from "../db/client";
import { ChangeFeed } from "../db/changes";
import { useTestApp } from "../test/app";
import { insertCartFixtures } from "./test-fixtures";
import { CartReference, type Freshness } from "./reference";

const t = useTestApp(insertCartFixtures);

/**
 * A feed as a database server gives it: every round trip on the listening connection is one
 * `ping`, answered when the test says; notifications arrive when the test delivers them.
 */
function serverLikeFeed() {
  const feed = new ChangeFeed();
  const pending: Array<() => void> = [];
  let pings = 0;
  Object.assign(feed, {
    ping: () => {
      pings += 1;
      return new Promise<void>((resolve) => pending.push(resolve));
    },
  });
  feed.live = true;
  return {
    feed,
    pings: () => pings,
    /** the round trips sent so far come back */
    answer: () => pending.splice(0).forEach((resolve) => resolve()),
  };
}

const flatPrice = async (reference: CartReference, fresh: Freshness) =>
  (await reference.shippingMethods(t.db, fresh)).find((m) => m.code === "flatrate_flatrate")!.price;

describe("reference data read fresh for an order", () => {
  it("reads as of a mark share one round sent after it, and a change that arrives before it comes back is read", async () => {
    const { feed, pings, answer } = serverLikeFeed();
    const reference = new CartReference(feed);
    expect(await flatPrice(reference, false)).toBe(4999); // held from now on
    const m = schema.shippingMethods;
    await t.db.update(m).set({ price: 5999 }).where(eq(m.code, "flatrate_flatrate"));
    try {
      const mark = feed.mark();
      const first = flatPrice(reference, mark);
      const second = reference.taxRates(t.db, mark);
      // the change's notification arrives before the round sent after the mark comes back
      feed.receive("d:shipping_methods");
      answer();
      expect(await first).toBe(5999);
      await second;
      expect(pings()).toBe(1);
      // a round sent before a mark does not vouch for it: the next fresh read waits for a new one
      const later = feed.mark();
      const third = flatPrice(reference, later);
      await new Promise((resolve) => setImmediate(resolve));
      expect(pings()).toBe(2);
      answer();
      expect(await third).toBe(5999);
    } finally {
      await t.db.update(m).set({ price: sql`4999` }).where(eq(m.code, "flatrate_flatrate"));
    }
  });
});
