/**
 * Remembers recently seen keys: at least the last `capacity` distinct ones (two generations of
 * `capacity` each; when the newer fills, the older is dropped). A cache's doorkeeper: an answer is
 * worth storing once its key comes a second time, so one-off requests (a search nobody repeats)
 * neither evict useful entries nor keep the garbage collector copying answers never read again.
 */
export class SeenKeys {
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(private readonly capacity: number) {}

  /** Records the key; true when it had been seen before (within the window). */
  check(key: string): boolean {
    if (this.current.has(key)) return true;
    const before = this.previous.has(key);
    if (this.current.size >= this.capacity) {
      this.previous = this.current;
      this.current = new Set();
    }
    this.current.add(key);
    return before;
  }
}
