import { describe, expect, it } from "vitest";
import { serveOften, toJson } from "./json";

describe("toJson", () => {
  it("answers JSON.stringify's text for anything", () => {
    for (const value of [null, 1, "a\u2028b", [1, { a: "x" }], { nested: { list: [true, null] } }]) expect(toJson(value)).toBe(JSON.stringify(value));
  });

  it("makes the JSON of an answer served often once, and of any other answer every time", () => {
    const kept = { qty: 1 };
    serveOften(kept);
    expect(toJson(kept)).toBe('{"qty":1}');
    kept.qty = 2; // never done to a kept answer: shows the text was made once
    expect(toJson(kept)).toBe('{"qty":1}');
    const other = { qty: 1 };
    expect(toJson(other)).toBe('{"qty":1}');
    other.qty = 2;
    expect(toJson(other)).toBe('{"qty":2}');
  });
});
