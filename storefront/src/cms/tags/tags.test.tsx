import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import type { ReactElement } from "react";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { EDITOR_FORMS, NO_SUITABLE_CHILDREN, PROMOTIONS_MISSING_TYPE } from "@store/contract/editor-tags";
import { startLocalApi } from "@/test/localApi";
import { parseDocument } from "htmlparser2";
import type { Element } from "domhandler";
import StaticMarkup from "@/lib/StaticMarkup";
import { nodesToReact, renderEditorHtml } from "../render";
import { cleanEditorHtml } from "../editor-html";
import { tabAfterKey } from "./Tabs";
import { mapLinks } from "./Map";
import { CREDIT_TIER_TEXT, FINANCING_TEXT } from "./Button";

// inside the app router, as on a page (product cards and markup kept without hydrating navigate with it)
const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {}, bfcacheId: "" };

/** Editor HTML as the storefront renders it (cleaned, then tags as components), for the tags that need no data. */
const html = (source: string) => renderToStaticMarkup(<AppRouterContext.Provider value={router}>{renderEditorHtml(cleanEditorHtml(source))}</AppRouterContext.Provider>);

describe("link tag (the product's own link element)", () => {
  it("renders a site path as a link, an outside one as a plain link, and drops unsafe ones", () => {
    expect(html('<p>See <avb-link href="/financing" class="text-link">financing</avb-link></p>')).toBe('<p>See <a class="text-link" href="/financing">financing</a></p>');
    expect(html('<avb-link href="tel:+15552014400">Call</avb-link>')).toBe('<a href="tel:+15552014400">Call</a>');
    expect(html('<avb-link href="https://example.com" target="_blank">x</avb-link>')).toBe('<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>');
    expect(html('<avb-link href="javascript:alert(1)">x</avb-link>')).toBe("<span>x</span>");
  });

  it("shows an inner plain anchor of a link as text (nested links are invalid), and leaves an inner product link", () => {
    expect(html('<avb-link href="/a">A <a href="/b" class="x">B</a></avb-link>')).toBe('<a href="/a">A <span class="x">B</span></a>');
    expect(html('<avb-link href="/a">A <avb-link href="/b">B</avb-link></avb-link>')).toBe('<a href="/a">A <a href="/b">B</a></a>');
  });

  it("writes a run of links and markup as one string for the browser to keep, the markup its elements would draw", () => {
    const clean = cleanEditorHtml('<div class="footer-columns">\n<div class="footer-column"><h2>Customer Service</h2><ul>\n'
      + '<li><avb-link href="/contact">Contact Us</avb-link></li>\n'
      + '<li><avb-link href="https://example.com/a?b=1&amp;c=2" target="_blank" class="ext">Tom\'s "deals" &amp; more &lt;3</avb-link></li>\n'
      + '<li><avb-link href="javascript:alert(1)">Unsafe</avb-link></li>\n'
      + '<li><avb-link href="/x" class="text-link">A <a href="/y" class="in">nested</a> link</avb-link></li></ul>\n'
      + '<p>Call us: <a href="tel:+15552014400">(555) 201-4400</a><br>Mon–Sat <strong>9–6</strong></p>'
      + '<table><tbody>\n<tr><td><avb-link href="/financing">Financing</avb-link></td></tr>\n</tbody></table></div></div>');
    const [island] = renderEditorHtml(clean) as ReactElement<{ html?: string; as?: string; className?: string }>[];
    expect(island!.type).toBe(StaticMarkup);
    expect(island!.props).toMatchObject({ as: "div", className: "footer-columns" });
    const [root] = parseDocument(clean, { lowerCaseTags: true, lowerCaseAttributeNames: true }).children as Element[];
    const asElements = renderToStaticMarkup(
      <AppRouterContext.Provider value={router}>{nodesToReact(root!.children, { insideLink: false, staticMarkup: true }, "r", "div")}</AppRouterContext.Provider>,
    );
    expect(asElements).toContain('<a href="https://example.com/a?b=1&amp;c=2" class="ext" target="_blank" rel="noopener noreferrer">Tom&#x27;s &quot;deals&quot; &amp; more &lt;3</a>');
    expect(island!.props.html).toBe(asElements);
    expect(html(clean)).toBe(`<div class="footer-columns">${asElements}</div>`);
  });
});

