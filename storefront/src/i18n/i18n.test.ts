import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES as CONTRACT_LOCALES } from "@store/contract";
import { i18nFor, resourcesOf, translator } from "./i18n";
import { configuredLocales, isUnsupportedLocale, SUPPORTED_LOCALES, unsupportedLocaleLog } from "./locales";
import { reportMissing } from "./missing";

describe("locales (spec 000 §1, §2, §9)", () => {
  it("knows en, fr, en-US, en-CA and fr-CA, as the contract does", () => {
    expect([...SUPPORTED_LOCALES]).toEqual(["en", "fr", "en-US", "en-CA", "fr-CA"]);
    expect([...SUPPORTED_LOCALES]).toEqual([...CONTRACT_LOCALES]);
  });

  it("reads the configured locales as tags", () => {
    expect(configuredLocales({ locales: [{ locale: "en_US" }, { locale: "fr_CA" }, { locale: "en_US" }] })).toEqual(["en-US", "fr-CA"]);
    expect(configuredLocales({ locales: [] })).toEqual([]);
  });

  it("shows the unsupported-locale page for a locale not en-US and not configured", () => {
    expect(isUnsupportedLocale("fr", ["en-US"])).toBe(true);
    expect(isUnsupportedLocale("fr-CA", ["en-US", "en-CA"])).toBe(true);
    expect(isUnsupportedLocale("en-CA", ["en-US", "en-CA"])).toBe(false);
    expect(isUnsupportedLocale("en-US", ["en-US"])).toBe(false);
    expect(isUnsupportedLocale("en-US", [])).toBe(false);
  });

  it("and whenever the one configured locale is not en-US", () => {
    expect(isUnsupportedLocale("fr-CA", ["fr-CA"])).toBe(true);
    expect(isUnsupportedLocale("en-US", ["fr-CA"])).toBe(true);
    expect(isUnsupportedLocale("fr-CA", ["en-US", "fr-CA"])).toBe(false);
  });

  it("logs the spec's line", () => {
    expect(unsupportedLocaleLog("fr")).toBe("Locale fr is not supported.");
  });
});

describe("i18next, common namespace", () => {
  it("serves en's common namespace; other supported languages have none of their own; unknown ones none at all", () => {
    expect(resourcesOf("en", "common")).toMatchObject({ oldBrowser: "You seem to be using an old browser. Please upgrade to a newer browser to see this content." });
    expect(resourcesOf("fr-CA", "common")).toEqual({});
    expect(resourcesOf("de", "common")).toBeNull();
    expect(resourcesOf("en", "checkout")).toBeNull();
  });

  it("translates through i18next, falling back to en, with interpolation", async () => {
    const t = await translator("fr-CA");
    expect(t("errorPage.title")).toBe("Oops, something went wrong.");
    expect(t("unsupportedLocale.message", { locale: "fr" })).toBe("Sorry, this store is not available in the language of this address (fr).");
    expect((await i18nFor("en-US")).options.defaultNS).toBe("common");
  });

  it("logs each missing key once and refuses what is not a report", () => {
    const lines: string[] = [];
    expect(reportMissing("en", "common", { "cart.title": "Cart", "x.y": "Z" }, (l) => lines.push(l))).toEqual({ status: 204, logged: ["cart.title", "x.y"] });
    expect(reportMissing("en", "common", { "cart.title": "Cart" }, (l) => lines.push(l))).toEqual({ status: 204, logged: [] });
    expect(lines).toEqual(['Missing translation key "cart.title" (en/common)', 'Missing translation key "x.y" (en/common)']);
    expect(reportMissing("de", "common", { a: "b" }).status).toBe(404);
    expect(reportMissing("en", "common", []).status).toBe(400);
    expect(reportMissing("en", "common", {}).status).toBe(400);
    expect(reportMissing("en", "common", { a: 1 }).status).toBe(400);
    expect(reportMissing("en", "common", Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, "v"]))).status).toBe(400);
  });
});
