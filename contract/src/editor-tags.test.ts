import { describe, expect, it } from "vitest";
import {
  ARROW_ICON_PREFIXES, BUTTON_ACTIONS, BUTTON_MODALS, CHARGEAFTER_CREDIT_TIERS, CMS_CAROUSEL_DEFAULTS,
  NO_SUITABLE_CHILDREN, PRODUCT_CAROUSEL_DEFAULT_LIMIT, PROMOTIONS_LOAD_FAILED_PREFIX, PROMOTIONS_MISSING_TYPE,
  PROMOTIONS_TAG_DEFAULT_LIMIT, PROMOTIONS_TAG_DEFAULT_ORDER, PROMOTIONS_TAG_ITEMS, SITE_INFO_KEYS, arrowIconClass, buttonSettings,
  carouselTagSettings, invalidValueMessage, isSiteInfoKey, parseBooleanAttribute, parseImageSize, validateEditorContent,
} from "./editor-tags";

const codes = (html: string) => validateEditorContent(html).map((i) => i.code);

describe("spec 000 §5 attribute rules", () => {
  it("parses boolean attributes: numeric strings true when non-zero, yes/true and no/false in any case", () => {
    for (const yes of ["1", "2", "-3", "0.5", "yes", "YES", "Yes", "true", "TRUE", "True"]) expect(parseBooleanAttribute(yes)).toBe(true);
    for (const no of ["0", "00", "0.0", "no", "NO", "No", "false", "FALSE", "False"]) expect(parseBooleanAttribute(no, true)).toBe(false);
    // anything else keeps the default
    for (const other of [undefined, null, "", "on", "off", "maybe", "1a"]) {
      expect(parseBooleanAttribute(other, false)).toBe(false);
      expect(parseBooleanAttribute(other, true)).toBe(true);
    }
  });

  it("accepts image width and height only as numbers or digit strings", () => {
    expect(parseImageSize(640)).toBe(640);
    expect(parseImageSize("480")).toBe(480);
    for (const bad of ["480px", "12.5", "-1", " 480", "", "50%", 1.5, -2, null, undefined, {}]) expect(parseImageSize(bad)).toBeUndefined();
  });

  it("allows the CMS button's data-action, data-modal and ChargeAfter credit tier values, and names an invalid one", () => {
    expect(BUTTON_ACTIONS).toEqual(["print-image", "freedompay", "tdbank"]);
    expect(BUTTON_MODALS).toEqual(["zibby", "katapult", "acima", "chargeafter", "conneqt"]);
    expect(CHARGEAFTER_CREDIT_TIERS).toEqual(["Prime", "NearPrime", "SubPrime"]);
    expect(buttonSettings({ "data-action": "tdbank" })).toEqual({ action: "tdbank", modal: undefined, creditTier: undefined });
    expect(buttonSettings({ "data-modal": "chargeafter", "data-credit-tier": "NearPrime" })).toMatchObject({ modal: "chargeafter", creditTier: "NearPrime" });
    expect(buttonSettings({ "data-modal": "paypal" }).invalid).toEqual({ attribute: "data-modal", value: "paypal" });
    expect(buttonSettings({ "data-action": "Print-Image" }).invalid).toEqual({ attribute: "data-action", value: "Print-Image" });
    expect(buttonSettings({ "data-credit-tier": "prime" }).invalid).toEqual({ attribute: "data-credit-tier", value: "prime" });
    expect(invalidValueMessage("data-modal", "paypal")).toBe('An invalid value was provided for data-modal: "paypal".');
  });

  it("keeps carousel arrow icon classes only when each starts with dsg-, fa- or fas-", () => {
    expect(ARROW_ICON_PREFIXES).toEqual(["dsg-", "fa-", "fas-"]);
    expect(arrowIconClass("dsg-chevron")).toBe("dsg-chevron");
    expect(arrowIconClass("fas-arrow fa-lg")).toBe("fas-arrow fa-lg");
    expect(arrowIconClass("far-arrow")).toBeUndefined();
    expect(arrowIconClass("fa-arrow icon")).toBeUndefined();
    expect(arrowIconClass("")).toBeUndefined();
  });

  it("allows exactly the site-info keys of §5", () => {
    expect(SITE_INFO_KEYS).toEqual(["base_url", "name", "phone", "store_code", "logo_src", "logo_alt", "title", "title_prefix", "title_suffix", "description"]);
    expect(isSiteInfoKey("phone")).toBe(true);
    for (const bad of ["email", "recaptcha_site_key", "__proto__", "", undefined]) expect(isSiteInfoKey(bad)).toBe(false);
  });

  it("has the texts and defaults of §5, §8 and §9", () => {
    expect(NO_SUITABLE_CHILDREN).toBe("No suitable children found");
    expect(PROMOTIONS_MISSING_TYPE).toBe("avb-promotions: Missing 'data-type' key on element.");
    expect(PROMOTIONS_LOAD_FAILED_PREFIX).toBe("avb-promotions: ");
    expect(CMS_CAROUSEL_DEFAULTS).toEqual({ itemsPerDisplay: 1, autoPlay: false, autoPlayInterval: 5000 });
    expect(PRODUCT_CAROUSEL_DEFAULT_LIMIT).toBe(18);
    expect(PROMOTIONS_TAG_DEFAULT_LIMIT).toBe(100);
    expect(PROMOTIONS_TAG_DEFAULT_ORDER).toBe("end_date");
    expect(PROMOTIONS_TAG_ITEMS).toEqual({ xs: 1, sm: 2, md: 3, lg: 4, xl: 5 });
  });
});

