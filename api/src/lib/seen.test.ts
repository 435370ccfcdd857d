import { describe, expect, it } from "vitest";
import { SeenKeys } from "./seen";

describe("SeenKeys", () => {
  it("says whether a key came before, within the last capacity distinct keys at least", () => {
    const seen = new SeenKeys(3);
    expect(seen.check("a")).toBe(false);
    expect(seen.check("a")).toBe(true);
    expect(seen.check("b")).toBe(false);
    expect(seen.check("c")).toBe(false);
    // a fourth distinct key starts a new generation; the older three are still remembered
    expect(seen.check("d")).toBe(false);
    expect(seen.check("a")).toBe(true);
    expect(seen.check("b")).toBe(true);
    expect(seen.check("c")).toBe(true);
  });

  it("forgets keys two generations old", () => {
    const seen = new SeenKeys(2);
    seen.check("old");
    for (const key of ["k1", "k2", "k3", "k4", "k5"]) seen.check(key);
    expect(seen.check("old")).toBe(false);
    expect(seen.check("k5")).toBe(true);
  });
});
