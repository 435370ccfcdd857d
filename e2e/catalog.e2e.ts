/**
 * Catalogue and search journeys (spec 002 §2, §4, §8): browse a category, filter by two values and
 * a price range, sort, page, switch grid/list, search with a typo, pick a header suggestion with
 * the keyboard, the filter drawer on a phone, and the error text when the api fails. What the page
 * shows is compared with what the api answers for the same request, read through the storefront's
 * own /api/rest.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, apiJson, isHydrated, launchBrowser, openPage, startFailingStorefront } from "./harness";

interface FilterValue { value: string; display_name: string; product_count: number; selected: boolean }
interface Filter { attribute: string; label: string; type: string; values: FilterValue[]; range?: { min: number; max: number } }
interface Listing {
  product_count: number;
  limit: number;
  display_mode?: string;
  filters: Filter[];
  products?: { entity_id: string; name: string; url_key: string; prices: { final_price_without_tax: number; poa: boolean } }[];
}
interface Category { entity_id: string; url_key: string; level: number; name: string }
interface Config { grid_product_limit: number; list_product_limit: number }
interface Suggestions { searches: unknown[]; categories: unknown[]; products: { url_key: string; name: string }[] }

const baseUrl = inject("baseUrl");
const apiUrl = inject("apiUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


const enc = encodeURIComponent;

/** The product count the listing shows ("Showing 1–24 of 218 products"). */
async function shownCount(page: Page): Promise<number> {
  const value = await page.locator("[data-product-count]").first().getAttribute("data-product-count");
  return Number(value);
}

/** Product tiles of the listing, in order. */
const tiles = (page: Page) => page.locator("main ul[data-mode] > li > article[data-product-id]");

/** Prices shown on the tiles (poa tiles left out). */
async function tilePrices(page: Page): Promise<number[]> {
  const texts = await tiles(page).evaluateAll((cards) =>
    cards.map((c) => c.querySelector("[class*='finalPrice']")?.textContent ?? ""));
  return texts.filter(Boolean).map((t) => Number(t.replace(/[^0-9.]/g, "")));
}

/** A category with products and more than one page, found through the api; else the whole catalogue. */
async function pickCategory(page: Page, limit: number): Promise<{ key: string; path: string }> {
  const categories = await apiJson<Category[]>(page, "/categories");
  for (const c of categories.filter((x) => x.level === 3)) {
    const listing = await apiJson<Listing>(page, `/categories/${enc(c.url_key)}?limit=1`);
    if (listing.display_mode === "PRODUCTS" && listing.product_count > limit) return { key: c.url_key, path: `/catalog/${c.url_key}` };
  }
  return { key: "default-category", path: "/catalog" };
}

/** A category with more products than a grid page holds (pickCategory), and that page size. */
async function categoryWithPages(page: Page): Promise<{ key: string; path: string; limit: number }> {
  await page.goto("/");
  const limit = (await apiJson<Config>(page, "/config")).grid_product_limit;
  return { ...(await pickCategory(page, limit)), limit };
}

/** Two values of one list attribute that together leave products, and the api's count for them. */
function pickTwoValues(filters: Filter[]): { filter: Filter; values: FilterValue[] } {
  const candidates = filters.filter((f) => f.type !== "price" && f.type !== "category" && f.values.filter((v) => v.product_count > 0).length >= 2);
  const filter = candidates.sort((a, b) => b.values.length - a.values.length)[0];
  if (!filter) throw new Error("no attribute with two values to filter by");
  const values = [...filter.values].filter((v) => v.product_count > 0).sort((a, b) => b.product_count - a.product_count).slice(0, 2);
  return { filter, values };
}

