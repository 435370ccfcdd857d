/**
 * Statements of one transaction sent without waiting for their answers, where nothing after them
 * needs those answers. The database runs them in the order they were sent, so what each one sees is
 * as if it had been awaited; only the round trips overlap. On the embedded database every round trip
 * is a message between threads while the transaction holds the database for everyone else, so an
 * order's statements sent in fewer trips hold it for less time.
 */
export class Unawaited {
  private readonly sent: Promise<unknown>[] = [];

  /** Sends `statement` (a drizzle query starts when asked for its result) without waiting for it. */
  add(statement: PromiseLike<unknown>): void {
    const answer = Promise.resolve(statement);
    // failures are reported by settled; until then they are not "unhandled"
    answer.catch(() => undefined);
    this.sent.push(answer);
  }

  /** Waits for every statement sent; fails as the first failed one did. */
  async settled(): Promise<void> {
    await Promise.all(this.sent);
  }

  /** Waits for every statement sent to be answered, failed or not. */
  async drained(): Promise<void> {
    await Promise.allSettled(this.sent);
  }
}

/**
 * Runs `body` (inside a transaction) with an Unawaited whose statements are all answered before it
 * returns or throws: the transaction's commit or rollback is never sent while one is still on its
 * way (the embedded database would otherwise run it outside the transaction).
 */
export async function withUnawaited<T>(body: (unawaited: Unawaited) => Promise<T>): Promise<T> {
  const unawaited = new Unawaited();
  try {
    const result = await body(unawaited);
    await unawaited.settled();
    return result;
  } catch (error) {
    await unawaited.drained();
    throw error;
  }
}