describe("picture tag", () => {
  it("renders a picture with a phone source, numeric sizes only, lazy unless it has priority", () => {
    const out = html('<avb-picture src="/media/a.png" data-mobile-src="/media/a-small.png" alt="A fridge" width="1200" height="800px" data-caption="Our showroom"></avb-picture>');
    expect(out).toContain('<source media="(max-width: 599px)" srcSet="/media/a-small.png"/>');
    // the store's own picture comes through the optimiser, at most twice its width (1,200 → up to 2,048)
    expect(out).toContain('<img src="/_next/image?url=%2Fmedia%2Fa.png&amp;w=2048&amp;q=75" srcSet="/_next/image?url=%2Fmedia%2Fa.png&amp;w=640&amp;q=75 640w, '
      + '/_next/image?url=%2Fmedia%2Fa.png&amp;w=750&amp;q=75 750w, /_next/image?url=%2Fmedia%2Fa.png&amp;w=828&amp;q=75 828w, '
      + '/_next/image?url=%2Fmedia%2Fa.png&amp;w=1080&amp;q=75 1080w, /_next/image?url=%2Fmedia%2Fa.png&amp;w=1200&amp;q=75 1200w, '
      + '/_next/image?url=%2Fmedia%2Fa.png&amp;w=1920&amp;q=75 1920w, /_next/image?url=%2Fmedia%2Fa.png&amp;w=2048&amp;q=75 2048w" '
      + 'sizes="(max-width: 1200px) 100vw, 1200px" alt="A fridge" width="1200" loading="lazy" decoding="async"/>');
    expect(out).toContain("<figcaption>Our showroom</figcaption>");
    expect(html('<avb-picture src="/media/a.png" alt="" data-priority="yes"></avb-picture>')).toContain('loading="eager" fetchPriority="high"');
  });
});

describe("plain pictures in editor content", () => {
  it("sends the store's own pictures through the optimiser at the widths their box needs", () => {
    expect(html('<p><img src="/media/b.png" alt="A washer" width="400" height="400" loading="lazy"></p>')).toBe('<p><img src="/_next/image?url=%2Fmedia%2Fb.png&amp;w=750&amp;q=75" '
      + 'alt="A washer" width="400" height="400" loading="lazy" srcset="/_next/image?url=%2Fmedia%2Fb.png&amp;w=640&amp;q=75 640w, '
      + '/_next/image?url=%2Fmedia%2Fb.png&amp;w=750&amp;q=75 750w" sizes="(max-width: 400px) 100vw, 400px"></p>');
    // a small picture still gets the smallest copy
    expect(html('<p><img src="/media/c.png" alt="" width="120"></p>')).toContain('srcset="/_next/image?url=%2Fmedia%2Fc.png&amp;w=640&amp;q=75 640w"');
  });

  it("leaves another site's picture, one without a width and one with the editor's own srcset as written", () => {
    expect(html('<p><img src="https://cdn.example.com/a.png" alt="" width="400"></p>')).toBe('<p><img src="https://cdn.example.com/a.png" alt width="400"></p>');
    expect(html('<p><img src="/media/a.png" alt=""></p>')).toBe('<p><img src="/media/a.png" alt></p>');
    expect(html('<p><img src="/media/a.png" srcset="/media/a-2x.png 2x" alt="" width="400"></p>')).toBe('<p><img src="/media/a.png" srcset="/media/a-2x.png 2x" alt width="400"></p>');
  });
});

