import { describe, expect, it } from "vitest";
import { ChangeLogCursor } from "./change-cursor";

describe("ChangeLogCursor", () => {
  it("reads the window first, then only what is new or was skipped", () => {
    const cursor = new ChangeLogCursor(30_000);
    expect(cursor.next(0)).toBeNull();
    // the window, above 8 (the newest id older than it): 9, 12 and 14 are not there (in flight, or rolled back)
    cursor.advance([10, 11, 13, 15], 8, 0);
    expect(cursor.next(0)).toEqual({ after: 15, missing: [9, 12, 14] });
    cursor.advance([9], 0, 0);
    // 14 commits late, with 16 and 18: 17 is skipped now
    cursor.advance([14, 16, 18], 0, 1_000);
    expect(cursor.next(1_000)).toEqual({ after: 18, missing: [12, 17] });
    // a read that brings only a late id leaves the top where it is
    cursor.advance([12], 0, 2_000);
    expect(cursor.next(2_000)).toEqual({ after: 18, missing: [17] });
    // nothing read: nothing moves
    cursor.advance([], 0, 3_000);
    expect(cursor.next(3_000)).toEqual({ after: 18, missing: [17] });
  });

  it("gives a missing id up after its patience", () => {
    const cursor = new ChangeLogCursor(30_000);
    cursor.advance([1, 3], 0, 0);
    cursor.advance([5], 0, 10_000);
    expect(cursor.next(30_000)).toEqual({ after: 5, missing: [2, 4] });
    expect(cursor.next(30_001)).toEqual({ after: 5, missing: [4] });
    expect(cursor.next(40_001)).toEqual({ after: 5, missing: [] });
  });

  it("starts from the window again after a reset, or when too many ids are missing", () => {
    const cursor = new ChangeLogCursor(30_000, 3);
    cursor.advance([1, 2], 0, 0);
    cursor.reset();
    expect(cursor.next(0)).toBeNull();
    cursor.advance([1, 5], 0, 0);
    expect(cursor.next(0)).toEqual({ after: 5, missing: [2, 3, 4] });
    cursor.advance([10], 0, 0);
    expect(cursor.next(0)).toBeNull();
  });

  it("goes back to a saved place: what was read after it is read again", () => {
    const cursor = new ChangeLogCursor(30_000);
    cursor.advance([4, 5, 7], 3, 0);
    const mark = cursor.save();
    cursor.advance([6, 8, 9], 0, 1_000);
    expect(cursor.next(1_000)).toEqual({ after: 9, missing: [] });
    cursor.restore(mark);
    expect(cursor.next(1_000)).toEqual({ after: 7, missing: [6] });
    expect(new ChangeLogCursor(30_000).save()).toEqual({ after: null, missing: new Map() });
  });
});
