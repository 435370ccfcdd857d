import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../test/database";
import { parseQuery, TextIndex } from "./text-index";
import { analyzeQuery, queryWords } from "./analyze";
import { trigrams } from "./trigrams";
import { englishLexemes } from "./stem";

describe("parseQuery (websearch syntax)", () => {
  it("makes every word a clause, joins words around `or`, and excludes `-word`", () => {
    expect(parseQuery("French  Door fridge", 8)).toEqual({ clauses: [["french"], ["door"], ["fridge"]], excluded: [] });
    expect(parseQuery("lumetra or samsung OR kessler", 8)).toEqual({ clauses: [["lumetra", "samsung", "kessler"]], excluded: [] });
    expect(parseQuery("tv -samsung", 8)).toEqual({ clauses: [["tv"]], excluded: ["samsung"] });
    // a hyphen inside a word splits it, it does not exclude
    expect(parseQuery("side-by-side", 8)).toEqual({ clauses: [["side"], ["by"], ["side"]], excluded: [] });
    expect(parseQuery("or fridge", 8).clauses).toEqual([["or"], ["fridge"]]);
    expect(parseQuery("a b c d e", 3).clauses).toEqual([["a"], ["b"], ["c"]]);
  });
});

describe("trigram similarity", () => {
  it("equals pg_trgm's similarity() for words alike and unlike", async () => {
    const database = await createTestDatabase();
    try {
      const pairs = [
        ["refridgerator", "refrigerator"], ["samsng", "samsung"], ["dishwashr", "dishwasher"], ["tv", "television"],
        ["oled", "qled"], ["aaa", "aaaa"], ["x", "xylophone"], ["compakt", "compact"], ["freezer", "frezer"],
        ["refrigerator water", "refrigerator water filter"], ["washer-dryer", "dryer washer"], ["Samsung TV", "samsung"],
      ];
      const words = pairs.map(([, word]) => word);
      const index = new TextIndex(
        words.length,
        words.map((word, ordinal) => ({ ordinal, nameLexemes: [word], lexemes: [word] })),
        words.map((word) => ({ word, lexemes: [word], ndoc: 1 })),
      );
      const sorted = [...words].sort();
      for (const [typed, word] of pairs) {
        const result = await database.db.execute(sql`SELECT similarity(${typed}, ${word})::float8 AS s`);
        const expected = (result as unknown as { rows: Array<{ s: number }> }).rows[0].s;
        const a = new Set(trigrams(typed));
        const b = new Set(trigrams(word));
        const shared = [...a].filter((g) => b.has(g)).length;
        expect(shared / (a.size + b.size - shared), `${typed} ~ ${word}`).toBeCloseTo(expected, 5);
        // closestWords applies pg_trgm's threshold of 0.3
        const found = index.closestWords(typed, 9).map((w) => sorted[w]);
        expect(found.includes(word), `${typed} → ${word}`).toBe(expected >= 0.3);
      }
    } finally {
      await database.close();
    }
  });
});

describe("TextIndex.match", () => {
  // three products: 0 "Samsung Fridge" (name), 1 "Kessler Dishwasher" with "fridge" in its text only, 2 "Samsung TV"
  const documents = [
    { ordinal: 0, nameLexemes: ["samsung", "fridg"], lexemes: ["samsung", "fridg", "stainless"] },
    { ordinal: 1, nameLexemes: ["kessler", "dishwash"], lexemes: ["kessler", "dishwash", "fridg"] },
    { ordinal: 2, nameLexemes: ["samsung", "tv"], lexemes: ["samsung", "tv", "stainless"] },
  ];
  const vocabulary = [
    { word: "samsung", lexemes: ["samsung"], ndoc: 2 }, { word: "fridge", lexemes: ["fridg"], ndoc: 2 },
    { word: "stainless", lexemes: ["stainless"], ndoc: 2 }, { word: "kessler", lexemes: ["kessler"], ndoc: 1 },
    { word: "dishwasher", lexemes: ["dishwash"], ndoc: 1 }, { word: "tv", lexemes: ["tv"], ndoc: 1 },
    { word: "with", lexemes: [], ndoc: 1 },
  ];
  const index = new TextIndex(3, documents, vocabulary);
  const options = { maxMatches: 100, minFuzzyWord: 3, correctionsPerWord: 2 };
  // as the search service does: every word the catalogue does not have comes with its stem
  const run = (term: string, stems: Record<string, string[]> = {}) => {
    const query = analyzeQuery(term, 8);
    const given = new Map(Object.entries(stems));
    for (const word of queryWords(query)) {
      if (!index.knows(word) && !given.has(word)) given.set(word, englishLexemes(word) ?? [word]);
    }
    const found = index.match(query, given, options);
    return { ordinals: [...found.ordinals], fuzzy: found.fuzzy };
  };

  it("ranks a word of the name above the same word elsewhere, then by catalogue order", () => {
    expect(run("fridge")).toEqual({ ordinals: [0, 1], fuzzy: false });
    expect(run("samsung")).toEqual({ ordinals: [0, 2], fuzzy: false });
  });

  it("needs every word, one of an `or` group, and none of the excluded", () => {
    expect(run("samsung stainless tv").ordinals).toEqual([2]);
    expect(run("kessler or tv").ordinals).toEqual([1, 2]);
    expect(run("samsung -tv").ordinals).toEqual([0]);
  });

  it("matches word starts, stemmed words it was told, and ignores stop words", () => {
    expect(run("dish").ordinals).toEqual([1]);
    expect(run("sams fri").ordinals).toEqual([0]);
    expect(run("fridges", { fridges: ["fridg"] }).ordinals).toEqual([0, 1]);
    expect(run("fridge with stainless").ordinals).toEqual([0]);
    expect(run("the fridge", { the: [] }).ordinals).toEqual([0, 1]);
  });

  it("corrects only words the catalogue does not know, to the closest words it knows", () => {
    expect(run("samsng")).toEqual({ ordinals: [0, 2], fuzzy: true });
    expect(run("samsng frige")).toEqual({ ordinals: [0], fuzzy: true });
    expect(run("xylophone")).toEqual({ ordinals: [], fuzzy: true });
    // both words are known: nothing is corrected; no product has both, so those with one answer
    expect(run("samsung kessler")).toEqual({ ordinals: [0, 1, 2], fuzzy: false });
    expect(run("zq")).toEqual({ ordinals: [], fuzzy: false });
  });
});