describe("button tag", () => {
  it("shows the invalid-value message instead of a button with a value outside its list", () => {
    expect(html('<avb-button data-modal="paypal">Apply</avb-button>')).toContain('An invalid value was provided for data-modal: &quot;paypal&quot;.');
    expect(html('<avb-button data-modal="chargeafter" data-credit-tier="Gold">Apply</avb-button>')).toContain("An invalid value was provided for data-credit-tier");
    expect(html('<avb-button data-action="print">Print</avb-button>')).not.toContain("<button");
  });

  it("opens a financing window for a data-modal, with the ChargeAfter credit tier", () => {
    const out = html('<avb-button data-modal="chargeafter" data-credit-tier="NearPrime">Check</avb-button>');
    expect(out).toContain('data-modal="chargeafter"');
    expect(out).toContain('aria-haspopup="dialog"');
    // the window itself is added in the browser (a dialog cannot sit in a paragraph): its texts
    expect(FINANCING_TEXT.chargeafter.title).toBe("Financing with ChargeAfter");
    expect(CREDIT_TIER_TEXT.NearPrime).toBe("Offers shown are for good credit.");
    expect(Object.keys(FINANCING_TEXT).sort()).toEqual(["acima", "chargeafter", "conneqt", "freedompay", "katapult", "tdbank", "zibby"]);
    expect(html('<avb-button data-action="tdbank">Apply</avb-button>')).toContain('data-action="tdbank" aria-haspopup="dialog"');
    expect(html('<avb-button data-action="print-image" data-src="/media/x.png">Print</avb-button>')).toContain('data-action="print-image"');
  });

  it("is a link styled as a button with only an href", () => {
    expect(html('<avb-button href="/request-quote" data-variant="secondary">Book</avb-button>')).toBe('<a class="button button--secondary" href="/request-quote">Book</a>');
  });
});

describe("accordion tag", () => {
  it("renders titled items as details sharing one name (one open at a time) unless data-multiple", () => {
    const out = html('<avb-accordion><avb-accordion-item data-title="Q1" data-open="yes"><p>A1</p></avb-accordion-item><avb-accordion-item data-title="Q2"><p>A2</p></avb-accordion-item><avb-accordion-item>untitled</avb-accordion-item></avb-accordion>');
    const names = [...out.matchAll(/<details name="([^"]+)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(1);
    expect(out).toMatch(/<details name="[^"]+" open=""[^>]*><summary[^>]*>Q1<\/summary><div[^>]*><p>A1<\/p><\/div><\/details>/);
    expect(out).not.toContain("untitled");
    expect(html('<avb-accordion data-multiple="true"><avb-accordion-item data-title="Q"><p>A</p></avb-accordion-item></avb-accordion>')).not.toContain("name=");
  });
});

describe("tabs tag", () => {
  it("shows the first tab's panel and hides the others", () => {
    const out = html('<avb-tabs data-label="Plans"><avb-tab data-title="One"><p>First</p></avb-tab><avb-tab data-title="Two"><p>Second</p></avb-tab></avb-tabs>');
    expect(out).toContain('role="tablist" aria-label="Plans"');
    expect(out).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>One</);
    expect(out).toMatch(/role="tab"[^>]*aria-selected="false"[^>]*>Two</);
    expect(out).toMatch(/role="tabpanel"[^>]*tabindex="0"[^>]*><p>First<\/p>/i);
    expect(out).toMatch(/role="tabpanel"[^>]*hidden=""[^>]*><p>Second<\/p>/);
  });

  it("says 'No suitable children found' without a titled tab", () => {
    for (const empty of ["<avb-tabs></avb-tabs>", '<avb-tabs><p>text</p><avb-tab data-title=" ">x</avb-tab></avb-tabs>']) {
      expect(html(empty)).toContain(`>${NO_SUITABLE_CHILDREN}</p>`);
    }
  });

  it("moves between tabs with the arrow keys, Home and End, wrapping around", () => {
    expect(tabAfterKey("ArrowRight", 2, 3)).toBe(0);
    expect(tabAfterKey("ArrowLeft", 0, 3)).toBe(2);
    expect(tabAfterKey("Home", 2, 3)).toBe(0);
    expect(tabAfterKey("End", 0, 3)).toBe(2);
    expect(tabAfterKey("Enter", 0, 3)).toBeNull();
  });
});

