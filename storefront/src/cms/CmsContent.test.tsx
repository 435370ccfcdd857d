import { describe, expect, it, vi } from "vitest";
import type { ReactNode } from "react";
import { renderToStaticMarkup as renderBare } from "react-dom/server";
import { AppRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import CmsContent, { prioritiseFirstImage } from "./CmsContent";
import { documentRender } from "@/test/documentRender";

// inside the app router, as on a page: links kept without hydrating navigate with it
const router = { push() {}, replace() {}, refresh() {}, back() {}, forward() {}, prefetch() {}, bfcacheId: "" };
const renderToStaticMarkup = (node: ReactNode) => renderBare(<AppRouterContext.Provider value={router}>{node}</AppRouterContext.Provider>);


describe("editor content on render", () => {
  it("drops an overlay, page-targeting ids, unknown data attributes and non-map iframes that reach it", () => {
    const html = renderToStaticMarkup(<CmsContent html={
      '<div style="position:fixed;inset:0;z-index:9999" id="site-header" data-x="1"><p>Win</p></div>'
      + '<iframe src="https://www.google.com/search?q=x"></iframe>'
      + '<iframe src="https://www.google.com/maps/embed?pb=1"></iframe>'
    } />);
    expect(html).toBe(
      '<div class="cms-content"><div><p>Win</p></div>'
      + '<iframe src="https://www.google.com/maps/embed?pb=1" loading="lazy" referrerpolicy="no-referrer-when-downgrade"></iframe></div>',
    );
  });

  it("keeps the seeded kind of content as it was", () => {
    const seeded = '<section class="home-hero"><img class="home-hero__image" src="/media/a.png" alt="A fridge" width="800" height="800" />'
      + '<div class="home-hero__text"><h1>Hello</h1><p><a class="button button--primary" href="/catalog/x">Shop</a></p></div></section>';
    // as it was, but for its picture: through the image optimiser, up to twice its width
    const optimised = 'src="/_next/image?url=%2Fmedia%2Fa.png&amp;w=1200&amp;q=75" alt="A fridge" width="800" height="800" srcset="/_next/image?url=%2Fmedia%2Fa.png&amp;w=640&amp;q=75 640w, '
      + '/_next/image?url=%2Fmedia%2Fa.png&amp;w=750&amp;q=75 750w, /_next/image?url=%2Fmedia%2Fa.png&amp;w=828&amp;q=75 828w, /_next/image?url=%2Fmedia%2Fa.png&amp;w=1080&amp;q=75 1080w, '
      + '/_next/image?url=%2Fmedia%2Fa.png&amp;w=1200&amp;q=75 1200w" sizes="(max-width: 800px) 100vw, 800px"';
    expect(renderToStaticMarkup(<CmsContent html={seeded} />)).toBe(`<div class="cms-content">${seeded.replace('src="/media/a.png" alt="A fridge" width="800" height="800"', optimised)}</div>`);
  });

  it("loads a page's lead picture first: the high fetch priority survives sanitising, on the first picture only", () => {
    const html = '<section><img src="https://cdn.example.com/a.png" alt="Hero" width="800" height="800" /></section><p><img src="/media/b.png" alt="More" /></p>';
    expect(renderToStaticMarkup(<CmsContent html={prioritiseFirstImage(html)} />)).toBe(
      '<div class="cms-content"><section><img fetchpriority="high" src="https://cdn.example.com/a.png" alt="Hero" width="800" height="800" /></section>'
      + '<p><img src="/media/b.png" alt="More" /></p></div>',
    );
  });

  it("renders nothing when nothing is left", () => {
    expect(renderToStaticMarkup(<CmsContent html={'<script>alert(1)</script>'} />)).toBe("");
  });
});

describe("CMS content validation on render (spec 000 §5: errors go to the console)", () => {
  it("logs each problem of a CMS page or block with where it is, and still renders what is safe", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const html = renderToStaticMarkup(<CmsContent source="page contact" html={'<div><p>Call <a href="/contact" onclick="x()">us</a></p>'} />);
      expect(errors.mock.calls.map((c) => c[0])).toEqual([
        "CMS validation (page contact, line 1, column 1): Opening and closing tag counts differ for <div>: 1 opening, 0 closing.",
        'CMS validation (page contact, line 1, column 14): Plain anchor <a href="/contact">: use the product\'s link element <avb-link href="…"> instead of <a>.',
        'CMS validation (page contact, line 1, column 14): onclick on link <a href="/contact">: use the product\'s button element <avb-button> for actions.',
      ]);
      expect(html).toBe('<div class="cms-content"><div><p>Call <a href="/contact">us</a></p></div></div>');
      // content that is not a CMS page or block (a blog post) is not validated
      errors.mockClear();
      renderToStaticMarkup(<CmsContent html={'<p><a href="/x">x</a></p>'} />);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("renders editor tags as their components", () => {
    const html = renderToStaticMarkup(<CmsContent source="block footer" html={'<ul><li><avb-link href="/contact">Contact Us</avb-link></li></ul>'} />);
    expect(html).toBe('<div class="cms-content"><ul><li><a href="/contact">Contact Us</a></li></ul></div>');
  });
});

describe("editor content in a document's render", () => {
  const tips = '<div class="category-custom"><h3>Shopping tips</h3><p>Not sure what size TV to buy? Divide your viewing distance in inches by 1.6.</p></div>';
  const footer = '<ul><li><avb-link href="/contact">Contact Us</avb-link></li><li><avb-link href="/shipping-returns">Delivery &amp; Returns</avb-link></li></ul>';

  it("is written into the HTML once and named by reference, not carried as text, where it is long enough", () => {
    const kept = documentRender();
    expect(renderToStaticMarkup(<CmsContent html={tips} alwaysDrawn />)).toBe(`<div class="cms-content" data-markup="r0">${tips}</div>`);
    expect(kept.get("r0")).toBe(tips);
    // with editor tags: the list the links are in is kept whole
    expect(renderToStaticMarkup(<CmsContent html={`${footer}<p>Prices and offers are subject to change.</p>`} alwaysDrawn />)).toBe(
      '<div class="cms-content"><ul data-markup="r1"><li><a href="/contact">Contact Us</a></li><li><a href="/shipping-returns">Delivery &amp; Returns</a></li></ul>'
      + "<p>Prices and offers are subject to change.</p></div>",
    );
    // a short run is cheaper as its own text than as a reference
    expect(renderToStaticMarkup(<CmsContent html="<p>Free delivery over $499.</p>" alwaysDrawn />)).toBe('<div class="cms-content"><p>Free delivery over $499.</p></div>');
    expect(kept.size).toBe(2);
  });

  it("is written as itself where the browser may draw it later, and inside editor tags (a carousel's later slides)", () => {
    const kept = documentRender();
    // a notice drawn once its dismissal is read: not said to be always drawn
    expect(renderToStaticMarkup(<CmsContent html={tips} />)).toBe(`<div class="cms-content">${tips}</div>`);
    const slides = '<avb-carousel data-label="Finishes"><div><p>Stainless steel, the finish most of our ranges and refrigerators come in.</p></div><div>Black</div></avb-carousel>';
    const html = renderToStaticMarkup(<CmsContent html={slides} alwaysDrawn />);
    expect(html).toContain("<p>Stainless steel, the finish most of our ranges and refrigerators come in.</p>");
    expect(html).not.toContain("data-markup");
    expect(kept.size).toBe(0);
  });
});
