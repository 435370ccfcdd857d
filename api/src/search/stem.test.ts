import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { createTestDatabase } from "../test/database";
import { seedDemoStore } from "../seed/generate";
import { englishLexemes } from "./stem";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

async function postgresLexemes(words: string[]): Promise<Map<string, string[]>> {
  const result = await database.db.execute(sql`
    SELECT w.word, tsvector_to_array(to_tsvector('english', w.word)) AS lexemes FROM unnest(${sql.param(words)}::text[]) AS w(word)`);
  return new Map((result as unknown as { rows: Array<{ word: string; lexemes: string[] }> }).rows.map((r) => [r.word, r.lexemes]));
}

describe("englishLexemes", () => {
  it("stems every word as PostgreSQL's english configuration does", async () => {
    const sample = [
      "refrigerators", "refrigerator", "fridges", "dishwashers", "washing", "washer", "dryers", "televisions", "batteries",
      "battery", "sectional", "sofas", "chairs", "generously", "quietly", "stainless", "steel", "running", "ran", "cooking",
      "cooktops", "microwaves", "mattresses", "recliners", "happiness", "hopeful", "relational", "conditional", "agreed",
      "the", "with", "and", "a", "s", "t", "don", "should", "ourselves", "between", "4k", "55", "rf28r7351sg", "oled", "tv",
      "inches", "cu", "ft", "lg", "ge", "x", "zz", "skies", "dying", "lying", "news", "cycling", "hdmi", "usb", "wifi",
    ];
    // and every word of a demo store's product text and descriptions
    await seedDemoStore(database.db, { products: 300 });
    const vocabulary = await database.db.execute(sql`SELECT word FROM ts_stat($$SELECT to_tsvector('simple',
      coalesce(name, '') || ' ' || coalesce(search_text, '') || ' ' || coalesce(search_facts, '') || ' ' || coalesce(description, '')) FROM products$$)`);
    const words = new Set(sample);
    for (const { word } of (vocabulary as unknown as { rows: Array<{ word: string }> }).rows) {
      for (const part of word.match(/[\p{L}\p{N}]+/gu) ?? []) words.add(part);
    }
    const expected = await postgresLexemes([...words]);
    expect(expected.size).toBeGreaterThan(200);
    const mismatches = [...words].filter((w) => JSON.stringify(englishLexemes(w)) !== JSON.stringify(expected.get(w)));
    expect(mismatches.map((w) => `${w}: ${JSON.stringify(englishLexemes(w))} vs ${JSON.stringify(expected.get(w))}`)).toEqual([]);
  });

  it("leaves words outside ASCII letters and digits to PostgreSQL", () => {
    expect(englishLexemes("café")).toBeUndefined();
    expect(englishLexemes("über")).toBeUndefined();
  });
});
