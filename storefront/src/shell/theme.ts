import { colord, extend, type Colord } from "colord";
import a11yPlugin from "colord/plugins/a11y";
import namesPlugin from "colord/plugins/names";
import hwbPlugin from "colord/plugins/hwb";
import labPlugin from "colord/plugins/lab";
import lchPlugin from "colord/plugins/lch";
import oklabPlugin from "colord/plugins/oklab";
import oklchPlugin from "colord/plugins/oklch";

extend([a11yPlugin, namesPlugin, hwbPlugin, labPlugin, lchPlugin, oklabPlugin, oklchPlugin]);

/**
 * Theme variables a retailer sets in `site_styles_inline_html` (spec 000 §5), e.g.
 *   <style>:root { --primary-color: #0b5394; --secondary-color: #e69138; --theme-type: mixed-nav; }</style>
 * Colour variables must be valid CSS colours; the header layout may only be 'standard';
 * yes/no flags are true only for 'yes'; anything else is dropped with a console warning.
 */
export const THEME_TYPES = ["light", "filled", "mixed-nav", "mixed"] as const;
export type ThemeType = (typeof THEME_TYPES)[number];

const COLOR_VARIABLES = { "--primary-color": "primary", "--secondary-color": "secondary" } as const;
const FLAG_VARIABLES = { "--rounded-corners": "roundedCorners", "--uppercase-menu": "uppercaseMenu" } as const;
const HEADER_LAYOUT_VARIABLE = "--header-layout";
const THEME_TYPE_VARIABLE = "--theme-type";

export const INVALID_COLOR_WARNING = "Invalid CSS color variable";
export const UNKNOWN_VARIABLE_WARNING = "Unknown CSS variable";

export interface Theme {
  primary?: string;
  secondary?: string;
  headerLayout?: "standard";
  themeType?: ThemeType;
  roundedCorners: boolean;
  uppercaseMenu: boolean;
}

export interface ThemeWarning {
  message: string;
  variable: string;
  value: string;
}

const DECLARATION = /(--[A-Za-z0-9_-]+)\s*:\s*([^;{}]*)/g;
const unquote = (value: string) => value.trim().replace(/^(['"])(.*)\1$/, "$2").trim();

/** Parse the theme variables; warnings are returned (and logged by `themeFromConfig`). */
export function parseThemeVariables(inlineHtml: string | null | undefined): { theme: Theme; warnings: ThemeWarning[] } {
  const theme: Theme = { roundedCorners: false, uppercaseMenu: false };
  const warnings: ThemeWarning[] = [];
  if (!inlineHtml) return { theme, warnings };
  for (const match of inlineHtml.matchAll(DECLARATION)) {
    const variable = match[1]!.toLowerCase();
    const value = unquote(match[2] ?? "");
    if (variable in COLOR_VARIABLES) {
      const parsed = colord(value);
      if (value && parsed.isValid()) theme[COLOR_VARIABLES[variable as keyof typeof COLOR_VARIABLES]] = parsed.toHex();
      else warnings.push({ message: INVALID_COLOR_WARNING, variable, value });
    } else if (variable in FLAG_VARIABLES) {
      theme[FLAG_VARIABLES[variable as keyof typeof FLAG_VARIABLES]] = value === "yes";
    } else if (variable === HEADER_LAYOUT_VARIABLE) {
      if (value === "standard") theme.headerLayout = "standard";
      else warnings.push({ message: "Invalid header layout variable (only 'standard' is allowed)", variable, value });
    } else if (variable === THEME_TYPE_VARIABLE) {
      if ((THEME_TYPES as readonly string[]).includes(value)) theme.themeType = value as ThemeType;
    } else {
      warnings.push({ message: UNKNOWN_VARIABLE_WARNING, variable, value });
    }
  }
  return { theme, warnings };
}

// The last parsed input: the config rarely changes, so warnings show once per change, not per page.
let lastParsed: { input: string; theme: Theme } | undefined;

/** The theme of the current configuration, logging each dropped variable once per change. */
export function themeFromStyles(inlineHtml: string | null | undefined): Theme {
  const input = inlineHtml ?? "";
  if (lastParsed?.input === input) return lastParsed.theme;
  const { theme, warnings } = parseThemeVariables(input);
  for (const w of warnings) console.warn(w.message, `${w.variable}: ${w.value}`);
  lastParsed = { input, theme };
  return theme;
}

/** Colours used when the retailer sets none: a navy and an orange that pass AA on white. */
export const DEFAULT_PRIMARY = "#1d4f91";
export const DEFAULT_SECONDARY = "#c2410c";

const WHITE = "#ffffff";
const INK = "#111827";

/** Black-ish or white text, whichever contrasts more with the background. */
export function textOn(background: string): string {
  const bg = colord(background);
  return bg.contrast(WHITE) >= bg.contrast(INK) ? WHITE : INK;
}

/** The colour darkened (or lightened) just enough to reach WCAG AA (4.5:1) against `against`. */
export function readableOn(color: string, against = WHITE, ratio = 4.5): string {
  let c: Colord = colord(color).alpha(1);
  const darken = colord(against).isLight();
  for (let i = 0; i < 40 && c.contrast(against) < ratio; i++) c = darken ? c.darken(0.025) : c.lighten(0.025);
  return c.toHex();
}

/** The :root custom properties the stylesheets use, from the parsed theme. Only normalised values are emitted. */
export function themeCss(theme: Theme): string {
  const primary = theme.primary ?? DEFAULT_PRIMARY;
  const secondary = theme.secondary ?? DEFAULT_SECONDARY;
  const solidPrimary = colord(primary).alpha(1).toHex();
  const solidSecondary = colord(secondary).alpha(1).toHex();
  const vars: Record<string, string> = {
    "--sf-primary": solidPrimary,
    "--sf-on-primary": textOn(solidPrimary),
    "--sf-primary-ink": readableOn(solidPrimary),
    "--sf-primary-soft": colord(solidPrimary).alpha(0.08).toRgbString(),
    "--sf-secondary": solidSecondary,
    "--sf-on-secondary": textOn(solidSecondary),
    "--sf-secondary-ink": readableOn(solidSecondary),
    "--sf-radius": theme.roundedCorners ? "8px" : "3px",
    "--sf-menu-transform": theme.uppercaseMenu ? "uppercase" : "none",
  };
  return `:root{${Object.entries(vars).map(([k, v]) => `${k}:${v}`).join(";")}}`;
}
