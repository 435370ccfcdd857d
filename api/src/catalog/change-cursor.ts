/**
 * Where a process stands in an append-only change log whose ids are taken before commit
 * (stock_changes): a row with a lower id may commit after a higher one was read. The cursor keeps
 * the highest id read and the ids below it not seen yet (still in flight, or rolled back), so the
 * next read asks only for rows above the one or among the others, instead of the whole recent
 * window each time (at 100 orders a second, thousands of rows). A missing id is given up after
 * `patienceMs`, longer than any transaction that writes the log stays open. With nothing read yet,
 * after `reset`, or when too many ids are missing, the next read is the recent window again.
 */
export class ChangeLogCursor {
  private after: number | null = null;
  /** id → when it was first found missing */
  private readonly missing = new Map<number, number>();

  constructor(private readonly patienceMs: number, private readonly maxMissing = 1_000) {}

  /** What to read next: null for the recent window, else rows with an id above `after` or in `missing`. */
  next(now = Date.now()): { after: number; missing: number[] } | null {
    for (const [id, since] of this.missing) if (now - since > this.patienceMs) this.missing.delete(id);
    return this.after === null ? null : { after: this.after, missing: [...this.missing.keys()] };
  }

  /**
   * The ids a read returned, once what they say has been applied. After a window read, `floor` is
   * the newest id older than the window (0 when there is none): every id between it and the newest
   * read that the read lacks may still commit.
   */
  advance(ids: readonly number[], floor = 0, now = Date.now()): void {
    if (ids.length === 0) return;
    const seen = new Set(ids);
    for (const id of ids) this.missing.delete(id);
    let top = this.after ?? -Infinity;
    for (const id of ids) if (id > top) top = id;
    // the ids skipped between what was known (or the window's floor) and the newest read
    for (let id = (this.after ?? floor) + 1; id < top; id++) {
      if (seen.has(id)) continue;
      if (this.missing.size >= this.maxMissing) return this.reset();
      this.missing.set(id, now);
    }
    this.after = top;
  }

  reset(): void {
    this.after = null;
    this.missing.clear();
  }

  /** Where the cursor stands now, to go back to (see restore). */
  save(): CursorMark {
    return { after: this.after, missing: new Map(this.missing) };
  }

  /** Back to a saved place: what was read after it is read again. */
  restore(mark: CursorMark): void {
    this.after = mark.after;
    this.missing.clear();
    for (const [id, since] of mark.missing) this.missing.set(id, since);
  }
}

export interface CursorMark {
  readonly after: number | null;
  readonly missing: ReadonlyMap<number, number>;
}
