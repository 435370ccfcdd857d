import { numberFormat } from "@/lib/intl";

/**
 * Product dimensions in inches, height x width x depth (spec 002 §2); French Canadian labels
 * when the locale is fr_CA.
 */
export interface Dimensions {
  height: number | null;
  width: number | null;
  depth: number | null;
  weight?: number | null;
}

export interface DimensionLabels {
  height: string;
  width: string;
  depth: string;
  weight: string;
  /** unit after a length */
  inches: string;
  pounds: string;
  /** one-letter marks of the h x w x d line */
  h: string;
  w: string;
  d: string;
}

export const ENGLISH_DIMENSION_LABELS: DimensionLabels = {
  height: "Height", width: "Width", depth: "Depth", weight: "Weight", inches: "in.", pounds: "lb.", h: "H", w: "W", d: "D",
};
export const FRENCH_CANADIAN_DIMENSION_LABELS: DimensionLabels = {
  height: "Hauteur", width: "Largeur", depth: "Profondeur", weight: "Poids", inches: "po", pounds: "lb", h: "H", w: "L", d: "P",
};

/** Accepts fr_CA or fr-CA in any case. */
export const isFrenchCanadian = (locale: string | null | undefined) => (locale ?? "").replace("-", "_").toLowerCase() === "fr_ca";

export const dimensionLabels = (locale: string | null | undefined) =>
  isFrenchCanadian(locale) ? FRENCH_CANADIAN_DIMENSION_LABELS : ENGLISH_DIMENSION_LABELS;

function number(value: number, locale: string | null | undefined) {
  const tag = isFrenchCanadian(locale) ? "fr-CA" : "en-US";
  return numberFormat(tag, { maximumFractionDigits: 2 }).format(value);
}

export interface DimensionRow {
  label: string;
  value: string;
}

/** One row per known measure, in the order height, width, depth (then weight). */
export function dimensionRows(dimensions: Dimensions, locale?: string | null): DimensionRow[] {
  const labels = dimensionLabels(locale);
  const rows: DimensionRow[] = [];
  const length = (value: number) => `${number(value, locale)} ${labels.inches}`;
  if (dimensions.height != null) rows.push({ label: labels.height, value: length(dimensions.height) });
  if (dimensions.width != null) rows.push({ label: labels.width, value: length(dimensions.width) });
  if (dimensions.depth != null) rows.push({ label: labels.depth, value: length(dimensions.depth) });
  if (dimensions.weight != null) rows.push({ label: labels.weight, value: `${number(dimensions.weight, locale)} ${labels.pounds}` });
  return rows;
}

/**
 * The h x w x d line, e.g. `70.4 in. H x 36 in. W x 33.1 in. D` (fr_CA: `70,4 po H x 36 po L x
 * 33,1 po P`); measures that are unknown are left out; empty when none is known.
 */
export function dimensionsLine(dimensions: Dimensions, locale?: string | null): string {
  const labels = dimensionLabels(locale);
  const parts: string[] = [];
  const add = (value: number | null, mark: string) => {
    if (value != null) parts.push(`${number(value, locale)} ${labels.inches} ${mark}`);
  };
  add(dimensions.height, labels.h);
  add(dimensions.width, labels.w);
  add(dimensions.depth, labels.d);
  return parts.join(" x ");
}
