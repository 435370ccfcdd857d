/**
 * Header search with a misspelt term (spec 002 §2, §9): the suggestion list shows its three groups
 * (searches, categories, products) for what the shopper meant, and a suggestion picked with the
 * keyboard leads to that category or product.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, apiFromPage, launchBrowser, openPage, startFailingStorefront } from "./harness";

interface Suggestions {
  searches: Array<{ query: string; count: number }>;
  categories: Array<{ name: string; url_key: string; product_count: number }>;
  products: Array<{ name: string; url_key: string }>;
}

const baseUrl = inject("baseUrl");
const apiUrl = inject("apiUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Types a term into the header search box and waits for the suggestion list the api answers for it. */
async function typeIntoHeaderSearch(page: Page, term: string) {
  const { status, body: expected } = await apiFromPage<Suggestions>(page, `/search/${encodeURIComponent(term)}/autocomplete`);
  expect(status).toBe(200);
  const box = page.getByRole("combobox", { name: "Search products" });
  await box.click();
  await box.pressSequentially(term, { delay: 30 });
  const listbox = page.getByRole("listbox", { name: "Search suggestions" });
  await listbox.waitFor();
  const group = (name: string) => listbox.getByRole("group", { name }).getByRole("option");
  await expect.poll(() => group("Products").count()).toBe(Math.min(4, expected.products.length));
  return { box, listbox, group, expected };
}

/** Arrow down from the box until the given option is the active one; the list keeps focus in the box. */
async function arrowTo(page: Page, optionId: string) {
  const box = page.getByRole("combobox", { name: "Search products" });
  for (let i = 0; i < 20 && (await box.getAttribute("aria-activedescendant")) !== optionId; i += 1) await box.press("ArrowDown");
  expect(await box.getAttribute("aria-activedescendant")).toBe(optionId);
  expect(await page.locator(`[id="${optionId}"]`).getAttribute("aria-selected")).toBe("true");
  expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe("header search with a misspelling", () => {
  it("suggests searches, categories and products for 'refridgerator'; a category picked with the keyboard opens", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const { box, group, expected } = await typeIntoHeaderSearch(page, "refridgerator");
      // what the shopper meant, in all three groups
      expect(expected.searches.map((s) => s.query)).toContain("refrigerator");
      expect(expected.categories.length).toBeGreaterThan(0);
      expect(expected.products.length).toBeGreaterThan(0);
      expect(await box.getAttribute("aria-expanded")).toBe("true");
      expect(await group("Searches").allInnerTexts()).toEqual(expected.searches.map((s) => s.query));
      const topCategories = [...expected.categories].sort((a, b) => b.product_count - a.product_count).slice(0, 5);
      const categoryTexts = await group("Categories").allInnerTexts();
      expect(categoryTexts.map((t) => t.replace(/\s*\d+$/, "").trim())).toEqual(topCategories.map((c) => c.name));
      expect((await group("Products").allInnerTexts()).every((t, i) => t.includes(expected.products[i]!.name))).toBe(true);

      // the second category, reached with the arrow keys through the searches
      const target = topCategories[Math.min(1, topCategories.length - 1)]!;
      await arrowTo(page, (await group("Categories").nth(topCategories.indexOf(target)).getAttribute("id"))!);
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === `/catalog/${target.url_key}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe(target.name);
      expect(await page.getByRole("listbox", { name: "Search suggestions" }).isVisible()).toBe(false);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("suggests for 'dishwashr' too; a product picked with the keyboard opens its page", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/catalog");
      const { box, group, expected } = await typeIntoHeaderSearch(page, "dishwashr");
      expect(expected.searches.map((s) => s.query)).toContain("dishwasher");
      expect(await group("Searches").count()).toBe(expected.searches.length);
      expect(await group("Categories").count()).toBe(Math.min(5, expected.categories.length));
      expect(await group("Categories").count()).toBeGreaterThan(0);

      const index = Math.min(1, expected.products.length - 1);
      const product = expected.products[index]!;
      const option = group("Products").nth(index);
      expect(await option.innerText()).toContain(product.name);
      await arrowTo(page, (await option.getAttribute("id"))!);
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === `/product/${product.url_key}`);
      await page.getByRole("heading", { level: 1, name: product.name }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("header search, otherwise", () => {
  it("sends a term with a configured redirect to its page instead of results", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const box = page.getByRole("combobox", { name: "Search products" });
      await box.fill("Store Locator");
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === "/contact");
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("ignores a failed suggestion call: no list and no error, and Enter still searches", async () => {
    const shop = await startFailingStorefront(apiUrl, ({ path }) => /\/autocomplete(\?|$)/.test(path));
    const { page, pageErrors, close } = await openPage(browser, shop.baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const box = page.getByRole("combobox", { name: "Search products" });
      await box.click();
      await box.pressSequentially("dishwasher", { delay: 30 });
      await expect.poll(() => shop.failed.filter((p) => p.includes("/autocomplete")).length).toBeGreaterThan(0);
      expect(await page.getByRole("listbox", { name: "Search suggestions" }).isVisible()).toBe(false);
      expect(await page.getByRole("banner").getByRole("alert").filter({ hasText: /\S/ }).count()).toBe(0);
      expect(await box.inputValue()).toBe("dishwasher");
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === "/search/dishwasher");
      await page.getByRole("heading", { level: 1 }).filter({ hasText: "dishwasher" }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
      await shop.stop();
    }
  });
});
