interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

/**
 * Reads by key that share their round trips: the first is sent at once, and every key asked
 * while a read is on its way goes in the next one, together. A key is never answered by a read
 * sent before it was asked, so an answer is as current as a read of its own.
 */
export class Batched<V> {
  private waiting = new Map<string, Waiter<V>[]>();
  private busy = false;

  /** `readMany` answers the value of each key it has one for. */
  constructor(private readonly readMany: (keys: string[]) => Promise<ReadonlyMap<string, V>>) {}

  get(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      let waiters = this.waiting.get(key);
      if (!waiters) this.waiting.set(key, waiters = []);
      waiters.push({ resolve, reject });
      if (!this.busy) this.send();
    });
  }

  private send(): void {
    const batch = this.waiting;
    this.busy = batch.size > 0;
    if (!this.busy) return;
    this.waiting = new Map();
    let read: Promise<ReadonlyMap<string, V>>;
    try {
      read = this.readMany([...batch.keys()]);
    } catch (error) {
      read = Promise.reject(error);
    }
    read.then(
      (values) => { for (const [key, waiters] of batch) for (const w of waiters) w.resolve(values.get(key)); },
      (error) => { for (const waiters of batch.values()) for (const w of waiters) w.reject(error); },
    ).finally(() => this.send());
  }
}
