import { describe, expect, it } from "vitest";
import type { ScriptEntry } from "@store/contract";
import { DEFAULT_MENU_DELAY_MS, MOBILE_OPTIONS, STICKY_OPTIONS, headerSettings, isOn } from "./headerConfig";
import { headerLayout, headerType, showsMenuChildren } from "./headerType";
import { languageLinks, stripLocale } from "./languageLinks";
import { flattenScripts, scriptAttributes, scriptStrategy, scriptsFor } from "./SiteScripts";
import { isPagespeed } from "./pagespeed";
import { availableLocales, mainMenu } from "./Header";
import type { NavNode } from "./menu";

const base = { header_type: "standard", header_block_sticky: "sticky_none", header_block_mobile: "hide_none", display_features: {}, menu_delay_time: 225 };

describe("header layouts from configuration (spec 000 §2)", () => {
  it("maps every configured name to its layout", () => {
    expect(headerLayout("Standard Alta Header")).toBe("standard");
    expect(headerLayout("CI Condensed Header")).toBe("ci");
    expect(headerLayout("Kiosk Menu With Icons Header")).toBe("kiosk");
    expect(headerLayout("Enterprise Left Align Dual Menu Header")).toBe("enterprise");
    expect(headerLayout("Standard Header w/Top Level Categories no Children")).toBe("condensed");
    expect(headerLayout("Enterprise v3")).toBe("enterprisev3");
    expect(headerLayout("Standard v3")).toBe("standardv3");
  });

  it("takes the layout names themselves, and falls back to standard", () => {
    for (const name of ["kiosk", "enterprise", "enterprisev3", "standard", "standardv3", "ci", "condensed"]) expect(headerLayout(name)).toBe(name);
    expect(headerLayout("Fancy Header")).toBe("standard");
    expect(headerLayout(undefined)).toBe("standard");
  });

  it("lets a theme-type hint of light, filled, mixed-nav or mixed be the header type (spec 000 §4)", () => {
    for (const hint of ["light", "filled", "mixed-nav", "mixed"] as const) expect(headerType("Enterprise v3", hint)).toBe(hint);
    expect(headerType("Enterprise v3", undefined)).toBe("enterprisev3");
  });

  it("shows only top-level categories in the condensed and ci layouts", () => {
    expect(showsMenuChildren("condensed")).toBe(false);
    expect(showsMenuChildren("ci")).toBe(false);
    expect(showsMenuChildren("standard")).toBe(true);
  });

  it("reads the layout from display_features.header before header_type", () => {
    expect(headerSettings({ ...base, header_type: "kiosk" }).layoutName).toBe("kiosk");
    expect(headerSettings({ ...base, header_type: "kiosk", display_features: { header: { layout: "Enterprise v3" } } }).layoutName).toBe("Enterprise v3");
  });
});

describe("header block options (spec 000 §2, §9)", () => {
  it("accepts the four sticky options and defaults to sticky_none", () => {
    expect(STICKY_OPTIONS).toEqual(["sticky_both", "sticky_header_before", "sticky_header_after", "sticky_none"]);
    for (const option of STICKY_OPTIONS) expect(headerSettings({ ...base, header_block_sticky: option }).sticky).toBe(option);
    expect(headerSettings({ ...base, header_block_sticky: "sticky_sometimes" }).sticky).toBe("sticky_none");
    expect(headerSettings({ ...base, header_block_sticky: "sticky_both", display_features: { header: { header_block_sticky: "sticky_header_after" } } }).sticky).toBe("sticky_header_after");
  });

  it("accepts the four mobile options and defaults to hide_none", () => {
    expect(MOBILE_OPTIONS).toEqual(["hide_both", "hide_mobile_header_before", "hide_mobile_header_after", "hide_none"]);
    for (const option of MOBILE_OPTIONS) expect(headerSettings({ ...base, header_block_mobile: option }).mobile).toBe(option);
    expect(headerSettings({ ...base, header_block_mobile: "hide_all" }).mobile).toBe("hide_none");
  });

  it("uses a menu delay of 225 ms unless the store sets one", () => {
    expect(DEFAULT_MENU_DELAY_MS).toBe(225);
    expect(headerSettings({ ...base, menu_delay_time: undefined as never }).menuDelay).toBe(225);
    expect(headerSettings({ ...base, menu_delay_time: 150 }).menuDelay).toBe(150);
    expect(headerSettings({ ...base, display_features: { header: { menu_delay_time: "400" } } }).menuDelay).toBe(400);
    expect(headerSettings({ ...base, menu_delay_time: -5 }).menuDelay).toBe(225);
    expect(headerSettings({ ...base, menu_delay_time: 99_999 }).menuDelay).toBe(2000);
  });

  it("reads the mini header, the mega menu and the bottom notification switches", () => {
    const s = headerSettings({ ...base, display_features: { header: { mini_header: "Mobile", enable_cms_mega_menu_content: "1", bottom_notification: true, logo_src_small: "/media/x.svg" } } });
    expect(s).toMatchObject({ miniHeader: "mobile", megaMenu: true, bottomNotification: true, logoSmall: "/media/x.svg" });
    expect(headerSettings(base)).toMatchObject({ miniHeader: "none", megaMenu: false, bottomNotification: false, logoSmall: "" });
    expect(headerSettings({ ...base, display_features: { header: { mini_header: "sideways" } } }).miniHeader).toBe("none");
  });

  it("keeps language overrides that lead to a site path or an http(s) address only", () => {
    const s = headerSettings({ ...base, display_features: { header: { language_switcher_url_overrides: [
      { locale: "fr-CA", url_key: "/fr-CA/accueil" }, { locale: "en", url_key: "javascript:alert(1)" }, { locale: "fr", url_key: "//evil.example" },
      { locale: "en-CA", url_key: "https://ca.example.com/" }, null, { locale: "", url_key: "/x" },
    ] } } });
    expect(s.languageOverrides).toEqual([{ locale: "fr-CA", url_key: "/fr-CA/accueil" }, { locale: "en-CA", url_key: "https://ca.example.com/" }]);
    expect(headerSettings({ ...base, languageSwitcherUrlOverrides: [{ locale: "fr", url_key: "/fr/" }] }).languageOverrides).toEqual([{ locale: "fr", url_key: "/fr/" }]);
  });

  it("treats switches as on for true, non-zero numbers, '1', 'yes', 'true'", () => {
    for (const on of [true, 1, "1", "yes", "TRUE", "on"]) expect(isOn(on)).toBe(true);
    for (const off of [false, 0, "0", "no", "false", "", null, undefined, {}]) expect(isOn(off)).toBe(false);
  });
});

