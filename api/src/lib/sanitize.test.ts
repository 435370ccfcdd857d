import { describe, expect, it } from "vitest";
import { sanitizeEditorHtml } from "./sanitize";

describe("editor HTML", () => {
  it("strips a full-page overlay: style, ids that target the page, unknown data attributes", () => {
    const clean = sanitizeEditorHtml(
      '<div style="position:fixed;inset:0;z-index:9999" id="main-content" data-x="1" class="promo"><p>Win!</p></div>',
    );
    expect(clean).toBe('<div class="promo"><p>Win!</p></div>');
  });

  it("drops style elements, scripts, forms and event handlers", () => {
    expect(sanitizeEditorHtml('<style>body{display:none}</style><script>alert(1)</script><form action="https://evil.example"><input name="card"></form><img src="/a.png" onerror="alert(1)" alt="">'))
      .toBe('<img src="/a.png" alt="" />');
  });

  it("keeps only map and video embeds from their embed paths", () => {
    const map = '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12" width="600" height="450" allowfullscreen></iframe>';
    expect(sanitizeEditorHtml(map)).toBe(
      '<iframe src="https://www.google.com/maps/embed?pb=!1m18!1m12" width="600" height="450" allowfullscreen loading="lazy" referrerpolicy="no-referrer-when-downgrade"></iframe>',
    );
    expect(sanitizeEditorHtml('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>')).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(sanitizeEditorHtml('<iframe src="https://player.vimeo.com/video/76979871"></iframe>')).toContain('src="https://player.vimeo.com/video/76979871"');
    for (const src of [
      "https://www.google.com/search?q=x",
      "https://www.google.com/maps/embedded-evil",
      "http://www.google.com/maps/embed?pb=1",
      "https://www.google.com.evil.example/maps/embed?pb=1",
      "https://evil.example/maps/embed",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "//www.google.com/maps/embed?pb=1",
      "/maps/embed",
      "javascript:alert(1)",
    ]) {
      expect(sanitizeEditorHtml(`<p>Map</p><iframe src="${src}" width="600"></iframe>`), src).toBe("<p>Map</p>");
    }
    expect(sanitizeEditorHtml('<p>Map</p><iframe width="600"></iframe>')).toBe("<p>Map</p>");
  });

  it("keeps what each editor tag reads", () => {
    // pictures and galleries
    expect(sanitizeEditorHtml('<picture><source srcset="/a.webp" type="image/webp" media="(min-width: 600px)"><img src="/a.png" alt="A sofa" width="400" height="300" loading="lazy"></picture>'))
      .toBe('<picture><source srcset="/a.webp" type="image/webp" media="(min-width: 600px)" /><img src="/a.png" alt="A sofa" width="400" height="300" loading="lazy" /></picture>');
    // image sizes only as digits (spec 000 §5)
    expect(sanitizeEditorHtml('<img src="/a.png" alt="" width="100%" height="300px">')).toBe('<img src="/a.png" alt="" />');
    // CMS buttons
    expect(sanitizeEditorHtml('<button type="button" data-action="print-image" data-modal="zibby" data-credit-tier="Prime" onclick="x()">Apply</button>'))
      .toBe('<button type="button" data-action="print-image" data-modal="zibby" data-credit-tier="Prime">Apply</button>');
    // accordions and tabs, with anchors
    expect(sanitizeEditorHtml('<details open id="cms-faq-1"><summary>Delivery?</summary><p>Yes.</p></details><section data-tab-title="Specs" id="cms-specs"><h2 id="cms-dimensions">Size</h2></section>'))
      .toBe('<details open id="cms-faq-1"><summary>Delivery?</summary><p>Yes.</p></details><section data-tab-title="Specs" id="cms-specs"><h2 id="cms-dimensions">Size</h2></section>');
    expect(sanitizeEditorHtml('<h2 id="header">Size</h2><p id="cms-para">x</p>')).toBe("<h2>Size</h2><p>x</p>");
    // carousels, product carousels, promotions and brand lists, store info, forms, lightboxes
    const tags = '<div class="carousel" data-carousel="true" data-settings="{&quot;xs&quot;:{&quot;itemsPerDisplay&quot;:1}}" data-arrow-icon="fa-chevron"></div>'
      + '<div data-skus="A1,B2" data-placement="home-top"></div><div data-type="rebate"></div><div data-brands="lg,ge"></div>'
      + '<div data-site-info="phone"></div><div data-form="contact"></div><div data-lightbox="gallery-1"><img src="/b.png" alt="" /></div>';
    expect(sanitizeEditorHtml(tags)).toBe(tags);
    // videos and links
    expect(sanitizeEditorHtml('<video src="/media/v.mp4" poster="/media/v.jpg" controls muted playsinline></video>'))
      .toBe('<video src="/media/v.mp4" poster="/media/v.jpg" controls muted playsinline></video>');
    expect(sanitizeEditorHtml('<a href="/financing" target="_blank">Learn more</a><a href="javascript:alert(1)">x</a>'))
      .toBe('<a href="/financing" target="_blank" rel="noopener noreferrer">Learn more</a><a>x</a>');
  });
});
