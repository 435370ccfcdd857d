import { describe, expect, it } from "vitest";
import { StatementNames } from "./statement-names";

describe("StatementNames", () => {
  it("names a text the second time it is sent, always by the same name, and two texts by two names", () => {
    const names = new StatementNames();
    const a = "select $1::int";
    const b = "select $1::int + 1";
    expect(names.nameOf(a)).toBeUndefined();
    const first = names.nameOf(a);
    expect(first).toMatch(/^s_[\w-]{22}$/);
    expect(names.nameOf(a)).toBe(first);
    expect(names.nameOf(b)).toBeUndefined();
    const other = names.nameOf(b);
    expect(other).toMatch(/^s_/);
    expect(other).not.toBe(first);
  });

  it("names at most 256 texts; the rest go unnamed, the named keep their names", () => {
    const names = new StatementNames();
    const given = new Set<string>();
    for (let i = 0; i < 300; i++) {
      names.nameOf(`select ${i}`);
      const name = names.nameOf(`select ${i}`);
      if (name !== undefined) given.add(name);
    }
    expect(given.size).toBe(256);
    expect(names.nameOf("select 0")).toMatch(/^s_/);
    expect(names.nameOf("select 299")).toBeUndefined();
  });
});
