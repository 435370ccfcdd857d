import { describe, expect, it } from "vitest";
import type { ChangeFeed } from "../db/changes";
import { PageVersionService } from "./service";

/**
 * A change feed as the PostgreSQL server delivers it: the notifications of one transaction may
 * arrive in more than one read of the listening socket, and a round trip on that connection
 * (sync) comes back only after all of them.
 */
class ServerLikeFeed {
  live = true;
  private handlers = new Map<string, (key: string) => void>();
  private arriving: Promise<void> = Promise.resolve();
  on(kind: string, handler: (key: string) => void) {
    this.handlers.set(kind, handler);
  }
  onReset() {}
  /** One transaction's keys, the first read now and the rest `laterMs` after. */
  commit(keys: string[], laterMs: number) {
    const [first, ...rest] = keys;
    this.handlers.get("v")!(first!);
    this.arriving = new Promise((resolve) => setTimeout(() => {
      for (const key of rest) this.handlers.get("v")!(key);
      resolve();
    }, laterMs));
  }
  sync() {
    return this.arriving;
  }
}

describe("PageVersionService", () => {
  it("publishes one change once: a transaction's keys arriving in two reads are one batch, one refresh, one answer", async () => {
    const feed = new ServerLikeFeed();
    const refreshed: string[][] = [];
    const service = new PageVersionService(feed as unknown as ChangeFeed, async (keys) => {
      refreshed.push([...keys]);
      await new Promise((resolve) => setTimeout(resolve, 20)); // the catalogue model rebuild
    });
    try {
      const start = await service.poll(undefined, undefined);
      const waiting = service.poll(start.seq, start.epoch, 5);
      feed.commit(["p7", "c3", "c1"], 5);
      const answer = await waiting;
      expect(answer.changes).toEqual(["c1", "c3", "p7"]);
      expect(answer.seq - start.seq).toBe(3);
      expect(refreshed).toEqual([["p7", "c3", "c1"]]);
      // and nothing after
      const after = await service.poll(answer.seq, answer.epoch, 0.2);
      expect(after.changes).toEqual([]);
      expect(refreshed).toHaveLength(1);
    } finally {
      service.close();
    }
  });

  it("gathers changes that come sooner than 50 ms after a refresh into one batch, and still publishes each soon", async () => {
    const feed = new ServerLikeFeed();
    const refreshed: string[][] = [];
    const service = new PageVersionService(feed as unknown as ChangeFeed, async (keys) => {
      refreshed.push([...keys]);
    });
    try {
      const start = await service.poll(undefined, undefined);
      const began = performance.now();
      // ten orders, 5 ms apart, each a stock change of its product
      for (let i = 0; i < 10; i++) {
        feed.commit([`p${i}`], 0);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      // each poll waits for what is new since the last answer (asking from the start again would
      // answer at once, a loop of microtasks that starves the service's timers)
      let seq = start.seq;
      while (seq - start.seq < 10 && performance.now() - began < 2_000) seq = (await service.poll(seq, start.epoch, 1)).seq;
      expect(seq - start.seq).toBe(10);
      expect(performance.now() - began).toBeLessThan(500);
      expect(refreshed.flat().sort()).toEqual(["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9"]);
      // one refresh at once, the rest together after the spacing (one more if the timers ran late)
      expect(refreshed.length).toBeLessThanOrEqual(3);
      expect(refreshed[0]).toEqual(["p0"]);
    } finally {
      service.close();
    }
  });
  it("runs no refresh once closed: a change waiting out the spacing is dropped with the service", async () => {
    const feed = new ServerLikeFeed();
    const refreshed: string[][] = [];
    const service = new PageVersionService(feed as unknown as ChangeFeed, async (keys) => {
      refreshed.push([...keys]);
    });
    feed.commit(["p1"], 0);
    // the first refresh runs at once; the second change waits for the spacing
    const began = performance.now();
    while (refreshed.length === 0 && performance.now() - began < 1_000) await new Promise((resolve) => setTimeout(resolve, 1));
    feed.commit(["p2"], 0);
    service.close(); // the app closes its database right after
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(refreshed).toEqual([["p1"]]);
  });
});