describe("carousel tag", () => {
  it("shows one item per set by default, with the tag's label and its checked arrow icon class", () => {
    const out = html('<avb-carousel data-label="Finishes" data-arrow-icon="dsg-chevron"><figure>A</figure><figure>B</figure><figure>C</figure></avb-carousel>');
    expect(out).toContain('aria-label="Finishes"');
    expect(out).toContain("--cx-xs:1;--cx-sm:1;--cx-md:1;--cx-lg:1;--cx-xl:1");
    expect(out).toContain('<i class="dsg-chevron"></i>');
    expect(out.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(out).toContain('data-arrows="inner"');
    // a class breaking the prefix rule is not used: the built-in arrow shows
    expect(html('<avb-carousel data-arrow-icon="chevron"><p>A</p><p>B</p></avb-carousel>')).not.toContain("<i ");
  });

  it("takes items per breakpoint from data-settings", () => {
    const out = html(`<avb-carousel data-settings='{"sm":{"itemsPerDisplay":2},"lg":{"itemsPerDisplay":3}}'><p>A</p></avb-carousel>`);
    expect(out).toContain("--cx-xs:1;--cx-sm:2;--cx-md:2;--cx-lg:3;--cx-xl:3");
  });
});

describe("gallery tag", () => {
  it("shows the first picture large, a count and a thumbnail per picture", () => {
    const out = html('<avb-gallery data-label="Showroom"><img src="/media/1.png" alt="One"><img src="/media/2.png" alt="Two"><p><img src="/media/3.png" alt="Three"></p></avb-gallery>');
    expect(out).toContain('aria-label="Showroom"');
    expect(out).toContain('<img src="/media/1.png" alt="One"');
    expect(out).toMatch(/>1(<!-- -->)? of (<!-- -->)?3</);
    expect(out.match(/aria-label="Show picture \d: /g)).toHaveLength(3);
    expect(out).toContain('aria-label="Next picture"');
  });
});

describe("map tag", () => {
  it("shows the place with directions and a button that loads the map", () => {
    const links = mapLinks({ lat: 34.15, lng: -118.08, zoom: 14, title: "Pasadena", address: "" });
    expect(links.directions).toBe("https://www.google.com/maps/dir/?api=1&destination=34.15%2C-118.08");
    expect(links.embed).toBe("https://www.google.com/maps?q=34.15%2C-118.08&z=14&output=embed");
    expect(mapLinks({ zoom: 12, title: "x", address: "1 Main St" }, "KEY").embed).toBe("https://www.google.com/maps/embed/v1/place?key=KEY&q=1%20Main%20St&zoom=12");
  });
});

describe("form tag", () => {
  it("renders the contact form's fields with labels, required ones marked, and the hidden trap field", () => {
    const out = html('<avb-form data-form="contact" data-title="Write to us"></avb-form>');
    expect(out).toContain(">Write to us</h2>");
    for (const field of EDITOR_FORMS.contact.fields) {
      expect(out).toContain(`name="${field.name}"`);
      expect(out).toContain(`>${field.label}<`);
    }
    expect(out.match(/required=""/g)).toHaveLength(EDITOR_FORMS.contact.fields.filter((f) => f.required).length);
    expect(out).toContain('type="text" tabindex="-1" autoComplete="off" name="website"');
    expect(out).toContain(`>${EDITOR_FORMS.contact.submitLabel}</button>`);
  });

  it("renders the quote form with its own fields and submit label, and nothing for an unknown form", () => {
    const out = html('<avb-form data-form="request-quote" data-submit-label="Book my appointment"></avb-form>');
    expect(out).toContain(`>${EDITOR_FORMS["request-quote"].title}</h2>`);
    expect(out).toContain('type="number" min="1" max="999999" inputMode="numeric" name="quantity"');
    expect(out).toContain(">Book my appointment</button>");
    expect(html('<avb-form data-form="survey"></avb-form>')).toBe("");
  });
});

describe("lightbox tag", () => {
  it("wraps its content in a button that opens a dialog (added in the browser, the journey opens it)", () => {
    const out = html('<p><avb-lightbox data-src="/media/big.png" data-alt="Floor plan" data-caption="Showroom floor plan"><img src="/media/small.png" alt="Floor plan, select to enlarge"></avb-lightbox></p>');
    expect(out).toMatch(/<p><button type="button"[^>]*aria-haspopup="dialog"><img src="\/media\/small.png"[^>]*\/><span[^>]*aria-hidden="true"><svg[^>]*>.*<\/svg><\/span><\/button><\/p>$/);
  });

  it("turns a paragraph holding a block tag into a div, so the browser parses what was rendered", () => {
    expect(html('<p class="x"><avb-form data-form="contact"></avb-form></p>')).toMatch(/<div class="cms-p x"><section/);
    expect(html('<p>Call <avb-link href="/contact">us</avb-link></p>')).toBe('<p>Call <a href="/contact">us</a></p>');
  });
});

describe("tags that load data", () => {
  const requests: string[] = [];
  const product = (id: number, name: string) => ({
    entity_id: String(id), name, url_key: `p-${id}`, manufacturer: "Frostline", model_number: `M-${id}`, reviews_rating: 4, reviews_count: 3,
    image_url: { normal: `/media/p${id}.png`, small: `/media/p${id}.png` }, product_flags: [], is_outlet: false, outlets_count: 0, outlets_min_price: null,
    prices: { regular_price_without_tax: 100, final_price_without_tax: 100, regular_price_without_tax_formatted: "$100.00", final_price_without_tax_formatted: "$100.00", discount: null, msrp_enabled: false, msrp: null, display_price: { amount: 100, formatted: "$100.00" }, poa: false },
  });
  const STORES = [
    { storelocationid: "1", google_code: "HHO-LAX", store_name: "West Los Angeles", street: "1 W Olympic", city: "Los Angeles", region: "CA", postcode: "90064", phone: "(555) 201-4410", latitude: 34, longitude: -118, hours: { monday: "9 - 9", sunday: "10 - 7" } },
    { storelocationid: "2", google_code: "HHO-PAS", store_name: "", street: "3450 E Foothill", city: "Pasadena", region: "CA", postcode: "91107", phone: "", latitude: 34.1, longitude: -118.1, hours: {} },
  ];
  let api: Awaited<ReturnType<typeof startLocalApi>>;
  let tags: typeof import("./ServerTags");
  const json = (res: import("node:http").ServerResponse, body: unknown, status = 200) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    api = await startLocalApi((req, res) => {
      const url = req.url ?? "";
      requests.push(url);
      if (url === "/api/rest/config") return json(res, { name: "Test Store", phone: "(555) 000-1111", title_prefix: "", title_suffix: " | Test", store_label: "Our Store", outlet_products_callout: "Open Box", google_place_key: null, recaptcha_site_key: "secret-ish" });
      if (url.startsWith("/api/rest/dynamic-category/condition/open-box")) return json(res, { name: "Open Box", products: [product(1, "Deal fridge"), product(2, "Deal range")], filters: [] });
      if (url.startsWith("/api/rest/categories/default-category")) {
        return json(res, { name: "All", products: [product(3, "Best seller")], filters: [{ attribute: "manufacturer", label: "Brand", type: "select", position: 1, values: [
          { value: "kessler", display_name: "Kessler", product_count: 5, selected: false }, { value: "frostline", display_name: "Frostline", product_count: 9, selected: false },
        ] }] });
      }
      if (url.startsWith("/api/rest/promobanners/bannertype/homepage")) return json(res, [{ banner_id: "1", banner_type: "homepage", css: "", content: "<p>Spring sale</p>", types: [], category_id: null, manufacturer: null, display_mode: null, start_date: null, end_date: null, position: 1 }]);
      if (url === "/api/rest/locations") return json(res, STORES);
      return json(res, { messages: { error: [{ message: "unavailable" }] } }, 503);
    });
    tags = await import("./ServerTags");
  });
  afterAll(() => api.close());
  afterEach(() => {
    vi.restoreAllMocks();
    requests.length = 0;
  });
  const markup = async (element: Promise<ReactElement | null>) => {
    const resolved = await element;
    return resolved ? renderToStaticMarkup(<AppRouterContext.Provider value={router}>{resolved}</AppRouterContext.Provider>) : "";
  };

  it("product carousel: a special catalogue's products (18 by default) in the asked order, with Shop all", async () => {
    const out = await markup(tags.ProductCarouselTag({ attribs: { "data-special": "condition/open-box", "data-sort": "price", "data-dir": "asc", "data-title": "Open box deals", "data-link": "yes" } }));
    expect(requests.find((r) => r.includes("dynamic-category"))).toMatch(/^\/api\/rest\/dynamic-category\/condition\/open-box\?.*limit=18/);
    expect(requests.find((r) => r.includes("dynamic-category"))).toMatch(/order=price/);
    expect(out).toContain(">Open box deals</h2>");
    expect(out).toContain("Deal fridge");
    expect(out).toContain("Deal range");
    expect(out).toContain('href="/special/condition/open-box"');
    requests.length = 0;
    await markup(tags.ProductCarouselTag({ attribs: { "data-category": "default-category", "data-sort": "top_rated", "data-limit": "12" } }));
    expect(requests.find((r) => r.includes("/categories/"))).toMatch(/limit=12/);
  });

  it("promotions: missing data-type says so in the console and asks nothing; otherwise 100 by end date", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await markup(tags.PromotionsTag({ attribs: {} }))).toBe("");
    expect(errors.mock.calls).toEqual([[PROMOTIONS_MISSING_TYPE]]);
    expect(requests).toEqual([]);
    const out = await markup(tags.PromotionsTag({ attribs: { "data-type": "homepage" } }));
    expect(requests).toEqual(["/api/rest/promobanners/bannertype/homepage?limit=100&order=end_date"]);
    expect(out).toContain("<p>Spring sale</p>");
    expect(out).toContain("--cx-xs:1;--cx-sm:2;--cx-md:3;--cx-lg:4;--cx-xl:5");
    errors.mockClear();
    expect(await markup(tags.PromotionsTag({ attribs: { "data-type": "broken" } }))).toBe("");
    expect(errors.mock.calls).toEqual([["avb-promotions: unavailable"]]);
  });

  it("brands: the named brands in their order, else the largest ones", async () => {
    const named = await markup(tags.BrandsTag({ attribs: { "data-brands": "kessler,frostline,unknown" } }));
    expect([...named.matchAll(/href="\/special\/manufacturer\/([a-z]+)"/g)].map((m) => m[1])).toEqual(["kessler", "frostline"]);
    expect(named).toContain('alt="Kessler"');
    const largest = await markup(tags.BrandsTag({ attribs: { "data-limit": "1" } }));
    expect([...largest.matchAll(/href="\/special\/manufacturer\/([a-z]+)"/g)].map((m) => m[1])).toEqual(["frostline"]);
  });

  it("store info: one store by its code, or every store, with the default store label", async () => {
    const one = await markup(tags.StoreInfoTag({ attribs: { "data-store": "HHO-LAX" } }));
    expect(one).toContain(">West Los Angeles</h3>");
    expect(one).toContain('href="tel:5552014410"');
    expect(one).toContain("<dt>Monday</dt><dd>9 - 9</dd>");
    const all = await markup(tags.StoreInfoTag({ attribs: {} }));
    expect(all.match(/<li/g)).toHaveLength(2);
    expect(all).toContain(">Our Store</h3>");
  });

  it("site info: the allowed keys only", async () => {
    expect(await markup(tags.SiteInfoTag({ name: "phone" }))).toBe('<span data-site-info="phone">(555) 000-1111</span>');
    expect(await markup(tags.SiteInfoTag({ name: "title" }))).toBe('<span data-site-info="title">Test Store | Test</span>');
    expect(await markup(tags.SiteInfoTag({ name: "recaptcha_site_key" }))).toBe("");
  });

  it("map: needs a place, and shows it with the directions link", async () => {
    expect(await markup(tags.MapTag({ attribs: {} }))).toBe("");
    const out = await markup(tags.MapTag({ attribs: { "data-lat": "34.15", "data-lng": "-118.08", "data-title": "Pasadena", "data-address": "3450 E Foothill" } }));
    expect(out).toContain("<strong>Pasadena</strong>");
    expect(out).toContain("Show map");
    expect(out).toContain('href="https://www.google.com/maps/dir/?api=1&amp;destination=34.15%2C-118.08"');
    expect(out).not.toContain("<iframe");
  });
});
