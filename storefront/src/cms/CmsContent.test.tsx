import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import CmsContent from "./CmsContent";

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
    expect(renderToStaticMarkup(<CmsContent html={seeded} />)).toBe(`<div class="cms-content">${seeded}</div>`);
  });

  it("renders nothing when nothing is left", () => {
    expect(renderToStaticMarkup(<CmsContent html={'<script>alert(1)</script>'} />)).toBe("");
  });
});
