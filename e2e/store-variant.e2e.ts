/**
 * The storefront on a store configured otherwise than the shared demo store: a second stack (api
 * and storefront from the same builds) on its own small database, seeded with endless scroll on
 * (config catalog_endless_page_scroll, spec 002 §2, §3). The shared store the other journeys use
 * stays as it is.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, apiJson, launchBrowser, openPage, startStack, type Stack } from "./harness";

interface Listing { product_count: number; products?: Array<{ entity_id: string }> }
interface Config { grid_product_limit: number; catalog_endless_page_scroll: unknown }

let browser: Browser;
let shop: Stack;

beforeAll(async () => {
  browser = await launchBrowser();
  shop = await startStack({ seedProducts: 120, seedConfig: { catalog_endless_page_scroll: true } });
});
afterAll(async () => {
  await browser?.close();
  await shop?.stop();
});


const tileIds = (page: Page) => page.locator("main ul[data-mode] > li article[data-product-id]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));

describe("endless scroll", () => {
  it("appends the next page when the end of the listing comes into view, without page links", async () => {
    const { page, pageErrors, close } = await openPage(browser, shop.baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const config = await apiJson<Config>(page, "/config");
      expect(config.catalog_endless_page_scroll).toBe(true);
      const limit = config.grid_product_limit;
      const pages = await Promise.all([1, 2, 3].map((n) =>
        apiJson<Listing>(page, `/categories/default-category?embed=products&limit=${limit}&page=${n}`)));
      expect(pages[0]!.product_count).toBeGreaterThan(limit * 3);

      const response = await page.goto("/catalog");
      expect(response?.status()).toBe(200);
      const status = page.getByRole("status").filter({ hasText: /products$/ });
      await status.waitFor();
      expect(await status.innerText()).toBe(`${pages[0]!.product_count.toLocaleString("en-US")} products`);
      expect(await tileIds(page)).toEqual(pages[0]!.products!.map((p) => p.entity_id));
      expect(await page.getByRole("navigation", { name: "Pagination" }).count()).toBe(0);
      // the next page stays a plain link for crawlers and without scripts
      expect(await page.getByRole("link", { name: "Show more products" }).getAttribute("href")).toBe("/catalog?page=2");

      // scrolling to the end of the list appends page 2, then page 3, in order; the address stays
      const expected = pages.map((p) => p.products!.map((x) => x.entity_id));
      for (let shown = 2; shown <= 3; shown += 1) {
        await page.locator("main ul[data-mode] > li").last().scrollIntoViewIfNeeded();
        await expect.poll(() => tileIds(page), { timeout: 15_000 }).toEqual(expected.slice(0, shown).flat());
      }
      expect(new URL(page.url()).search).toBe("");

      // a page past the end is not moved to the last page in endless-scroll mode
      const past = Math.ceil(pages[0]!.product_count / limit) + 5;
      const far = await page.goto(`/catalog?page=${past}`);
      expect(far?.status()).toBe(200);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(new URL(page.url()).searchParams.get("page")).toBe(String(past));
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("appends one page each time the end comes into view, even when the browser reports it in view late", async () => {
    const { page, pageErrors, close } = await openPage(browser, shop.baseUrl, DESKTOP);
    try {
      // Entries reach the page 1.5 s after the browser queued them, also from an observer
      // disconnected meanwhile: an "in view" entry from before a page landed arrives after it.
      await page.addInitScript(() => {
        const Native = window.IntersectionObserver;
        const w = window as unknown as { lateEntries: number; pageCalls: number };
        w.lateEntries = 0;
        w.pageCalls = 0; // listing pages asked for and not yet read
        const nativeFetch = window.fetch;
        window.fetch = async (...args) => {
          const listing = String(args[0] instanceof Request ? args[0].url : args[0]).includes("page=");
          if (listing) w.pageCalls += 1;
          try {
            const response = await nativeFetch(...args);
            await response.clone().text();
            return response;
          } finally {
            if (listing) w.pageCalls -= 1;
          }
        };
        window.IntersectionObserver = class extends Native {
          constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
            super((entries, observer) => {
              w.lateEntries += 1;
              setTimeout(() => { w.lateEntries -= 1; callback(entries, observer); }, 1_500);
            }, options);
          }
        };
      });
      await page.goto("/favicon.ico");
      const limit = (await apiJson<Config>(page, "/config")).grid_product_limit;
      const pages = await Promise.all([1, 2, 3].map((n) =>
        apiJson<Listing>(page, `/categories/default-category?embed=products&limit=${limit}&page=${n}`)));
      const expected = pages.map((p) => p.products!.map((x) => x.entity_id));
      expect(pages[0]!.product_count).toBeGreaterThan(limit * 4);

      await page.goto("/catalog");
      await page.getByRole("link", { name: "Show more products" }).waitFor();
      const settled = () => page.evaluate(() => {
        const w = window as unknown as { lateEntries: number; pageCalls: number };
        return w.lateEntries === 0 && w.pageCalls === 0 && !document.querySelector("main")?.textContent?.includes("Loading more products…");
      });
      for (let shown = 2; shown <= 3; shown += 1) {
        await page.locator("main ul[data-mode] > li").last().scrollIntoViewIfNeeded();
        await expect.poll(async () => (await tileIds(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(shown * limit);
        await expect.poll(settled, { timeout: 15_000 }).toBe(true);
        expect(await tileIds(page)).toEqual(expected.slice(0, shown).flat());
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
