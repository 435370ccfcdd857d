import { describe, expect, it } from "vitest";
import { ChangesSince } from "./changes";

describe("ChangesSince: what changed while a read was in flight", () => {
  it("names the keys changed after a mark, not those changed before it", () => {
    const changes = new ChangesSince<number>();
    changes.record(1);
    const mark = changes.mark();
    expect(changes.unchanged(mark, [1, 2])).toBe(true);
    changes.record(2);
    expect(changes.unchanged(mark, [1])).toBe(true);
    expect(changes.unchanged(mark, [1, 2])).toBe(false);
    // a mark taken after the change does not see it
    const later = changes.mark();
    expect(changes.unchanged(later, [2])).toBe(true);
    changes.release(mark);
    changes.release(later);
  });

  it("everything (null) changes every key", () => {
    const changes = new ChangesSince<number>();
    const mark = changes.mark();
    changes.record(null);
    expect(changes.unchanged(mark, [])).toBe(false);
    expect(changes.unchanged(mark, [7])).toBe(false);
    changes.release(mark);
  });

  it("keeps changes while any mark before them is held, and none once all are released", () => {
    const changes = new ChangesSince<number>();
    const first = changes.mark();
    changes.record(1);
    const second = changes.mark();
    changes.record(2);
    changes.release(first);
    // the second mark still sees 2, and not 1 (changed before it)
    expect(changes.unchanged(second, [1])).toBe(true);
    expect(changes.unchanged(second, [2])).toBe(false);
    changes.release(second);
    for (let i = 0; i < 1000; i++) changes.record(i);
    expect((changes as unknown as { log: unknown[] }).log).toHaveLength(0);
    const third = changes.mark();
    expect(changes.unchanged(third, [1, 2, 999])).toBe(true);
    changes.release(third);
  });

  it("two reads holding the same mark: the log stays until both are done", () => {
    const changes = new ChangesSince<number>();
    const a = changes.mark();
    const b = changes.mark();
    expect(a).toBe(b);
    changes.record(5);
    changes.release(a);
    expect(changes.unchanged(b, [5])).toBe(false);
    changes.release(b);
    expect((changes as unknown as { log: unknown[] }).log).toHaveLength(0);
  });
});
