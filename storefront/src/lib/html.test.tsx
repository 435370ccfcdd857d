import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { attributes, element, escapeHtml } from "./html";

describe("markup written as text", () => {
  it("escapes what HTML reads as markup, as React does, and leaves other text as it is", () => {
    expect(escapeHtml(`Tom & Jerry's <b>"best"</b>`)).toBe("Tom &amp; Jerry&#x27;s &lt;b&gt;&quot;best&quot;&lt;/b&gt;");
    expect(escapeHtml("French door refrigerator – 28 cu. ft.")).toBe("French door refrigerator – 28 cu. ft.");
    expect(escapeHtml(2899.99)).toBe("2899.99");
    expect(escapeHtml("")).toBe("");
    // the same text as React writes it
    const text = `5" & <12'> a&amp;b`;
    expect(element("p", {}, escapeHtml(text))).toBe(renderToStaticMarkup(<p>{text}</p>));
  });

  it("writes attributes: false, null and undefined left out, true as the bare name, values escaped", () => {
    expect(attributes({ class: "card", href: "/product/a?x=1&y=\"2\"", hidden: true, disabled: false, title: null, id: undefined, "data-n": 3 }))
      .toBe(' class="card" href="/product/a?x=1&amp;y=&quot;2&quot;" hidden data-n="3"');
  });
});
