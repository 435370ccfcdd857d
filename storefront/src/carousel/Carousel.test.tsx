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

  it("announces no cards: the track is not a live region, a short status is (empty until the shopper moves it)", () => {
    const html = renderToStaticMarkup(
      <Carousel label="Endcap">
        {Array.from({ length: 7 }, (_, i) => <article key={i}>Card {i + 1} with its price and buttons</article>)}
      </Carousel>,
    );
    const live = [...html.matchAll(/<(\w+)[^>]*aria-live="(\w+)"[^>]*>(.*?)<\/\1>/g)];
    expect(live.map((m) => [m[2], m[3]])).toEqual([["polite", ""]]);
    expect(html).not.toMatch(/aria-live="polite"[^>]*>\s*<div[^>]*aria-roledescription="slide"/);
  });

  it("draws on the server only the items the widest display shows first; the other slides stay empty until it hydrates", async () => {
    const { LANDING_ITEMS } = await import("./settings");
    const html = renderToStaticMarkup(
      <Carousel label="Featured products" itemsPerDisplay={LANDING_ITEMS}>
        {Array.from({ length: 7 }, (_, i) => <article key={i}>Card {i + 1}</article>)}
      </Carousel>,
    );
    const slides = [...html.matchAll(/<div[^>]*aria-roledescription="slide"[^>]*aria-label="(\d+) of 7"[^>]*>(.*?)<\/div>/g)];
    expect(slides.map((m) => [m[1], m[2]])).toEqual([
      ["1", "<article>Card 1</article>"], ["2", "<article>Card 2</article>"], ["3", "<article>Card 3</article>"],
      ["4", "<article>Card 4</article>"], ["5", "<article>Card 5</article>"], ["6", ""], ["7", ""],
    ]);
  });

  it("counts items not given yet (a later set still to load): their slides are there, empty, and the sets and dots count them", () => {
    const html = renderToStaticMarkup(
      <Carousel label="4K TVs" count={9}>
        {Array.from({ length: 4 }, (_, i) => <article key={i}>Card {i + 1}</article>)}
      </Carousel>,
    );
    const slides = [...html.matchAll(/<div[^>]*aria-roledescription="slide"[^>]*aria-label="(\d+) of (\d+)"[^>]*>(.*?)<\/div>/g)];
    expect(slides.map((m) => [m[1], m[2], m[3]])).toEqual([
      ["1", "9", "<article>Card 1</article>"], ["2", "9", "<article>Card 2</article>"], ["3", "9", "<article>Card 3</article>"],
      ["4", "9", "<article>Card 4</article>"], ["5", "9", ""], ["6", "9", ""], ["7", "9", ""], ["8", "9", ""], ["9", "9", ""],
    ]);
    // one item per display before the window is measured: a dot per item
    expect(html.match(/aria-label="Show set \d+ items"/g)).toHaveLength(9);
    expect(html).toContain('aria-label="Show next set of items"');
  });

  it("says where the carousel is after a move, never what the cards say", async () => {
    const { positionText } = await import("./settings");
    expect(positionText(4, 6, 12)).toBe("Items 4 to 6 of 12");
    expect(positionText(7, 7, 7)).toBe("Item 7 of 7");
  });
});
