import { LRUCache } from "lru-cache";

/**
 * A bounded least-recently-used cache (by entry count, and optionally by an approximate size and
 * a time to live) over lru-cache. Values are boxed so null is a value that can be cached too.
 */
export class Lru<V, K extends string | number = string> {
  private readonly cache: LRUCache<K, { value: V }>;

  /** `onDrop`: told of every value that leaves (evicted, deleted, replaced, cleared). */
  constructor(maxEntries: number, options: { maxSize?: number; sizeOf?: (value: V) => number; ttlMs?: number; onDrop?: (value: V, key: K) => void } = {}) {
    const { maxSize, sizeOf, ttlMs, onDrop } = options;
    this.cache = new LRUCache<K, { value: V }>({
      max: maxEntries,
      ...(onDrop ? { dispose: (box: { value: V }, key: K) => onDrop(box.value, key) } : {}),
      ...(maxSize !== undefined ? { maxSize, sizeCalculation: (box) => Math.max(1, Math.ceil(sizeOf ? sizeOf(box.value) : 1)) } : {}),
      ...(ttlMs !== undefined ? { ttl: ttlMs } : {}),
    });
  }

  get(key: K): V | undefined {
    return this.cache.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.cache.set(key, { value });
  }

  delete(key: K): void {
    this.cache.delete(key);
  }

  clear(): void {
    // lru-cache's clear() rewrites every slot up to the maximum, however few are in use: a cache
    // cleared on every stock change (ProductService) is mostly empty, so it goes key by key then
    const size = this.cache.size;
    if (size === 0) return;
    if (size * 8 < this.cache.max) {
      for (const key of [...this.cache.keys()]) this.cache.delete(key);
      return;
    }
    this.cache.clear();
  }

  get size(): number {
    return this.cache.size;
  }
}
