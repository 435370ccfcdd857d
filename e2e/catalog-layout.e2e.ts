/**
 * What a shopper sees first on a category listing (issue: "the hero and a point-of-sale carousel
 * push the first product below the fold"): on /catalog/refrigerators the first row of products is
 * on screen without scrolling on a 1366x900 desktop, the Filters control on a 390x844 phone; the
 * category's content block and its point-of-sale carousel come right after that first row, across
 * the grid, above the second row. Carousels say where they are after a move, not every card.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, apiJson, launchBrowser, openPage } from "./harness";

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DESKTOP_1366 = { ...DESKTOP, viewport: { width: 1366, height: 900 } };
const KEY = "refrigerators";

interface Box { top: number; bottom: number; left: number; right: number }
const box = async (page: Page, selector: string): Promise<Box> => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not on the page`);
  return { top: b.y, bottom: b.y + b.height, left: b.x, right: b.x + b.width };
};
const TILES = "main ul[data-mode] > li > article[data-product-id]";

/** The page as it first shows, scrolled nowhere; the category must have posm sets and a content block. */
async function open(page: Page) {
  await page.goto("/favicon.ico");
  const config = await apiJson<{ catalog_posm_overrides: Record<string, string[]> }>(page, "/config");
  expect(config.catalog_posm_overrides[KEY]?.length, `the demo store's posm sets for ${KEY}`).toBeGreaterThan(0);
  const response = await page.goto(`/catalog/${KEY}`);
  expect(response?.status()).toBe(200);
  await page.locator(TILES).first().waitFor();
  await page.locator('main section[aria-roledescription="carousel"]').first().waitFor();
  expect(await page.evaluate("window.scrollY")).toBe(0);
}

describe("a category listing's first screen", () => {
  it("shows the first row of products without scrolling on a desktop, the merchandising after it", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP_1366);
    try {
      await open(page);
      const height = DESKTOP_1366.viewport.height;
      const tiles = await page.locator(TILES).evaluateAll((cards) => cards.map((c) => {
        const b = c.getBoundingClientRect();
        const picture = c.querySelector("img")!.getBoundingClientRect();
        const name = c.querySelector("h2, h3")!.getBoundingClientRect();
        return { top: b.top, bottom: b.bottom, picture: picture.bottom, name: name.bottom };
      }));
      const firstRow = tiles.filter((t) => Math.abs(t.top - tiles[0]!.top) < 2);
      expect(firstRow.length, "tiles in the first row").toBeGreaterThanOrEqual(3);
      for (const tile of firstRow) {
        // each product of the first row shows its picture and its name on the first screen
        expect(tile.top).toBeGreaterThan(0);
        expect(tile.picture).toBeLessThanOrEqual(height);
        expect(tile.name).toBeLessThanOrEqual(height);
      }
      // the content block and the posm carousel: across the grid, after the first row, before the second
      const secondRowTop = Math.min(...tiles.filter((t) => t.top > firstRow[0]!.bottom).map((t) => t.top));
      const grid = await box(page, "main ul[data-mode]");
      for (const selector of ['main section[aria-roledescription="carousel"]', "main .category-hero"]) {
        const b = await box(page, selector);
        expect(b.top, selector).toBeGreaterThanOrEqual(firstRow[0]!.bottom);
        expect(b.bottom, selector).toBeLessThanOrEqual(secondRowTop);
        expect(b.left, selector).toBeGreaterThanOrEqual(grid.left - 1);
        expect(b.right, selector).toBeLessThanOrEqual(grid.right + 1);
      }
      // the first row's pictures are the page's LCP now, not the carousel's
      expect(await page.locator(`${TILES} img`).first().getAttribute("fetchpriority")).toBe("high");
      expect(await page.locator('main section[aria-roledescription="carousel"] img').first().getAttribute("fetchpriority")).toBeNull();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows the Filters control and the first products without scrolling on a phone", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await open(page);
      const height = PHONE.viewport!.height;
      const filters = page.getByRole("link", { name: /^Filters/ });
      await filters.waitFor();
      const b = (await filters.boundingBox())!;
      expect(b.y).toBeGreaterThan(0);
      expect(b.y + b.height).toBeLessThanOrEqual(height);
      expect((await box(page, TILES)).top).toBeLessThan(height);
      // it opens the filters drawer
      await filters.click();
      await page.getByRole("dialog", { name: "Filters" }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("carousel announcements", () => {
  it("the track is no live region; after a move a short status says which items show", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP_1366);
    try {
      await open(page);
      const carousel = page.locator('main section[aria-roledescription="carousel"]').first();
      // no live region holds the cards
      expect(await carousel.locator('[aria-live]:has([aria-roledescription="slide"])').count()).toBe(0);
      const status = carousel.locator("[data-carousel-status]");
      expect(await status.getAttribute("aria-live")).toBe("polite");
      expect(await status.innerText()).toBe("");
      const slides = await carousel.locator('[aria-roledescription="slide"]').count();
      const visible = carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
      // the slides out of view are hidden once the carousel has measured itself, after hydration
      await expect.poll(() => visible.count()).toBeLessThan(slides);
      const shown = await visible.count();
      expect(shown).toBeGreaterThan(0);
      await carousel.getByRole("button", { name: "Show next set of items" }).click();
      const last = Math.min(slides, 2 * shown);
      await expect.poll(() => status.textContent()).toBe(last === shown + 1 ? `Item ${last} of ${slides}` : `Items ${shown + 1} to ${last} of ${slides}`);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
