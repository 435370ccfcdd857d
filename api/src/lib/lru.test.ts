import { describe, expect, it } from "vitest";
import { Lru } from "./lru";

describe("Lru", () => {
  it("evicts the least recently used entry past its entry bound", () => {
    const lru = new Lru<string>(2);
    lru.set("a", "1");
    lru.set("b", "2");
    expect(lru.get("a")).toBe("1"); // a is now the most recent
    lru.set("c", "3");
    expect(lru.get("b")).toBeUndefined();
    expect([lru.get("a"), lru.get("c"), lru.size]).toEqual(["1", "3", 2]);
  });

  it("keeps the total size under its bound and caches null as a value", () => {
    const lru = new Lru<string | null, number>(10, { maxSize: 10, sizeOf: (v) => (v ?? "").length + 1 });
    lru.set(1, "aaaa");
    lru.set(2, "bbbb");
    lru.set(3, null);
    expect(lru.get(3)).toBeNull();
    lru.set(4, "cccc"); // 5 + 5 + 1 + 5 > 10: the oldest goes
    expect(lru.get(1)).toBeUndefined();
    expect(lru.get(4)).toBe("cccc");
  });

  it("forgets entries older than its time to live", async () => {
    const lru = new Lru<number>(10, { ttlMs: 50 });
    lru.set("a", 1);
    expect(lru.get("a")).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(lru.get("a")).toBeUndefined();
  });

  it("clears every entry, whether few or most of its slots are in use, telling onDrop of each", () => {
    for (const count of [3, 90]) {
      const dropped: string[] = [];
      const lru = new Lru<string>(100, { maxSize: 1_000, sizeOf: (v) => v.length, onDrop: (_value, key) => dropped.push(key) });
      for (let i = 0; i < count; i++) lru.set(`k${i}`, "vv");
      lru.clear();
      expect(lru.size).toBe(0);
      expect(dropped.sort()).toEqual(Array.from({ length: count }, (_, i) => `k${i}`).sort());
      expect(lru.get("k0")).toBeUndefined();
      // sizes were released: the cache fills up to its size bound again
      for (let i = 0; i < 100; i++) lru.set(`n${i}`, "x".repeat(10));
      expect(lru.size).toBe(100);
      lru.clear();
      lru.clear(); // an empty cache clears as a no-op
      expect(lru.size).toBe(0);
    }
  });
});
