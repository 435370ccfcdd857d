import type { ThemeType } from "./theme";

/** Header layouts of spec 000 §2. */
export type HeaderLayout = "kiosk" | "enterprise" | "enterprisev3" | "standard" | "standardv3" | "ci" | "condensed";
export type HeaderType = HeaderLayout | ThemeType;

const LAYOUTS: readonly string[] = ["kiosk", "enterprise", "enterprisev3", "standard", "standardv3", "ci", "condensed"];

/** Header names a retailer picks in configuration, mapped to layouts. */
const CONFIGURED_NAMES: Record<string, HeaderLayout> = {
  "standard alta header": "standard",
  "ci condensed header": "ci",
  "kiosk menu with icons header": "kiosk",
  "enterprise left align dual menu header": "enterprise",
  "standard header w/top level categories no children": "condensed",
  "enterprise v3": "enterprisev3",
  "standard v3": "standardv3",
};

/** The configured header layout; unknown names fall back to standard. */
export function headerLayout(configured: string | null | undefined): HeaderLayout {
  const name = (configured ?? "").trim().toLowerCase();
  if (LAYOUTS.includes(name)) return name as HeaderLayout;
  return CONFIGURED_NAMES[name] ?? "standard";
}

/** Header type: a theme-type hint in the site styles wins over the configured layout (spec 000 §4). */
export function headerType(configured: string | null | undefined, themeHint: ThemeType | undefined): HeaderType {
  return themeHint ?? headerLayout(configured);
}

/** Layouts that show only top-level categories in the menu. */
export const showsMenuChildren = (layout: HeaderLayout) => layout !== "condensed" && layout !== "ci";
