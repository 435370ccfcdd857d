import { afterEach, describe, expect, it, vi } from "vitest";
import { colord, extend } from "colord";
import a11yPlugin from "colord/plugins/a11y";
import { INVALID_COLOR_WARNING, UNKNOWN_VARIABLE_WARNING, parseThemeVariables, readableOn, textOn, themeCss, themeFromStyles } from "./theme";

extend([a11yPlugin]);

describe("theme variables from the site styles (spec 000 §5)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("keeps valid primary and secondary colours, normalised", () => {
    const { theme, warnings } = parseThemeVariables("<style>:root { --primary-color: #0B5394; --secondary-color: rgb(230, 145, 56); }</style>");
    expect(theme.primary).toBe("#0b5394");
    expect(theme.secondary).toBe("#e69138");
    expect(warnings).toEqual([]);
  });

  it("accepts named and functional colours", () => {
    expect(parseThemeVariables("--primary-color: navy").theme.primary).toBe("#000080");
    expect(parseThemeVariables("--primary-color: hsl(210 80% 30%)").theme.primary).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("drops an invalid colour with 'Invalid CSS color variable'", () => {
    const { theme, warnings } = parseThemeVariables(":root{--primary-color: notacolour; --secondary-color: ;}");
    expect(theme.primary).toBeUndefined();
    expect(theme.secondary).toBeUndefined();
    expect(warnings.map((w) => w.message)).toEqual([INVALID_COLOR_WARNING, INVALID_COLOR_WARNING]);
    expect(INVALID_COLOR_WARNING).toBe("Invalid CSS color variable");
  });

  it("drops unknown variables with 'Unknown CSS variable'", () => {
    const { warnings } = parseThemeVariables(":root{--font-size-huge: 40px}");
    expect(warnings).toEqual([{ message: "Unknown CSS variable", variable: "--font-size-huge", value: "40px" }]);
    expect(UNKNOWN_VARIABLE_WARNING).toBe("Unknown CSS variable");
  });

  it("allows only 'standard' as header layout", () => {
    expect(parseThemeVariables("--header-layout: standard").theme.headerLayout).toBe("standard");
    const other = parseThemeVariables("--header-layout: fancy");
    expect(other.theme.headerLayout).toBeUndefined();
    expect(other.warnings).toHaveLength(1);
  });

  it("treats yes/no flags as true only for 'yes'", () => {
    expect(parseThemeVariables("--rounded-corners: yes").theme.roundedCorners).toBe(true);
    expect(parseThemeVariables("--rounded-corners: YES").theme.roundedCorners).toBe(false);
    expect(parseThemeVariables("--rounded-corners: true").theme.roundedCorners).toBe(false);
    expect(parseThemeVariables("--uppercase-menu: 'yes'").theme.uppercaseMenu).toBe(true);
  });

  it("reads the theme-type hint only for light, filled, mixed-nav or mixed", () => {
    for (const hint of ["light", "filled", "mixed-nav", "mixed"]) expect(parseThemeVariables(`--theme-type: ${hint}`).theme.themeType).toBe(hint);
    expect(parseThemeVariables("--theme-type: dark").theme.themeType).toBeUndefined();
  });

  it("logs each warning once per change of the styles", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    themeFromStyles("--nope-a: 1");
    themeFromStyles("--nope-a: 1");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith("Unknown CSS variable", "--nope-a: 1");
  });

  it("emits only normalised values, and colours that meet AA contrast", () => {
    const css = themeCss(parseThemeVariables("--primary-color: #ffd700; --secondary-color: red</style><script>").theme);
    expect(css).not.toContain("<");
    expect(css).toMatch(/^:root\{[^<>]*\}$/);
    expect(colord(readableOn("#ffd700")).contrast("#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(textOn("#ffd700")).toBe("#111827");
    expect(textOn("#0b5394")).toBe("#ffffff");
  });
});
