/**
 * The header of spec 000 §2 on the demo's three stores and in every layout a retailer can choose:
 * the shared demo store (Standard Alta Header), the seeded northwind store (Enterprise Left Align
 * Dual Menu Header: light theme, language switcher, CMS mega menu, bottom notification, mini
 * header) and brightline (CI Condensed Header: filled theme, no wishlist, sticky header blocks),
 * each a stack of its own picked by STORE_CODE; then the remaining layouts (kiosk, enterprisev3,
 * standardv3, condensed) on small stacks seeded with that layout.
 *
 * HEADER_SCREENSHOTS=<folder> saves each layout's header at desktop and phone width.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, apiJson, holdScripts, isHydrated, launchBrowser, openPage, startStack, type Stack } from "./harness";

const DESKTOP_WIDE = { ...DESKTOP, viewport: { width: 1366, height: 900 } };
const SHOTS = process.env.HEADER_SCREENSHOTS;

let browser: Browser;
beforeAll(async () => { browser = await launchBrowser(); });
afterAll(async () => { await browser?.close(); });

interface Config { name: string; logo_alt: string; phone: string }
interface Listing { products?: Array<{ entity_id: string; url_key: string; outlets_count?: number }> }

const banner = (page: Page) => page.getByRole("banner");
const box = async (page: Page, selector: string) => {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not visible`);
  return b;
};
const centreY = (b: { y: number; height: number }) => b.y + b.height / 2;

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  const header = await page.locator("header[data-header-layout]").boundingBox();
  const width = page.viewportSize()!.width;
  const height = Math.min(page.viewportSize()!.height, Math.ceil((header?.y ?? 0) + (header?.height ?? 300) + 60));
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), clip: { x: 0, y: 0, width, height } });
}

/** On a desktop nothing leaves the window: the cart, the last control, is fully inside it. */
async function checkDesktopFits(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const control of await page.locator("header[data-header-layout] :is(button, a, input):visible").all()) {
    const b = await control.boundingBox();
    if (b && b.width > 0) expect(b.x + b.width, await control.evaluate((el) => el.outerHTML.slice(0, 120))).toBeLessThanOrEqual(width - 8);
  }
}

/** What every layout must do on a phone: nothing overflows, the logo stays legible, the menu opens. */
async function checkPhone(page: Page, name: string) {
  await page.goto("/");
  await page.locator("header[data-header-layout]").waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const logo = await box(page, "[data-testid=header-logo]");
  expect(logo.width).toBeGreaterThanOrEqual(120); // the defect was a 40 px sliver of the wordmark
  const img = await page.locator("[data-testid=header-logo] img").boundingBox();
  if (img) expect(img.height).toBeGreaterThanOrEqual(32);
  // decoded with the page: an async-decoded logo held the whole page's first paint back (Logo.tsx)
  expect(await page.locator("[data-testid=header-logo] img").first().getAttribute("decoding")).not.toBe("async");
  // (a row that scrolls sideways, the kiosk's tiles, may hold more than the screen shows)
  for (const control of await page.locator("header[data-header-layout] :is(button, a):visible:not([data-scroll-row] *)").all()) {
    const b = await control.boundingBox();
    if (b) expect(b.x + b.width).toBeLessThanOrEqual(391);
  }
  await screenshot(page, `${name}-phone`);
}

