/**
 * Sizes and units as shoppers type them ("65 inch", "65in", '65"', "5.0 cu ft", "10 ft", "16gb")
 * and as product names write them ("65 in.", "5.0 cu. ft.", "42 - 85 in."), reduced to one token
 * per measure (`in:65`, `cuft:5`), so either spelling finds the other. A product also gets an
 * "about" token for a decimal size (`cuft~28` for 28.1 cu. ft.): a whole number typed by a shopper
 * ("28 cu ft") matches it, a decimal one ("28.1 cu ft") only the exact size.
 */

export type Unit = "in" | "cuft" | "ft" | "gb" | "tb";

export interface Measure {
  unit: Unit;
  value: number;
}

const NUM = String.raw`(\d+(?:\.\d+)?)`;
/** unit patterns, most specific first (cu ft before ft); each follows a number */
const UNITS: Array<[Unit, string]> = [
  ["cuft", String.raw`\s*(?:cu\.?\s*ft\b\.?|cubic\s*f(?:ee|oo)t\b|cuft\b)`],
  // "2-in-1" is not two inches
  ["in", String.raw`(?:\s*(?:"|”|'')|\s*-?\s*(?:inch(?:es)?|in)\b\.?(?!-\d))`],
  ["ft", String.raw`(?:\s*-?\s*(?:ft|feet|foot)\b\.?|\s*'(?!'))`],
  ["gb", String.raw`\s*gb\b`],
  ["tb", String.raw`\s*tb\b`],
];
const MEASURE = new RegExp(`(?<![\\p{L}\\p{N}.])${NUM}(?:${UNITS.map(([, p], i) => `(?<u${i}>${p})`).join("|")})`, "giu");
/** "42 - 85 in." on a mount or stand: every whole size between */
const INCH_RANGE = /(?<![\p{L}\p{N}.])(\d+)\s*-\s*(\d+)\s*(?:in\b|inch)/giu;
const MAX_RANGE = 120;

/** The token of a measure: `in:65`, `cuft:5.2`. */
export const measureToken = (unit: Unit, value: number) => `${unit}:${value}`;
/** The "about" token of a size: its whole part (`cuft~28`). */
export const aboutToken = (unit: Unit, value: number) => `${unit}~${Math.floor(value)}`;

function unitOf(groups: Record<string, string | undefined>): Unit | null {
  for (let i = 0; i < UNITS.length; i++) if (groups[`u${i}`] !== undefined) return UNITS[i]![0];
  return null;
}

/** The measures written in a text, with where each is. */
export function findMeasures(text: string): Array<Measure & { start: number; end: number; decimal: boolean }> {
  const out: Array<Measure & { start: number; end: number; decimal: boolean }> = [];
  for (const m of text.matchAll(MEASURE)) {
    const unit = unitOf(m.groups ?? {});
    const value = Number(m[1]);
    if (unit && Number.isFinite(value)) out.push({ unit, value, start: m.index!, end: m.index! + m[0].length, decimal: !Number.isInteger(value) || m[1]!.includes(".") });
  }
  return out;
}

/** The measure tokens of a product's name: each size, its "about" token, and every inch of a range. */
export function productMeasureTokens(name: string): string[] {
  const out = new Set<string>();
  for (const m of findMeasures(name)) {
    out.add(measureToken(m.unit, m.value));
    if (!Number.isInteger(m.value)) out.add(aboutToken(m.unit, m.value));
  }
  for (const m of name.matchAll(INCH_RANGE)) {
    const from = Number(m[1]);
    const to = Number(m[2]);
    if (to > from && to - from <= MAX_RANGE) for (let v = from; v <= to; v++) out.add(measureToken("in", v));
  }
  return [...out];
}