describe("carousel tag settings", () => {
  it("defaults to one item, no auto-play and 5000 ms at every breakpoint", () => {
    const settings = carouselTagSettings({});
    for (const bp of ["xs", "sm", "md", "lg", "xl"] as const) {
      expect(settings[bp]).toMatchObject({ itemsPerDisplay: 1, autoPlay: false, autoPlayInterval: 5000, noDots: false, noArrows: false });
    }
  });

  it("reads the tag's attributes, then data-settings per breakpoint, each breakpoint inheriting the one below", () => {
    const settings = carouselTagSettings({
      "data-items": "2", "data-autoplay": "yes", "data-interval": "7000", "data-no-dots": "1",
      "data-settings": JSON.stringify({ md: { itemsPerDisplay: 3 }, xl: { itemsPerDisplay: "4", autoPlay: "no" } }),
    });
    expect([settings.xs.itemsPerDisplay, settings.sm.itemsPerDisplay, settings.md.itemsPerDisplay, settings.lg.itemsPerDisplay, settings.xl.itemsPerDisplay]).toEqual([2, 2, 3, 3, 4]);
    expect(settings.lg).toMatchObject({ autoPlay: true, autoPlayInterval: 7000, noDots: true });
    expect(settings.xl.autoPlay).toBe(false);
  });
});

describe("content validation (spec 000 §5)", () => {
  it("accepts well-formed content with the product's link element", () => {
    expect(validateEditorContent('<p>See <avb-link href="/contact">our stores</avb-link>.</p><img src="/a.png" alt=""><br/>')).toEqual([]);
    expect(validateEditorContent("")).toEqual([]);
    expect(validateEditorContent(null)).toEqual([]);
  });

  it("flags opening and closing tag counts that differ, at the first opening tag", () => {
    const issues = validateEditorContent('<div class="a">\n<p>One</p>\n<div>Two</div>');
    expect(issues).toEqual([{ code: "tag-count", message: "Opening and closing tag counts differ for <div>: 2 opening, 1 closing.", line: 1, column: 1 }]);
    // a self-closed custom element is no closing tag in HTML
    expect(validateEditorContent('<avb-site-info data-key="phone" />').map((i) => i.message))
      .toEqual(["Opening and closing tag counts differ for <avb-site-info>: 1 opening, 0 closing."]);
    // tags inside comments and scripts do not count
    expect(validateEditorContent("<!-- <div> --><p>x</p>")).toEqual([]);
  });

  it("flags a plain anchor: the product's link element is used instead", () => {
    const issues = validateEditorContent('<p>\n  <a href="/contact">Contact</a></p>');
    expect(issues).toEqual([{
      code: "plain-anchor",
      message: 'Plain anchor <a href="/contact">: use the product\'s link element <avb-link href="…"> instead of <a>.',
      line: 2,
      column: 3,
    }]);
  });

  it("flags nested links, whichever kind is inside", () => {
    expect(codes('<avb-link href="/a">A <avb-link href="/b">B</avb-link></avb-link>')).toEqual(["nested-link"]);
    const inner = validateEditorContent('<avb-link href="/a">A <a href="/b">B</a></avb-link>');
    expect(inner.map((i) => i.code)).toEqual(["plain-anchor", "nested-link"]);
    expect(inner[1]!.message).toBe('Nested link: <a href="/b"> is inside <avb-link href="/a">. Links cannot contain links (an inner <a> is shown as text).');
    // siblings are not nested
    expect(codes('<avb-link href="/a">A</avb-link><avb-link href="/b">B</avb-link>')).toEqual([]);
  });

  it("flags onclick on link tags: the product's button element is used instead", () => {
    const issues = validateEditorContent('<avb-link href="/a" onclick="go()">A</avb-link>');
    expect(issues.map((i) => i.message)).toEqual(['onclick on link <avb-link href="/a">: use the product\'s button element <avb-button> for actions.']);
  });

  it("checks the editor tags' attributes", () => {
    expect(validateEditorContent("<avb-promotions></avb-promotions>").map((i) => i.message)).toEqual(["avb-promotions: Missing 'data-type' key on element."]);
    expect(validateEditorContent('<avb-button data-modal="paypal">Apply</avb-button>').map((i) => i.message))
      .toEqual(['<avb-button>: An invalid value was provided for data-modal: "paypal".']);
    expect(codes('<avb-site-info data-key="recaptcha_site_key"></avb-site-info>')).toEqual(["invalid-value"]);
    expect(codes('<avb-carousel data-arrow-icon="icon-left"><p>1</p></avb-carousel>')).toEqual(["invalid-value"]);
    expect(codes('<avb-carousel data-settings="[1]"><p>1</p></avb-carousel>')).toEqual(["invalid-value"]);
    expect(codes('<avb-picture src="/a.png" alt="A" width="50%"></avb-picture>')).toEqual(["invalid-value"]);
    expect(codes('<avb-form data-form="survey"></avb-form>')).toEqual(["invalid-value"]);
    expect(codes("<avb-tabs><avb-tab>x</avb-tab></avb-tabs>")).toEqual(["missing-attribute"]);
    expect(codes("<avb-map></avb-map>")).toEqual(["missing-attribute"]);
    expect(codes("<avb-product-carousel></avb-product-carousel>")).toEqual(["missing-attribute"]);
    expect(codes("<avb-marquee>x</avb-marquee>")).toEqual(["unknown-tag"]);
  });
});