describe("the demo store: Standard Alta Header", () => {
  it("arranges logo, search, My Store, account, phone, lists and cart in one row above a menu bar with panels", async () => {
    const { page, pageErrors, close } = await openPage(browser, inject("baseUrl"), DESKTOP_WIDE);
    try {
      await page.goto("/");
      const header = page.locator("header[data-header-layout]");
      expect(await header.getAttribute("data-header-layout")).toBe("standard");
      const config = await apiJson<Config>(page, "/config");
      expect(await banner(page).getByRole("link", { name: config.logo_alt }).getAttribute("href")).toBe("/");
      const logo = await box(page, "[data-testid=header-logo]");
      for (const part of ["[data-testid=header-cart]", "[data-my-store-toggle]", "[data-testid=header-wishlist]", "[data-testid=header-compare]"]) {
        expect(Math.abs(centreY(await box(page, part)) - centreY(logo))).toBeLessThan(12);
      }
      const menu = page.getByRole("navigation", { name: "Main" });
      expect(centreY(await menu.boundingBox() as never)).toBeGreaterThan(logo.y + logo.height);
      await checkDesktopFits(page);
      await screenshot(page, "standard-desktop");
      // a category's panel opens on hover after the menu delay (225 ms by default)
      await menu.getByRole("link", { name: "Appliances", exact: true }).hover();
      const panel = menu.getByRole("link", { name: "Shop all Appliances" });
      await expect.poll(() => panel.isVisible(), { timeout: 5_000 }).toBe(true);
      expect(await header.evaluate((el) => getComputedStyle(el).getPropertyValue("--sf-menu-delay").trim())).toBe("225ms");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("names My Store by its visible text", async () => {
    const { page, close } = await openPage(browser, inject("baseUrl"), DESKTOP_WIDE);
    try {
      await page.goto("/");
      const button = page.locator("[data-my-store-toggle]");
      await expect.poll(() => button.innerText(), { timeout: 10_000 }).toMatch(/Choose a store/);
      expect(await button.getAttribute("aria-label")).toBeNull();
      await banner(page).getByRole("button", { name: "My Store Choose a store", exact: true }).waitFor();
    } finally {
      await close();
    }
  });

  it("counts what the shopper puts on the wishlist and the compare list, and leads to both", async () => {
    const { page, pageErrors, close } = await openPage(browser, inject("baseUrl"), DESKTOP_WIDE);
    try {
      await page.goto("/catalog");
      const wishlist = banner(page).getByRole("link", { name: "Wishlist 0 items", exact: true });
      const compare = banner(page).getByRole("link", { name: "Compare 0 items", exact: true });
      await wishlist.waitFor();
      await compare.waitFor();
      await page.locator("main [data-compare-toggle]").first().click();
      await page.locator("main [data-compare-toggle]").nth(1).click();
      await banner(page).getByRole("link", { name: "Compare 2 items", exact: true }).waitFor();
      await page.locator("main button[aria-pressed]", { hasText: "Wishlist" }).first().click();
      await banner(page).getByRole("link", { name: "Wishlist 1 item", exact: true }).waitFor();
      // the counts survive a new page (the lists are kept in the browser for a guest)
      await page.goto("/");
      await banner(page).getByRole("link", { name: "Wishlist 1 item", exact: true }).waitFor();
      await banner(page).getByRole("link", { name: "Compare 2 items", exact: true }).click();
      await page.waitForURL(/\/compare$/);
      await banner(page).getByRole("link", { name: "Wishlist 1 item", exact: true }).click();
      await page.waitForURL(/\/wishlist$/);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("opens a product's open-box items in the Open Box side drawer", async () => {
    const { page, pageErrors, close } = await openPage(browser, inject("baseUrl"), DESKTOP_WIDE);
    try {
      await page.goto("/favicon.ico");
      const listing = await apiJson<Listing>(page, "/categories/default-category?embed=products&limit=100");
      const product = listing.products?.find((p) => (p.outlets_count ?? 0) > 0);
      if (!product) throw new Error("the demo store has no product with open-box items");
      await page.goto(`/product/${product.url_key}`);
      await page.getByTestId("outlet-button").click();
      const drawer = page.getByRole("dialog", { name: /Open Box/ });
      await drawer.waitFor();
      expect(await drawer.getByRole("listitem").count()).toBe(product.outlets_count);
      await page.keyboard.press("Escape");
      await expect.poll(() => drawer.isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("outlet-button");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("skips the configured scripts with pagespeed=true and runs force_reload ones on every page", async () => {
    const { page, close } = await openPage(browser, inject("baseUrl"), DESKTOP_WIDE);
    try {
      await page.goto("/");
      await expect.poll(() => page.evaluate(() => ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event)))
        .toEqual(expect.arrayContaining(["store_init", "page_view"]));
      const views = () => page.evaluate(() => ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter((e) => e.event === "page_view").length);
      const before = await views();
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog", exact: true }).click();
      await page.waitForURL(/\/blog$/);
      await expect.poll(views).toBeGreaterThan(before);
      // a force_reload entry's additional_html comes with it
      expect(await page.locator("[data-purpose=page-view-marker]").count()).toBe(1);

      await page.goto("/?pagespeed=true");
      await page.locator("header[data-header-layout]").waitFor();
      expect(await page.locator("script[data-script-id]").count()).toBe(0);
      expect(await page.evaluate(() => (window as { dataLayer?: unknown[] }).dataLayer)).toBeUndefined();
    } finally {
      await close();
    }
  });

  it("fits a phone with a legible logo", async () => {
    const { page, close } = await openPage(browser, inject("baseUrl"), PHONE);
    try {
      await checkPhone(page, "standard");
      // the small logo (the mark) beside the store's name
      expect(await page.locator("[data-testid=header-logo]").innerText()).toContain("Hearth & Home Outfitters");
      // wishlist and compare move into the menu on a phone
      await page.getByRole("button", { name: "Menu" }).click();
      await page.locator("#menu-panel").getByRole("link", { name: /^Wishlist \d+ items?$/ }).waitFor();
    } finally {
      await close();
    }
  });
});

describe("the northwind store: Enterprise Left Align Dual Menu Header", () => {
  let shop: Stack;
  beforeAll(async () => { shop = await startStack({ seedProducts: 40, apiEnv: { STORE_CODE: "northwind" } }); });
  afterAll(async () => { await shop?.stop(); });

  it("puts the menu items in a top strip and the categories beside the logo, in the store's light theme", async () => {
    const { page, pageErrors, close } = await openPage(browser, shop.baseUrl, DESKTOP_WIDE);
    try {
      await page.goto("/");
      const header = page.locator("header[data-header-layout]");
      expect(await header.getAttribute("data-header-layout")).toBe("enterprise");
      expect(await header.getAttribute("data-header-type")).toBe("light");
      expect(await page.title()).toContain("Northwind Electronics");
      await banner(page).getByRole("link", { name: "Northwind Electronics logo" }).waitFor();
      const secondary = page.getByRole("navigation", { name: "Secondary" });
      await secondary.getByRole("link", { name: "Blog", exact: true }).waitFor();
      const main = page.getByRole("navigation", { name: "Main" });
      expect(await main.getByRole("link", { name: "Blog", exact: true }).count()).toBe(0);
      const logo = await box(page, "[data-testid=header-logo]");
      const categories = await main.getByRole("link", { name: "Appliances", exact: true }).boundingBox();
      expect(Math.abs(centreY(categories!) - centreY(logo))).toBeLessThan(16);
      expect((await secondary.boundingBox())!.y).toBeLessThan(logo.y);
      // feature switches: no My Store here; the wishlist and compare entries are shown
      expect(await page.locator("[data-my-store-toggle]").count()).toBe(0);
      await banner(page).getByRole("link", { name: /^Compare \d+ items?$/ }).waitFor();
      await checkDesktopFits(page);
      await screenshot(page, "enterprise-desktop");
      // the CMS mega-menu content shows in the category's panel, after this store's 150 ms delay
      expect(await header.evaluate((el) => getComputedStyle(el).getPropertyValue("--sf-menu-delay").trim())).toBe("150ms");
      await main.getByRole("link", { name: "Appliances", exact: true }).hover();
      await expect.poll(() => main.getByText("Kitchen package savings").isVisible(), { timeout: 5_000 }).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the language list opened and closed with Escape before the page hydrated stays closed once hydrated", async () => {
    const { page, pageErrors, close } = await openPage(browser, shop.baseUrl, DESKTOP_WIDE);
    try {
      const scripts = await holdScripts(page);
      await page.goto("/catalog/appliances", { waitUntil: "domcontentloaded" });
      const switcher = page.getByTestId("language-switcher");
      const summary = switcher.locator("summary");
      await summary.waitFor();
      expect(await isHydrated(summary)).toBe(false);
      // a disclosure opens without script; Escape closing it is the page's script
      await summary.click();
      expect(await switcher.getAttribute("open")).toBe("");
      await page.keyboard.press("Escape");
      expect(await switcher.getAttribute("open")).toBe("");
      scripts.release();
      await expect.poll(() => switcher.getAttribute("open")).toBeNull();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("switches language to the configured override and shows the bottom notification until dismissed", async () => {
    const { page, close } = await openPage(browser, shop.baseUrl, DESKTOP_WIDE);
    try {
      await page.goto("/catalog/appliances");
      const switcher = page.getByTestId("language-switcher");
      await switcher.locator("summary").click();
      expect(await switcher.getByRole("link", { name: "Français (Canada)" }).getAttribute("href")).toBe("/fr-CA/");
      expect(await switcher.getByRole("link", { name: "English (US)" }).getAttribute("href")).toBe("/catalog/appliances");
      expect(await switcher.getByRole("link", { name: "English (US)" }).getAttribute("aria-current")).toBe("true");
      await page.keyboard.press("Escape");
      // pressed before hydration, Escape is replayed once React holds the switcher
      await expect.poll(() => switcher.getAttribute("open")).toBeNull();

      const notice = page.getByRole("complementary", { name: "Notification" });
      await notice.getByText("Holiday hours:").waitFor();
      await notice.getByRole("button", { name: "Dismiss notification" }).click();
      await expect.poll(() => notice.count()).toBe(0);
      await page.reload();
      await page.locator("header[data-header-layout]").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await page.getByRole("complementary", { name: "Notification" }).count()).toBe(0);
    } finally {
      await close();
    }
  });

  it("closes the language list on Escape by its own handler, without the window's listener (an effect, which under load comes later)", async () => {
    const { page, close } = await openPage(browser, shop.baseUrl, DESKTOP_WIDE);
    try {
      await page.goto("/catalog/appliances");
      const switcher = page.getByTestId("language-switcher");
      await expect.poll(() => isHydrated(switcher)).toBe(true);
      await switcher.locator("summary").click();
      expect(await switcher.getAttribute("open")).toBe("");
      // React listens on the document: stopped there, the key never reaches the window
      await page.evaluate(() => document.addEventListener("keydown", (event) => event.stopPropagation()));
      await page.keyboard.press("Escape");
      await expect.poll(() => switcher.getAttribute("open")).toBeNull();
      expect(await switcher.locator("summary").evaluate((summary) => summary === document.activeElement)).toBe(true);
    } finally {
      await close();
    }
  });

  it("shows the mini header once the header has scrolled away (desktop), and keeps the promotion strip sticky", async () => {
    const { page, close } = await openPage(browser, shop.baseUrl, DESKTOP_WIDE);
    try {
      await page.goto("/catalog/appliances");
      const mini = page.getByTestId("mini-header");
      expect(await mini.getAttribute("data-active")).toBeNull();
      // the bar is the script's: scrolled once the page is interactive (a kept page's scripts come
      // after its first paint, which a loaded page under load has not always made yet, and a wheel
      // before any frame scrolls nothing)
      await expect.poll(() => isHydrated(mini), { timeout: 15_000 }).toBe(true);
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => mini.getAttribute("data-active")).not.toBeNull();
      await expect.poll(async () => (await mini.boundingBox())?.y).toBe(0);
      // sticky_header_after: the block below the header stays in view
      const after = page.getByRole("complementary", { name: "Promotions" });
      await expect.poll(async () => (await after.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    } finally {
      await close();
    }
  });

  it("fits a phone", async () => {
    const { page, close } = await openPage(browser, shop.baseUrl, PHONE);
    try {
      await checkPhone(page, "enterprise");
      // hide_mobile_header_before: the announcement strip is hidden on phones
      expect(await page.getByRole("complementary", { name: "Announcements" }).isVisible()).toBe(false);
    } finally {
      await close();
    }
  });
});

describe("the brightline store: CI Condensed Header", () => {
  let shop: Stack;
  beforeAll(async () => { shop = await startStack({ seedProducts: 40, apiEnv: { STORE_CODE: "brightline" } }); });
  afterAll(async () => { await shop?.stop(); });

  it("puts logo, top-level categories, search and controls in one row of the filled theme, without a wishlist", async () => {
    const { page, pageErrors, close } = await openPage(browser, shop.baseUrl, DESKTOP_WIDE);
    try {
      await page.goto("/");
      const header = page.locator("header[data-header-layout]");
      expect(await header.getAttribute("data-header-layout")).toBe("ci");
      expect(await header.getAttribute("data-header-type")).toBe("filled");
      await banner(page).getByRole("link", { name: "Brightline Appliance Outlet logo" }).waitFor();
      const logo = await box(page, "[data-testid=header-logo]");
      const main = page.getByRole("navigation", { name: "Main" });
      const appliances = main.getByRole("link", { name: "Appliances", exact: true });
      expect(Math.abs(centreY((await appliances.boundingBox())!) - centreY(logo))).toBeLessThan(16);
      expect(Math.abs(centreY(await box(page, "header [role=combobox], header input")) - centreY(logo))).toBeLessThan(16);
      // top level only: no panels, no sub-menu buttons
      expect(await main.getByRole("link", { name: /^Shop all / }).count()).toBe(0);
      // feature switch: no wishlist in this store
      expect(await page.getByTestId("header-wishlist").count()).toBe(0);
      await banner(page).getByRole("link", { name: /^Compare \d+ items?$/ }).waitFor();
      // sticky_both: the header and its blocks stay at the top
      await page.mouse.wheel(0, 1200);
      await expect.poll(async () => (await page.locator("[data-sticky]").boundingBox())?.y).toBe(0);
      await page.goto("/");
      await checkDesktopFits(page);
      await screenshot(page, "ci-desktop");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("fits a phone", async () => {
    const { page, close } = await openPage(browser, shop.baseUrl, PHONE);
    try {
      await checkPhone(page, "ci");
      expect(await page.getByRole("complementary", { name: "Announcements" }).isVisible()).toBe(false);
      expect(await page.getByRole("complementary", { name: "Promotions" }).isVisible()).toBe(false);
    } finally {
      await close();
    }
  });
});

/** The other layouts, each on a small stack of the demo store seeded with it. */
const OTHER_LAYOUTS: Array<{ configured: string; layout: string; check(page: Page): Promise<void> }> = [
  {
    configured: "Kiosk Menu With Icons Header", layout: "kiosk",
    async check(page) {
      const tiles = page.getByRole("navigation", { name: "Main" }).getByRole("link");
      expect(await tiles.count()).toBeGreaterThanOrEqual(3);
      expect((await tiles.first().boundingBox())!.height).toBeGreaterThanOrEqual(88);
      // each demo category tile shows its drawn icon (loaded, not a broken image) beside its name
      const icons = page.getByRole("navigation", { name: "Main" }).locator("a img[src^='/media/icon/']");
      expect(await icons.count()).toBe(await tiles.count());
      await expect.poll(() => icons.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 64))).toBe(true);
      // an in-store device: no account, phone or personal lists
      expect(await page.getByTestId("header-account").count()).toBe(0);
      expect(await page.getByTestId("header-wishlist").count()).toBe(0);
      expect(await banner(page).locator("a[href^='tel:']").count()).toBe(0);
    },
  },
  {
    configured: "Enterprise v3", layout: "enterprisev3",
    async check(page) {
      const logo = await box(page, "[data-testid=header-logo]");
      expect(Math.abs(logo.x + logo.width / 2 - 683)).toBeLessThan(40); // centred
      expect((await box(page, "header input")).x).toBeLessThan(logo.x); // search on the left
      expect((await box(page, "[data-testid=header-cart]")).x).toBeGreaterThan(logo.x + logo.width);
      const main = page.getByRole("navigation", { name: "Main" });
      expect((await main.boundingBox())!.y).toBeGreaterThan(logo.y + logo.height);
      await page.getByRole("navigation", { name: "Secondary" }).getByRole("link", { name: "Blog", exact: true }).waitFor();
    },
  },
  {
    configured: "Standard v3", layout: "standardv3",
    async check(page) {
      const logo = await box(page, "[data-testid=header-logo]");
      // the utility strip above holds the phone and My Store
      expect((await box(page, "header a[href^='tel:']")).y + 10).toBeLessThan(logo.y);
      expect((await box(page, "[data-my-store-toggle]")).y + 10).toBeLessThan(logo.y);
      // icon over label
      const wishlist = page.locator("[data-testid=header-wishlist]:visible");
      expect(await wishlist.evaluate((el) => getComputedStyle(el).flexDirection)).toBe("column");
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop all Appliances" }).count();
    },
  },
  {
    configured: "Standard Header w/Top Level Categories no Children", layout: "condensed",
    async check(page) {
      const main = page.getByRole("navigation", { name: "Main" });
      await main.getByRole("link", { name: "Appliances", exact: true }).waitFor();
      expect(await main.getByRole("link", { name: /^Shop all / }).count()).toBe(0);
      expect(await main.getByRole("link", { name: "Refrigerators", exact: true }).count()).toBe(0);
      const logo = await box(page, "[data-testid=header-logo]");
      expect((await box(page, "header a[href^='tel:']")).y + 10).toBeLessThan(logo.y);
    },
  },
];

describe.each(OTHER_LAYOUTS)("the $configured layout", ({ configured, layout, check }) => {
  let shop: Stack;
  beforeAll(async () => {
    shop = await startStack({ seedProducts: 20, seedConfig: { display_features: { header: { layout: configured, logo_src_small: "/media/logo/hearth-mark.svg" }, outlet_products: { enabled: true } } } });
  });
  afterAll(async () => { await shop?.stop(); });

  it(`renders as ${layout} on a desktop and fits a phone`, async () => {
    const { page, pageErrors, close } = await openPage(browser, shop.baseUrl, DESKTOP_WIDE);
    try {
      await page.goto("/");
      expect(await page.locator("header[data-header-layout]").getAttribute("data-header-layout")).toBe(layout);
      await check(page);
      await checkDesktopFits(page);
      await screenshot(page, `${layout}-desktop`);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
    const phone = await openPage(browser, shop.baseUrl, PHONE);
    try {
      await checkPhone(phone.page, layout);
    } finally {
      await phone.close();
    }
  });
});
