/**
 * The menu's Brands and Deals links and the footer's Deals & Rebates link lead somewhere (issue:
 * "use_brands_page: the menu's Brands link and the footer's Deals link lead to 404s"): /brands lists
 * every brand with its logo and a link to its special catalogue, /promotions the rebate programmes
 * running now as rebate cards (spec 000 §2) whose Shop Now opens the promotion's catalogue.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser } from "playwright-core";
import { DESKTOP, PHONE, apiJson, launchBrowser, openPage } from "./harness";

interface Brand { name: string; url_key: string; logo_url: string; product_count: number }
interface Programme { program_id: string; promo_name: string; promo_short_description: string; rebate_form_url: string; brand_logo_urls: string[] }

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("brands page", () => {
  it("is where the menu's Brands link leads: every brand, its logo, its special catalogue", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const brands = await apiJson<Brand[]>(page, "/brands");
      const config = await apiJson<{ use_brands_page: unknown }>(page, "/config");
      expect(config.use_brands_page).toBe(true);
      expect(brands.length).toBeGreaterThan(10);

      await page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Brands", exact: true }).click();
      await page.waitForURL("**/brands");
      await page.getByRole("heading", { level: 1, name: "Brands" }).waitFor();
      const links = page.locator("main a[data-brand]");
      expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute("data-brand")))).toEqual(
        // grouped under initials, A to Z: the api's order by name, kept within each letter
        [...brands].sort((a, b) => a.name.charAt(0).toUpperCase().localeCompare(b.name.charAt(0).toUpperCase())).map((b) => b.url_key),
      );
      for (const brand of brands.slice(0, 5)) {
        const link = page.locator(`main a[data-brand="${brand.url_key}"]`);
        expect(await link.getAttribute("href")).toBe(`/special/manufacturer/${encodeURIComponent(brand.url_key)}`);
        expect(await link.innerText()).toContain(brand.name);
        // the logo is shown (loaded, not a broken picture)
        const logo = link.locator("img");
        await logo.scrollIntoViewIfNeeded();
        await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }

      // a letter jumps to its group; a brand opens its catalogue with its products
      const first = brands[0]!;
      await page.getByRole("navigation", { name: "Brands by letter" }).getByRole("link", { name: first.name.charAt(0).toUpperCase(), exact: true }).click();
      await page.locator(`main a[data-brand="${first.url_key}"]`).click();
      await page.waitForURL(`**/special/manufacturer/${first.url_key}`);
      await page.locator("main ul[data-mode] article[data-product-id]").first().waitFor();
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain(first.name);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("promotions page", () => {
  it("is where the menu's Deals and the footer's Deals & Rebates lead: the running programmes as rebate cards", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto("/");
      const programmes = await apiJson<Programme[]>(page, "/promotions");
      expect(programmes.length).toBeGreaterThan(0);
      await page.getByRole("contentinfo").getByRole("link", { name: "Deals & Rebates" }).click();
      await page.waitForURL("**/promotions");
      await page.getByRole("heading", { level: 1, name: "Deals & Rebates" }).waitFor();
      const cards = page.locator("main article");
      expect(await cards.count()).toBe(programmes.length);
      for (const [i, programme] of programmes.entries()) {
        const card = cards.nth(i);
        expect(await card.getByRole("heading", { level: 2 }).innerText()).toBe(programme.promo_name);
        if (programme.promo_short_description) expect(await card.innerText()).toContain(programme.promo_short_description);
        expect(await card.innerText()).toMatch(/Valid \w+ \d{1,2}, \d{4} - \w+ \d{1,2}, \d{4}/);
        expect(await card.locator("img").count()).toBe(programme.brand_logo_urls.length);
        if (programme.rebate_form_url) {
          const form = card.getByRole("link", { name: /^Rebate Form/ });
          expect(await form.getAttribute("target")).toBe("_blank");
        }
        expect(await card.getByRole("link", { name: /^Shop Now/ }).getAttribute("href")).toBe(`/catalog/special/promotion/${encodeURIComponent(programme.program_id)}`);
      }
      // the grey page background of spec 000 §2
      expect(await page.evaluate("getComputedStyle(document.body).backgroundColor")).toBe("rgb(244, 245, 247)");
      await cards.first().getByRole("link", { name: /^Shop Now/ }).click();
      await page.waitForURL(`**/catalog/special/promotion/${encodeURIComponent(programmes[0]!.program_id)}`);
      await page.locator("main article[data-product-id]").first().waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the menu's Deals link opens it too", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const deals = page.getByRole("navigation", { name: /main/i }).getByRole("link", { name: "Deals", exact: true });
      expect(await deals.getAttribute("href")).toBe("/promotions");
      const response = await page.goto("/promotions");
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: "Deals & Rebates" }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
