/**
 * My Store and the store locator (spec 002 §2, §4, §8): the My Store control in the site header
 * opens the My Store drawer on any page; stores are found near a ZIP code or the shopper's
 * position, nearest first with their distance; the first store of a fetched list becomes My Store
 * while none is chosen; the shopper's choice follows them to a product's store stock; and the
 * store-locations error shows when the api fails. Compared with what the api answers.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, launchBrowser, openPage, startFailingStorefront, apiJson } from "./harness";

interface StoreLocation { storelocationid: string; store_name: string; distance: number | null }
interface StoreStock extends StoreLocation { qty: number; in_stock: boolean }
interface ListItem { entity_id: string; url_key: string; type_id: string; prices: { poa: boolean } }

const baseUrl = inject("baseUrl");
const apiUrl = inject("apiUrl");
const STORE_LIST_ERROR = "An unexpected error occurred while trying to get a list of available store locations.";
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


const productPath = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;
const distanceText = (distance: number | null) => (distance === null ? "" : `${distance.toFixed(1)} mi`);
const stockText = (entry: StoreStock) => (entry.in_stock && entry.qty > 0 ? `${entry.qty} in stock` : "Out of stock");
const headerButton = (page: Page) => page.getByRole("banner").getByRole("button", { name: /^My Store/ });
const drawer = (page: Page) => page.getByRole("dialog", { name: "My Store" });
/** The store the header names (read out on phones, where only the icon shows). */
const headerStore = (page: Page) => page.getByTestId("header-my-store").innerText();

async function aSimpleProduct(page: Page): Promise<ListItem> {
  const listing = await apiJson<{ products: ListItem[] }>(page, "/categories/default-category?embed=products&limit=50");
  return listing.products.find((p) => p.type_id === "simple" && !p.prices.poa)!;
}

/** The stores the drawer lists, in order: name and distance as shown. */
async function listedStores(page: Page): Promise<string[]> {
  return drawer(page).getByTestId("store-locations").locator(":scope > li p:first-child").allInnerTexts();
}