describe("category listing", () => {
  it("browses a category, filters by two values and a price range, sorts by price and goes to page 2", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const { key, path, limit } = await categoryWithPages(page);

      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      const all = await apiJson<Listing>(page, `/categories/${enc(key)}?limit=${limit}`);
      await page.getByRole("heading", { level: 1 }).waitFor();
      // the listing is in the first HTML in document order, not sent hidden and revealed later by a
      // script (what a route-level loading boundary did): the first row paints with the page
      const html = await (await page.request.get(path)).text();
      const firstTile = html.indexOf("data-product-id=");
      expect(firstTile).toBeGreaterThan(-1);
      expect(html.slice(0, firstTile)).not.toContain('<div hidden id="S:');
      await expect.poll(() => shownCount(page)).toBe(all.product_count);
      expect(await tiles(page).count()).toBe(Math.min(limit, all.product_count));
      // the first row's pictures are the page's LCP: loaded eagerly with high priority, and asked
      // for from the document's head
      expect(await page.locator("main article[data-product-id] img").first().getAttribute("fetchpriority")).toBe("high");
      const head = html.slice(0, html.indexOf("</head>"));
      const firstRow = [...html.matchAll(/<article[^>]*data-product-id=[\s\S]*?<img[^>]*\ssrcset="([^"]*)"/g)].slice(0, 2).map((m) => m[1]);
      expect(firstRow).toHaveLength(2);
      for (const srcset of firstRow) expect(head).toContain(`<link rel="preload" as="image" fetchPriority="high" imageSrcSet="${srcset}"/>`);

      // two values of one attribute: checkboxes in the filter panel, pipes in the URL, commas to the api
      const { filter, values } = pickTwoValues(all.filters);
      const panel = page.locator("#filters");
      await panel.getByRole("checkbox", { name: new RegExp(`^${escapeRe(values[0].display_name)} \\(`) }).check();
      await page.waitForURL((u) => u.searchParams.get(filter.attribute) === values[0].value);
      await panel.getByRole("checkbox", { name: new RegExp(`^${escapeRe(values[1].display_name)} \\(`) }).check();
      // both values, pipe-joined (in the panel's order)
      const both = [values[0].value, values[1].value].sort().join("|");
      await page.waitForURL((u) => (u.searchParams.get(filter.attribute) ?? "").split("|").sort().join("|") === both);
      const two = await apiJson<Listing>(page,
        `/categories/${enc(key)}?limit=1&filter[0][attribute]=${filter.attribute}&filter[0][in]=${enc(`${values[0].value},${values[1].value}`)}`);
      await expect.poll(() => shownCount(page)).toBe(two.product_count);
      expect(two.product_count).toBeLessThan(all.product_count);
      for (const v of values) {
        expect(await page.getByRole("link", { name: `Remove filter ${filter.label}: ${v.display_name}` }).isVisible()).toBe(true);
      }

      // a price range typed into the panel: written from-to in the URL
      const price = two.filters.find((f) => f.type === "price");
      expect(price?.range).toBeTruthy();
      const from = Math.floor(price!.range!.min);
      const to = Math.ceil((price!.range!.min + price!.range!.max) / 2);
      await panel.getByLabel(/^Minimum price/i).fill(String(from));
      await panel.getByLabel(/^Maximum price/i).fill(String(to));
      await panel.getByLabel(/^Maximum price/i).press("Enter");
      await page.waitForURL((u) => u.searchParams.get("price") === `${from}-${to}`);
      const ranged = await apiJson<Listing>(page,
        `/categories/${enc(key)}?limit=1&filter[0][attribute]=${filter.attribute}&filter[0][in]=${enc(`${values[0].value},${values[1].value}`)}`
        + `&filter[1][attribute]=price&filter[1][from]=${from}&filter[1][to]=${to}`);
      await expect.poll(() => shownCount(page).catch(() => 0)).toBe(ranged.product_count);
      expect(await page.getByRole("link", { name: /^Remove filter Price: / }).isVisible()).toBe(true);

      // removing a chip takes that value out again
      await page.getByRole("link", { name: `Remove filter ${filter.label}: ${values[1].display_name}` }).click();
      await page.waitForURL((u) => u.searchParams.get(filter.attribute) === values[0].value);
      expect(await page.getByRole("link", { name: `Remove filter ${filter.label}: ${values[1].display_name}` }).count()).toBe(0);

      // clear all, then sort by price both ways
      await page.getByRole("link", { name: "Clear all", exact: true }).click();
      await page.waitForURL((u) => !u.searchParams.has(filter.attribute) && !u.searchParams.has("price"));
      await expect.poll(() => shownCount(page)).toBe(all.product_count);
      const before = await tiles(page).evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));

      const sort = page.getByLabel("Sort by");
      await sort.selectOption({ label: "Price: Low to High" });
      await page.waitForURL((u) => u.searchParams.get("order") === "price" && u.searchParams.get("dir") === "asc");
      await expect.poll(async () => isSorted(await tilePrices(page), 1)).toBe(true);
      const ascending = await tiles(page).evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));
      expect(ascending).not.toEqual(before);

      await sort.selectOption({ label: "Price: High to Low" });
      await page.waitForURL((u) => u.searchParams.get("dir") === "desc");
      await expect.poll(async () => isSorted(await tilePrices(page), -1)).toBe(true);
      const descending = await tiles(page).evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));
      expect(descending).not.toEqual(ascending);

      // page 2: a crawlable link; page 1 has no page parameter
      const pagination = page.getByRole("navigation", { name: "Pagination" });
      expect(await pagination.getByRole("link", { name: "Page 1", exact: true }).getAttribute("href")).not.toContain("page=");
      await pagination.getByRole("link", { name: "Page 2", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("page") === "2" && u.searchParams.get("order") === "price");
      await expect.poll(() => page.locator("main").innerText()).toContain(`Showing ${limit + 1}–`);
      expect(await pagination.getByRole("link", { name: "Page 2", exact: true }).getAttribute("aria-current")).toBe("page");
      await expect.poll(async () => isSorted(await tilePrices(page), -1)).toBe(true);

      // a page past the end moves to the last page
      const last = Math.ceil(all.product_count / limit);
      await page.goto(`${path}?page=${last + 5}`);
      await page.waitForURL((u) => u.searchParams.get("page") === (last > 1 ? String(last) : null));

      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("narrows a listing to the products in stock from the filter panel", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/catalog");
      const all = await apiJson<Listing>(page, "/categories/default-category?limit=1");
      const availability = all.filters.find((f) => f.attribute === "availability");
      expect(availability?.label).toBe("Availability");
      const inStock = availability!.values.find((v) => v.value === "in_stock")!;
      // the demo store has products out of stock: the filter narrows the listing
      expect(inStock.product_count).toBeLessThan(all.product_count);
      await expect.poll(() => shownCount(page)).toBe(all.product_count);
      const panel = page.locator("#filters");
      await panel.getByRole("checkbox", { name: `In Stock (${inStock.product_count})` }).check();
      await page.waitForURL((u) => u.searchParams.get("availability") === "in_stock");
      await expect.poll(() => shownCount(page)).toBe(inStock.product_count);
      const listed = await apiJson<Listing>(page, "/categories/default-category?embed=products&limit=1&filter[0][attribute]=availability&filter[0][in]=in_stock");
      expect(listed.product_count).toBe(inStock.product_count);
      expect(await page.getByRole("link", { name: "Remove filter Availability: In Stock" }).isVisible()).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("switches between grid and list, each with its configured page size", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/catalog");
      const config = await apiJson<Config>(page, "/config");
      const group = page.getByRole("group", { name: "View products as" });
      await group.waitFor();
      expect(await group.getByRole("link", { name: "Grid" }).getAttribute("aria-current")).toBe("true");
      expect(await tiles(page).count()).toBe(config.grid_product_limit);
      const gridWidth = await page.locator("main article[data-product-id]").first().evaluate((el) => el.getBoundingClientRect().width);

      await group.getByRole("link", { name: "List" }).click();
      await page.waitForURL((u) => u.searchParams.get("mode") === "list");
      await expect.poll(() => page.locator("main ul[data-mode]").getAttribute("data-mode")).toBe("list");
      expect(await group.getByRole("link", { name: "List" }).getAttribute("aria-current")).toBe("true");
      expect(await tiles(page).count()).toBe(config.list_product_limit);
      const listWidth = await page.locator("main article[data-product-id]").first().evaluate((el) => el.getBoundingClientRect().width);
      expect(listWidth).toBeGreaterThan(gridWidth * 1.5);

      await group.getByRole("link", { name: "Grid" }).click();
      await page.waitForURL((u) => u.searchParams.get("mode") === "grid");
      await expect.poll(() => tiles(page).count()).toBe(config.grid_product_limit);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("hydrates only a card's actions: its picture and details stay as the server wrote them, follow a sort on the client and navigate on the client", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const { key, path, limit } = await categoryWithPages(page);
      await page.goto(path);
      const first = tiles(page).first();
      const hydrated = (selector: string) => isHydrated(first.locator(selector).first());
      await expect.poll(() => hydrated("button[data-wishlist-toggle]")).toBe(true);
      expect(await hydrated("h3 a")).toBe(false);
      expect(await hydrated("img")).toBe(false);
      // each tile holds its live buttons once, none of the disabled ones written before them
      expect(await first.locator("button[data-wishlist-toggle]").count()).toBe(1);
      expect(await tiles(page).locator("button[disabled]").count()).toBe(0);

      // sorted on the client, each card shows its new product, drawn once
      const descending = await apiJson<Listing>(page, `/categories/${enc(key)}?embed=products&limit=${limit}&order=price&dir=desc`);
      const names = descending.products!.map((p) => p.name);
      expect(names.length).toBe(limit);
      await page.evaluate(() => { (window as unknown as { sameDocument: boolean }).sameDocument = true; });
      await page.getByLabel("Sort by").selectOption({ label: "Price: High to Low" });
      await page.waitForURL((u) => u.searchParams.get("dir") === "desc");
      await expect.poll(() => tiles(page).evaluateAll((cards) => cards.map((c) => c.querySelector("h3 a")?.textContent))).toEqual(names);
      expect(await tiles(page).evaluateAll((cards) => cards.map((c) => c.querySelectorAll("h3, a").length))).toEqual(names.map(() => 3));

      // a product's name is a plain link that navigates on the client (the same document)
      await tiles(page).first().locator("h3 a").click();
      await page.waitForURL((u) => u.pathname === `/product/${descending.products![0].url_key}`);
      await page.getByRole("heading", { level: 1, name: names[0] }).waitFor();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a listing document carries its cards, filters, menu panels and structured data once; after a filter and Back they are drawn again, the shopper's open sections and focus kept", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const { key, path, limit } = await categoryWithPages(page);
      const all = await apiJson<Listing>(page, `/categories/${enc(key)}?limit=${limit}`);
      // the document: the markup is in its HTML, and its RSC payload holds none of it
      const html = await (await page.request.get(path)).text();
      const payload = [...html.matchAll(/self\.__next_f\.push\(\[1,"((?:[^"\\]|\\.)*)"\]\)/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join("");
      expect(payload.length).toBeGreaterThan(1000);
      const { filter, values } = pickTwoValues(all.filters);
      for (const markup of ['data-nimg="1"', 'data-depth="2"', '"@context"', 'type="checkbox"', `>${values[0].display_name}<`]) {
        expect(html.includes(markup), markup).toBe(true);
        expect(payload.includes(markup), markup).toBe(false);
      }
      expect(payload).not.toContain(`"display_name":"${values[0].display_name}"`);

      await page.goto(path);
      await expect.poll(() => isHydrated(tiles(page).first().locator("button[data-wishlist-toggle]").first())).toBe(true);
      const cards = () => tiles(page).evaluateAll((list) => list.map((c) => `${c.querySelector("h3 a")?.textContent}|${c.querySelector("img")?.getAttribute("src") ?? ""}`));
      const first = await cards();
      expect(first.length).toBe(Math.min(limit, all.product_count));
      const panel = page.locator("#filters");
      const facets = await panel.locator("details[data-facet]").evaluateAll((list) => list.map((d) => d.getAttribute("data-facet")));
      expect(facets.length).toBeGreaterThan(0);

      // a section opened by the shopper, a value checked from the keyboard: both still so in the new panel
      const closed = await panel.locator("details[data-facet]:not([open])").first().getAttribute("data-facet");
      if (closed) await panel.locator(`details[data-facet="${closed}"] > summary`).click();
      const box = panel.getByRole("checkbox", { name: new RegExp(`^${escapeRe(values[0].display_name)} \\(`) });
      await box.focus();
      await page.keyboard.press("Space");
      await page.waitForURL((u) => u.searchParams.get(filter.attribute) === values[0].value);
      await expect.poll(() => cards()).not.toEqual(first);
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe(values[0].value);
      expect(await box.isChecked()).toBe(true);
      if (closed) expect(await panel.locator(`details[data-facet="${closed}"]`).evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

      // Back: the first page drawn again from what the browser kept of it
      await page.goBack();
      await page.waitForURL((u) => !u.searchParams.has(filter.attribute));
      await expect.poll(() => cards()).toEqual(first);
      expect(await panel.locator("details[data-facet]").evaluateAll((list) => list.map((d) => d.getAttribute("data-facet")))).toEqual(facets);
      expect(await box.isChecked()).toBe(false);
      // to a product and back: the listing drawn anew from the first document's payload
      await tiles(page).first().locator("h3 a").click();
      await page.waitForURL((u) => u.pathname.startsWith("/product/"));
      await page.getByRole("heading", { level: 1 }).waitFor();
      await page.goBack();
      await page.waitForURL((u) => u.pathname === path);
      await expect.poll(() => cards()).toEqual(first);
      expect(await panel.locator("details[data-facet]").count()).toBe(facets.length);
      // the menu's panels still hold their links
      expect(await page.locator("#main-menu a").count()).toBeGreaterThan(await page.locator("#main-menu > ul > li").count());
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("opens the filters in a side drawer on a phone; Escape closes it", async () => {
    const { page, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto("/catalog");
      const toggle = page.getByRole("link", { name: /^Filters/ });
      await toggle.waitFor();
      expect(await page.locator("#filters").isVisible()).toBe(false);
      await toggle.click();
      const dialog = page.getByRole("dialog", { name: "Filters" });
      await dialog.waitFor();
      expect(await dialog.getAttribute("aria-modal")).toBe("true");
      // focus is inside the drawer and stays there
      expect(await page.evaluate(() => document.getElementById("filters")?.contains(document.activeElement))).toBe(true);
      for (let i = 0; i < 3; i += 1) await page.keyboard.press("Shift+Tab");
      expect(await page.evaluate(() => document.getElementById("filters")?.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("filters-toggle");
    } finally {
      await close();
    }
  });
});

describe("search", () => {
  it("finds products for a misspelt term and logs the query", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const logged = page.waitForResponse((r) => r.url().endsWith("/api/rest/elasticsearch/log/query") && r.request().method() === "PUT");
      const response = await page.goto("/search/refridgerator");
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1 }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toContain("refridgerator");
      await page.locator("[data-product-count]").first().waitFor();
      const count = await shownCount(page);
      expect(count).toBeGreaterThan(0);
      const names = await page.locator("main article[data-product-id] h3").allInnerTexts();
      expect(names.length).toBeGreaterThan(0);
      expect(names.some((n) => /refrigerator/i.test(n))).toBe(true);

      const log = await logged;
      expect(log.status()).toBe(200);
      expect(log.request().headers()["x-csrf-token"]).toBeTruthy();
      expect(log.request().postDataJSON()).toEqual({ query: "refridgerator", result_size: count });
      expect(typeof (await log.json()).history_id).toBe("string");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("picks a product suggestion in the header search with the keyboard", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const prefix = "fren";
      const suggestions = await apiJson<Suggestions>(page, `/search/${prefix}/autocomplete`);
      expect(suggestions.products.length).toBeGreaterThan(0);

      const box = page.getByRole("combobox", { name: "Search products" });
      await box.click();
      await box.pressSequentially(prefix, { delay: 30 });
      const listbox = page.getByRole("listbox", { name: "Search suggestions" });
      await listbox.waitFor();
      expect(await box.getAttribute("aria-expanded")).toBe("true");
      const products = listbox.getByRole("group", { name: "Products" }).getByRole("option");
      await expect.poll(() => products.count()).toBe(Math.min(4, suggestions.products.length));
      const firstProduct = await products.first().getAttribute("id");

      // arrow down through searches and categories to the first product
      for (let i = 0; i < 20; i += 1) {
        await box.press("ArrowDown");
        if ((await box.getAttribute("aria-activedescendant")) === firstProduct) break;
      }
      expect(await box.getAttribute("aria-activedescendant")).toBe(firstProduct);
      expect(await products.first().getAttribute("aria-selected")).toBe("true");
      const name = await products.first().innerText();
      const chosen = suggestions.products.find((p) => name.includes(p.name)) ?? suggestions.products[0];
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === `/product/${chosen.url_key}`);

      // Escape closes the list; Enter on the plain term goes to its results page
      await page.goto("/");
      await box.fill("dishwasher");
      await listbox.waitFor();
      await box.press("Escape");
      await listbox.waitFor({ state: "hidden" });
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === "/search/dishwasher");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("errors", () => {
  it("shows the catalogue and search error texts when the api answers 5xx", async () => {
    // listings and searches fail; everything else reaches the real api
    const shop = await startFailingStorefront(apiUrl, ({ path }) => /^\/api\/rest\/(categories\/|search\/)/.test(path));
    const { page, close } = await openPage(browser, shop.baseUrl, DESKTOP);
    try {
      await page.goto("/catalog");
      await page.getByRole("alert").first().waitFor();
      expect(await page.getByRole("alert").filter({ hasText: "There was an error fetching products." }).innerText())
        .toBe("There was an error fetching products.");
      await page.goto("/search/refrigerator");
      await page.getByRole("heading", { level: 1 }).filter({ hasText: "refrigerator" }).waitFor();
      expect(await page.getByRole("alert").filter({ hasText: "There was an error fetching products." }).innerText())
        .toBe("There was an error fetching products. Please try again later.");
    } finally {
      await close();
      await shop.stop();
    }
  });
});

function isSorted(values: number[], direction: 1 | -1): boolean {
  if (values.length < 2) return false;
  return values.every((v, i) => i === 0 || (v - values[i - 1]) * direction >= 0);
}

function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
