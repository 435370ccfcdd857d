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
});
