import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import Carousel from "./Carousel";

describe("carousel", () => {
  it("says 'There are no items for display.' when it has no items", () => {
    const html = renderToStaticMarkup(<Carousel label="Featured products" />);
    expect(html).toContain("<p");
    expect(html).toContain(">There are no items for display.</p>");
  });

  it("shows its items, and no empty text, when it has some", () => {
    const html = renderToStaticMarkup(
      <Carousel label="Featured products">
        <article>First</article>
        <article>Second</article>
      </Carousel>,
    );
    expect(html).toContain("First");
    expect(html).toContain("Second");
    expect(html).toContain('aria-label="Featured products"');
    expect(html).not.toContain("There are no items for display.");
  });
});
