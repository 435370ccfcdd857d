/**
 * Special catalogue journeys (spec 002 §2, §3, §7, §9): an attribute catalogue under
 * /special/.../{attribute}/{value}, a product's rebate modal there, its Shop Now to the promotion
 * catalogue /catalog/special/promotion/{program_id}, and that catalogue's rebate card. Programmes
 * and products are found through the storefront's own /api/rest rather than by fixed ids.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, apiJson, launchBrowser, openPage } from "./harness";

interface Product { entity_id: string; name: string; promotions: string[] }
interface Filter { attribute: string; values: Array<{ value: string; display_name: string; product_count: number }> }
interface Promotion {
  program_id: string; promo_name: string; promo_short_description: string; start_date: string | null; end_date: string | null;
  rebate_form_url: string; brand_logo_urls: string[]; manufacturer: string;
}
interface Special { name: string; product_count: number; limit: number; filters: Filter[]; products?: Product[]; promotions?: Promotion[] }
interface Config { grid_product_limit: number; title_suffix: string }

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/**
 * A promotion date as the rebate card shows it (spec 002 §9): a date without a time (the api's UTC
 * midnight) is the day entered, whatever the season; a timed one as it falls in Los Angeles.
 */
function shownDate(value: string): string {
  const dateOnly = /T00:00:00(\.0+)?Z$/.test(value);
  return new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: dateOnly ? "UTC" : "America/Los_Angeles" }).format(new Date(value));
}

const tileIds = (page: Page) => page.locator("main ul[data-mode] article[data-product-id]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));

/**
 * A running programme with a rebate form, brand logos and a manufacturer, that manufacturer's
 * special catalogue (option value) and a product on its first page that carries the programme.
 */
async function pickProgramme(page: Page, limit: number) {
  const all = await apiJson<Special>(page, "/categories/default-category?embed=products&limit=100");
  const brands = all.filters.find((f) => f.attribute === "manufacturer")!.values;
  const ids = [...new Set(all.products!.flatMap((p) => p.promotions))];
  for (const id of ids) {
    const programme = (await apiJson<Special>(page, `/dynamic-category/promotion/${encodeURIComponent(id)}?embed=promotions&limit=1`)).promotions![0]!;
    if (!programme.rebate_form_url || programme.brand_logo_urls.length === 0 || !programme.manufacturer) continue;
    const brand = brands.find((b) => b.display_name === programme.manufacturer);
    if (!brand) continue;
    const special = await apiJson<Special>(page, `/dynamic-category/manufacturer/${brand.value}?embed=products&limit=${limit}`);
    const product = special.products!.find((p) => p.promotions.includes(id));
    if (product) return { programme, brand, special, product };
  }
  throw new Error("no running programme with a rebate form on a brand's first page");
}

describe("special catalogues", () => {
  it("lists an attribute value's products under /special/.../{attribute}/{value}, without that attribute's filter", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const config = await apiJson<Config>(page, "/config");
      const { brand, special } = await pickProgramme(page, config.grid_product_limit);

      for (const path of [`/special/manufacturer/${brand.value}`, `/special/brands/manufacturer/${brand.value}`]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(200);
        await page.getByRole("heading", { level: 1, name: special.name }).waitFor();
        expect(await page.title()).toBe(`${special.name}${config.title_suffix}`);
        expect(Number(await page.locator("[data-product-count]").getAttribute("data-product-count"))).toBe(special.product_count);
        expect(await tileIds(page)).toEqual(special.products!.map((p) => p.entity_id));
        // the brand is the catalogue: no brand filter in the panel
        const facets = (await page.locator("#filters summary").allTextContents()).map((t) => t.trim());
        expect(facets.length).toBeGreaterThan(0);
        expect(facets).not.toContain("Brand");
      }
      // an unknown value is a real 404
      expect((await page.goto("/special/manufacturer/no-such-brand"))?.status()).toBe(404);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("opens a product's rebate modal, and its Shop Now leads to the promotion catalogue with the rebate card", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const config = await apiJson<Config>(page, "/config");
      const { programme, brand, product } = await pickProgramme(page, config.grid_product_limit);
      const catalogue = await apiJson<Special>(page, `/dynamic-category/promotion/${encodeURIComponent(programme.program_id)}?embed=products&limit=${config.grid_product_limit}`);

      await page.goto(`/special/manufacturer/${brand.value}`);
      const tile = page.locator(`main article[data-product-id="${product.entity_id}"]`).locator("xpath=..");
      const trigger = tile.getByRole("button", { name: new RegExp(`rebates? available\\s*:\\s*${escapeRe(product.name)}$`, "i") });
      await trigger.click();
      const dialog = page.getByRole("dialog", { name: /Rebates and offers/ });
      await dialog.waitFor();
      const card = dialog.locator("article").filter({ has: page.getByRole("heading", { level: 3, name: programme.promo_name }) });
      await card.waitFor();
      // Escape closes the modal and gives focus back to its button
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

      await trigger.click();
      await card.waitFor();
      await card.getByRole("link", { name: /^Shop Now/ }).click();
      const path = `/catalog/special/promotion/${programme.program_id}`;
      await page.waitForURL((u) => u.pathname === path);

      // the promotion catalogue: its name, the rebate card, its products
      await page.getByRole("heading", { level: 1, name: programme.promo_name }).waitFor();
      // after a client-side navigation the title follows the page
      await expect.poll(() => page.title()).toBe(`${programme.promo_name}${config.title_suffix}`);
      const rebate = page.locator("main article").filter({ has: page.getByRole("heading", { level: 2, name: programme.promo_name }) });
      const logos = rebate.getByRole("list", { name: "Brands" }).locator("img");
      expect(await logos.count()).toBe(programme.brand_logo_urls.length);
      for (let i = 0; i < programme.brand_logo_urls.length; i += 1) {
        await logos.nth(i).scrollIntoViewIfNeeded();
        await expect.poll(() => logos.nth(i).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        expect(await logos.nth(i).getAttribute("alt")).toBeTruthy();
      }
      // the modal closed as Shop Now left the brand's listing: it does not come back here
      expect(await page.locator("dialog[open]").count()).toBe(0);
      const text = (await rebate.innerText()).replace(/\s+/g, " ");
      expect(text).toContain(programme.promo_short_description);
      expect(text).toContain(`Valid ${shownDate(programme.start_date!)} - ${shownDate(programme.end_date!)}`);
      // on its own catalogue the card has no Shop Now
      expect(await rebate.getByRole("link", { name: /^Shop Now/ }).count()).toBe(0);
      expect(Number(await page.locator("[data-product-count]").getAttribute("data-product-count"))).toBe(catalogue.product_count);
      expect(await tileIds(page)).toEqual(catalogue.products!.map((p) => p.entity_id));
      expect(await tileIds(page)).toContain(product.entity_id);

      // the rebate form opens in a new tab
      const form = rebate.getByRole("link", { name: /^Rebate Form/ });
      expect(await form.getAttribute("target")).toBe("_blank");
      expect(await form.getAttribute("rel")).toContain("noopener");
      const [tab] = await Promise.all([page.context().waitForEvent("page"), form.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(programme.rebate_form_url);
      await tab.getByRole("heading", { level: 1 }).waitFor();
      await tab.close();
      expect(new URL(page.url()).pathname).toBe(path);

      // an unknown programme is a real 404
      expect((await page.goto("/catalog/special/promotion/no-such-programme"))?.status()).toBe(404);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
