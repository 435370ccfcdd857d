/**
 * The search page as a shopper meets it: a mistyped word is corrected and says so ("Showing results
 * for …"), a synonym finds the kind of product it names before its accessories, and a term that
 * matches nothing shows searches to try, the top categories and the `search_zero_results`
 * carousel instead of a bare sentence. SEARCH_SCREENSHOTS=<folder> saves the pages at desktop and
 * phone width for a person to look at.
 */
import path from "node:path";
import { mkdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, apiJson, isHydrated, launchBrowser, openPage } from "./harness";

const baseUrl = inject("baseUrl");
const shots = process.env.SEARCH_SCREENSHOTS;
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function screenshot(page: Page, name: string, fullPage = true) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage });
}

interface SearchAnswer {
  product_count: number;
  corrected_term: string | null;
  products: Array<{ name: string }>;
  zero_results: { searches: Array<{ query: string }>; categories: Array<{ name: string; url_key: string }>; products: Array<{ entity_id: string; name: string }> } | null;
}

describe("the search page", () => {
  for (const [label, device] of [["desktop", { ...DESKTOP, viewport: { width: 1366, height: 900 } }], ["phone", PHONE]] as const) {
    it(`shows what a mistyped word was corrected to, with the kind of product first (${label})`, async () => {
      const { page, pageErrors, close } = await openPage(browser, baseUrl, device);
      try {
        await page.goto("/search/refridgerator");
        const answer = await apiJson<SearchAnswer>(page, "/search/refridgerator?embed=products&limit=5");
        expect(answer.corrected_term).toBe("refrigerator");
        const note = page.locator("[data-corrected-term]");
        await expect.poll(() => note.textContent()).toBe("Showing results for “refrigerator”. No results for “refridgerator”.");
        const first = page.locator("main h3").first();
        await expect.poll(() => first.textContent()).toContain("Refrigerator");
        expect(await first.textContent()).not.toMatch(/Filter|Kit/);
        await screenshot(page, `search-corrected-${label}`, false);
        expect(pageErrors).toEqual([]);
      } finally {
        await close();
      }
    });

    it(`offers searches, top categories and popular products when nothing matches (${label})`, async () => {
      const { page, pageErrors, close } = await openPage(browser, baseUrl, device);
      try {
        await page.goto("/search/xylophone");
        const answer = await apiJson<SearchAnswer>(page, "/search/xylophone?embed=products&limit=5");
        expect(answer.product_count).toBe(0);
        const zero = answer.zero_results!;
        expect(zero.categories.length).toBeGreaterThan(0);
        expect(zero.products.length).toBeGreaterThan(0);
        const block = page.locator("[data-zero-results]");
        await block.waitFor();
        expect(await block.getByRole("status").textContent()).toBe('No products were found for "xylophone".');
        const categories = page.getByRole("region", { name: "Shop top categories" }).getByRole("link");
        expect(await categories.count()).toBe(zero.categories.length);
        expect(await categories.first().textContent()).toContain(zero.categories[0]!.name);
        const carousel = page.locator('[data-carousel-config="search_zero_results"]');
        expect(await carousel.getByRole("heading", { name: "Popular products" }).count()).toBe(1);
        expect(await carousel.locator("h3").first().textContent()).toBe(zero.products[0]!.name);
        // the server draws the first set (four at the widest display); the rest are asked of the api
        // when the shopper reaches for the carousel
        expect(zero.products.length).toBeGreaterThan(4);
        const slides = carousel.locator('[aria-roledescription="carousel"]');
        const ids = () => slides.locator("article[data-product-id]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));
        expect(await ids()).toEqual(zero.products.slice(0, 4).map((p) => p.entity_id));
        expect(await slides.locator('[aria-roledescription="slide"]').count()).toBe(zero.products.length);
        await expect.poll(() => isHydrated(slides)).toBe(true);
        await slides.hover();
        await expect.poll(ids).toEqual(zero.products.map((p) => p.entity_id));
        if (zero.searches.length > 0) {
          expect(await page.getByRole("region", { name: "Popular searches" }).getByRole("link").count()).toBe(zero.searches.length);
        }
        await screenshot(page, `search-zero-${label}`);
        // the shopper goes on from a top category
        await categories.first().click();
        await page.waitForURL((u) => u.pathname === `/catalog/${zero.categories[0]!.url_key}`);
        expect(pageErrors).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it("finds what a synonym names: 'fridge' lists refrigerators before water filters", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/search/fridge");
      const names = page.locator("main h3");
      await expect.poll(() => names.count()).toBeGreaterThan(0);
      const shown = (await names.allTextContents()).slice(0, 4);
      expect(shown.every((name) => /Refrigerator/.test(name) && !/Filter|Kit/.test(name)), shown.join(" | ")).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