describe("language switcher links", () => {
  const locales = ["en-US", "fr-CA", "en-CA"];

  it("leads to this page in each locale: the default at the bare path, the others under their prefix", () => {
    expect(languageLinks("/catalog/tvs", locales, "en_US")).toEqual([
      { locale: "en-US", href: "/catalog/tvs", current: true },
      { locale: "fr-CA", href: "/fr-CA/catalog/tvs", current: false },
      { locale: "en-CA", href: "/en-CA/catalog/tvs", current: false },
    ]);
    expect(languageLinks("/fr-CA/catalog/tvs", locales, "fr-CA").map((l) => l.href)).toEqual(["/catalog/tvs", "/fr-CA/catalog/tvs", "/en-CA/catalog/tvs"]);
    expect(languageLinks("/", locales, "en-US").map((l) => l.href)).toEqual(["/", "/fr-CA", "/en-CA"]);
  });

  it("uses languageSwitcherUrlOverrides for their locale", () => {
    const links = languageLinks("/catalog/tvs", locales, "en-US", [{ locale: "fr_CA", url_key: "/fr-CA/catalogue/televiseurs" }]);
    expect(links[1]).toEqual({ locale: "fr-CA", href: "/fr-CA/catalogue/televiseurs", current: false });
  });

  it("strips only a known locale prefix", () => {
    expect(stripLocale("/fr-CA/x", locales)).toBe("/x");
    expect(stripLocale("/blog/x", locales)).toBe("/blog/x");
  });

  it("lists available_locales, else the locales of the config, once each", () => {
    expect(availableLocales({ available_locales: ["en_US", "fr-CA", "en-US"], locales: [] })).toEqual(["en-US", "fr-CA"]);
    expect(availableLocales({ available_locales: [], locales: [{ locale: "en_US" }, { locale: "fr_CA" }] })).toEqual(["en-US", "fr-CA"]);
  });
});

describe("main menu order", () => {
  const node = (id: string, placement = ""): NavNode => ({ type: "menuItem", layout: "box", id, parent_id: null, name: id, path: `/${id}`, target: "", icon_url: "", isRoute: true, menuVisibility: true, placement, children: [] });
  it("puts menu items placed before the categories first, the rest after them", () => {
    const cats = [{ ...node("c1"), type: "category" as const }];
    expect(mainMenu(cats, [node("a", "after"), node("b", "before")]).map((n) => n.id)).toEqual(["b", "c1", "a"]);
  });
});

describe("script entries of GET /scripts (spec 000 §3, §4)", () => {
  const entry = (over: Partial<ScriptEntry>): ScriptEntry => ({
    script_id: "1", parent_id: null, location: "body", cms_pages: [], force_reload: false, html_attribs: {}, script_name: "s",
    source: "inline", script: "1", type: "text/javascript", additional_html: "", children: [], ...over,
  });

  it("places site-wide entries on every page and page entries only on their CMS pages", () => {
    const all = [entry({ script_id: "1" }), entry({ script_id: "2", cms_pages: ["home"] }), entry({ script_id: "3", cms_pages: ["about", "contact"] })];
    expect(scriptsFor(all, undefined).map((e) => e.script_id)).toEqual(["1"]);
    expect(scriptsFor(all, "home").map((e) => e.script_id)).toEqual(["2"]);
    expect(scriptsFor(all, "contact").map((e) => e.script_id)).toEqual(["3"]);
    expect(scriptsFor("nonsense", undefined)).toEqual([]);
  });

  it("loads site-wide head scripts before hydration and everything else after", () => {
    expect(scriptStrategy(entry({ location: "head" }), true)).toBe("beforeInteractive");
    expect(scriptStrategy(entry({ location: "body" }), true)).toBe("afterInteractive");
    expect(scriptStrategy(entry({ location: "head" }), false)).toBe("afterInteractive");
  });

  it("follows each parent with its children", () => {
    const tree = [entry({ script_id: "1", children: [entry({ script_id: "2", children: [entry({ script_id: "3" })] })] }), entry({ script_id: "4" })];
    expect(flattenScripts(tree).map((e) => e.script_id)).toEqual(["1", "2", "3", "4"]);
  });

  it("keeps html attributes except event handlers and the ones the loader owns", () => {
    expect(scriptAttributes(entry({ html_attribs: { "data-x": "1", async: "", onload: "evil()", src: "//x", id: "y", "bad name": "z" } })))
      .toEqual({ "data-x": "1", async: "" });
  });

  it("is skipped for page-speed measurements with pagespeed=true only", () => {
    expect(isPagespeed(new URLSearchParams("pagespeed=true"))).toBe(true);
    expect(isPagespeed(new URLSearchParams("pagespeed=1"))).toBe(false);
    expect(isPagespeed(new URLSearchParams(""))).toBe(false);
  });
});
