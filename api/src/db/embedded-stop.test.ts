import { describe, expect, it } from "vitest";
import type { Worker } from "node:worker_threads";
import { EmbeddedClient } from "./embedded";

describe("the embedded database's thread stopping", () => {
  it("a caller waiting inside a transaction is told it stopped and why, and later calls fail at once", async () => {
    const client = await EmbeddedClient.create(undefined);
    const worker = (client as unknown as { worker: Worker }).worker;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    const failure = await client.transaction(async (tx) => {
      await tx.query("SELECT 1");
      // a message the thread cannot read throws outside any request: the thread dies as in a crash,
      // while this caller waits for its next answer
      worker.postMessage(null);
      return tx.query("SELECT 2");
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(/^the embedded database's thread stopped \(exit 1, TypeError: .*null/);
    await exited;
    const started = Date.now();
    await expect(client.query("SELECT 3")).rejects.toThrow(/thread stopped/);
    await expect(client.transaction(async (tx) => tx.query("SELECT 4"))).rejects.toThrow(/thread stopped/);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