describe("My Store from the header", () => {
  it("finds stores near a ZIP code, makes the nearest My Store, lets the shopper choose another and keeps it on product pages", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const button = headerButton(page);
      await expect.poll(() => headerStore(page)).toBe("Choose a store");
      expect(await button.getAttribute("aria-haspopup")).toBe("dialog");
      expect(await button.getAttribute("aria-expanded")).toBe("false");
      // closed by default
      expect(await drawer(page).isVisible()).toBe(false);

      // opened with the keyboard; focus goes to the ZIP code
      await button.focus();
      await page.keyboard.press("Enter");
      await drawer(page).waitFor();
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      expect(await drawer(page).evaluate((el) => el.matches(":modal"))).toBe(true);
      const zip = drawer(page).getByLabel("ZIP code", { exact: true });
      expect(await zip.evaluate((el) => el === document.activeElement)).toBe(true);

      const expected = await apiJson<StoreLocation[]>(page, "/locations?zip=90210");
      expect(expected.length).toBeGreaterThan(1);
      await page.keyboard.type("90210-1234");
      await page.keyboard.press("Enter");
      await drawer(page).getByRole("status").filter({ hasText: `${expected.length} stores found, nearest first` }).waitFor();
      expect(await listedStores(page)).toEqual(expected.map((s) => `${s.store_name} · ${distanceText(s.distance)}`));
      const distances = expected.map((s) => s.distance ?? Infinity);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));

      // no store was chosen: the nearest becomes My Store
      const [nearest, second] = expected as [StoreLocation, StoreLocation];
      await drawer(page).getByTestId("my-store").filter({ hasText: nearest.store_name }).waitFor();
      expect(await headerStore(page)).toBe(nearest.store_name);
      const items = drawer(page).getByTestId("store-locations").locator(":scope > li");
      expect(await items.first().getByText("My Store", { exact: true }).isVisible()).toBe(true);

      // choose the second one with the keyboard; focus moves to My Store, which names it
      const choose = drawer(page).getByRole("button", { name: `Set as My Store: ${second.store_name}` });
      await choose.focus();
      await page.keyboard.press("Enter");
      await drawer(page).getByTestId("my-store").filter({ hasText: second.store_name }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("my-store");
      expect(await headerStore(page)).toBe(second.store_name);
      expect(await items.nth(1).getByText("My Store", { exact: true }).isVisible()).toBe(true);
      expect(await drawer(page).getByRole("button", { name: `Set as My Store: ${nearest.store_name}` }).isVisible()).toBe(true);

      // Escape closes it and gives focus back to the header button
      await page.keyboard.press("Escape");
      await drawer(page).waitFor({ state: "hidden" });
      // the dialog's close event, which updates the button, comes a task after the dialog hides
      await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
      await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

      // the choice is My Store on a product page's stock, with that store's stock, also after a reload
      const product = await aSimpleProduct(page);
      await page.goto(productPath(product.url_key));
      const stock = page.getByRole("region", { name: "Check store stock" });
      const mine = await apiJson<{ store_list: StoreStock[] }>(page, `/products/${product.entity_id}/inventory?storelocationid=${second.storelocationid}`);
      await stock.getByText(`My Store: ${second.store_name} — ${stockText(mine.store_list[0]!)}`).waitFor();
      await page.reload();
      await stock.getByText(`My Store: ${second.store_name}`).waitFor();
      expect(await headerStore(page)).toBe(second.store_name);

      // the drawer opens from there too, on the same choice
      await stock.getByRole("button", { name: "Change store" }).click();
      await drawer(page).waitFor();
      expect(await drawer(page).getByTestId("my-store").innerText()).toContain(second.store_name);
      await drawer(page).getByRole("button", { name: "Close store locations" }).click();
      await drawer(page).waitFor({ state: "hidden" });
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("finds the stores nearest the shopper's position on a phone", async () => {
    // near Bellevue, WA
    const position = { latitude: 47.61, longitude: -122.2 };
    const { page, pageErrors, close } = await openPage(browser, baseUrl, { ...PHONE, geolocation: position, permissions: ["geolocation"] });
    try {
      await page.goto("/");
      const button = headerButton(page);
      await expect.poll(() => headerStore(page)).toBe("Choose a store");
      expect(await button.isVisible()).toBe(true);
      await button.click();
      await drawer(page).waitFor();
      const expected = await apiJson<StoreLocation[]>(page, `/locations?lat=${position.latitude}&long=${position.longitude}`);
      await drawer(page).getByRole("button", { name: "Use my location" }).click();
      await drawer(page).getByRole("status").filter({ hasText: `${expected.length} stores found` }).waitFor();
      expect(await listedStores(page)).toEqual(expected.map((s) => `${s.store_name} · ${distanceText(s.distance)}`));
      await drawer(page).getByTestId("my-store").filter({ hasText: expected[0]!.store_name }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("My Store from a product's store stock", () => {
  it("makes the nearest store of a stock search My Store when none is chosen", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const product = await aSimpleProduct(page);
      await page.goto(productPath(product.url_key));
      const stock = page.getByRole("region", { name: "Check store stock" });
      await stock.getByText("No store chosen yet.").waitFor();
      const expected = await apiJson<{ store_list: StoreStock[] }>(page, `/products/${product.entity_id}/inventory?zip=94596`);
      const nearest = expected.store_list[0]!;
      await stock.getByLabel("ZIP code", { exact: true }).fill("94596");
      await stock.getByRole("button", { name: "Check stock" }).click();
      await stock.getByTestId("store-stock-list").waitFor();
      await stock.getByText(`My Store: ${nearest.store_name}`).waitFor();
      expect(await headerStore(page)).toBe(nearest.store_name);
      // the nearest store's entry is marked as My Store instead of offering to set it
      const first = stock.getByTestId("store-stock-list").locator(":scope > li").first();
      expect(await first.getByText("My Store", { exact: true }).isVisible()).toBe(true);
      expect(await first.getByRole("button").count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("errors", () => {
  it("shows the store-locations error when store lists fail", async () => {
    const shop = await startFailingStorefront(apiUrl, ({ path }) => /^\/api\/rest\/(locations|products\/[^/]+\/inventory)(\?|$)/.test(path));
    const { page, close } = await openPage(browser, shop.baseUrl, DESKTOP);
    try {
      await page.goto("/");
      await expect.poll(() => headerStore(page)).toBe("Choose a store");
      await headerButton(page).click();
      await drawer(page).waitFor();
      await drawer(page).getByLabel("ZIP code", { exact: true }).fill("90210");
      await drawer(page).getByRole("button", { name: "Find stores" }).click();
      const alert = drawer(page).getByRole("alert");
      await alert.waitFor();
      expect(await alert.innerText()).toBe(STORE_LIST_ERROR);
      expect(await drawer(page).getByTestId("store-locations").count()).toBe(0);
      expect(shop.failed.some((p) => p.startsWith("/api/rest/locations?zip=90210"))).toBe(true);
      await page.keyboard.press("Escape");
      await drawer(page).waitFor({ state: "hidden" });

      // the same for a product's store stock
      const product = await aSimpleProduct(page);
      await page.goto(productPath(product.url_key));
      const stock = page.getByRole("region", { name: "Check store stock" });
      await stock.getByText("No store chosen yet.").waitFor();
      await stock.getByLabel("ZIP code", { exact: true }).fill("90210");
      await stock.getByRole("button", { name: "Check stock" }).click();
      const stockAlert = stock.getByRole("alert");
      await stockAlert.waitFor();
      expect(await stockAlert.innerText()).toBe(STORE_LIST_ERROR);
      expect(await headerStore(page)).toBe("Choose a store");
    } finally {
      await close();
      await shop.stop();
    }
  });
});
