import { describe, expect, it } from "vitest";
import { Batched } from "./batched";

/** A reader whose reads answer when the test says, recording the keys of each. */
function controlled() {
  const sent: string[][] = [];
  const pending: Array<(values: Map<string, string>) => void> = [];
  const fails: Array<(error: Error) => void> = [];
  const batched = new Batched<string>((keys) => {
    sent.push(keys);
    return new Promise((resolve, reject) => {
      pending.push(resolve);
      fails.push(reject);
    });
  });
  return { batched, sent, pending, fails };
}

describe("Batched", () => {
  it("sends the first key at once and every key asked meanwhile in one read after it", async () => {
    const { batched, sent, pending } = controlled();
    const a = batched.get("a");
    const b = batched.get("b");
    const a2 = batched.get("a");
    expect(sent).toEqual([["a"]]);
    pending[0]!(new Map([["a", "A1"]]));
    expect(await a).toBe("A1");
    await Promise.resolve();
    // the second "a" was asked after the first read was sent: it is not answered by it
    expect(sent).toEqual([["a"], ["b", "a"]]);
    pending[1]!(new Map([["a", "A2"], ["b", "B"]]));
    expect([await b, await a2]).toEqual(["B", "A2"]);
  });

  it("answers undefined for a key the read has nothing for", async () => {
    const { batched, pending } = controlled();
    const missing = batched.get("x");
    pending[0]!(new Map());
    expect(await missing).toBeUndefined();
  });

  it("a failed read rejects its own keys only, and the next read is still sent", async () => {
    const { batched, sent, pending, fails } = controlled();
    const a = batched.get("a");
    const b = batched.get("b");
    fails[0]!(new Error("down"));
    await expect(a).rejects.toThrow("down");
    await Promise.resolve();
    expect(sent).toEqual([["a"], ["b"]]);
    pending[1]!(new Map([["b", "B"]]));
    expect(await b).toBe("B");
  });

  it("a reader that throws rejects the keys asked, and reading goes on", async () => {
    let calls = 0;
    const batched = new Batched<number>(async (keys) => {
      if (calls++ === 0) throw new Error("no connection");
      return new Map(keys.map((k) => [k, k.length]));
    });
    await expect(batched.get("one")).rejects.toThrow("no connection");
    expect(await batched.get("three")).toBe(5);
  });
});
