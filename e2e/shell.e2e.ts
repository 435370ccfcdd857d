/**
 * Shell journeys (spec 000 §2, §3, §5): what a shopper sees of the site configuration, the menu,
 * CMS pages, the error page and unknown pages. Data expectations are read through the storefront's
 * own /api/rest (the browser's only backend), so they also prove that rewrite.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, freePort, isHydrated, launchBrowser, openPage, startExtraStorefront, apiFromPage } from "./harness";

interface Config { name: string; phone: string; title_prefix: string; title_suffix: string; logo_src: string; logo_alt: string; favicon: string }
interface Category { entity_id: string; parent_id: string; url_key: string; name: string; include_in_menu: string; position: string }
interface CmsPage { identifier: string; title: string; content_heading: string }

const baseUrl = inject("baseUrl");
const apiUrl = inject("apiUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/** The top-level menu categories the spec's rule gives: shown, under root '2', by numeric position. */
function topLevelCategories(categories: Category[]): Category[] {
  return categories
    .filter((c) => c.parent_id === "2" && c.include_in_menu === "1")
    .sort((a, b) => Number(a.position) - Number(b.position));
}

describe("home page", () => {
  it("shows the configured store in the header, the category menu and the footer", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const response = await page.goto("/");
      expect(response?.status()).toBe(200);

      const config = await apiFromPage<Config>(page, "/config");
      expect(config.status).toBe(200);
      expect(config.body.name.length).toBeGreaterThan(0);

      // the header's home link is named after the store: its logo (and alt text) or, without a logo, the name as text
      const header = page.getByRole("banner");
      const homeLink = header.getByRole("link", { name: config.body.name }).first();
      expect(await homeLink.getAttribute("href")).toBe("/");
      if (!config.body.logo_src) expect(await homeLink.innerText()).toContain(config.body.name);
      if (config.body.logo_src) {
        const logo = homeLink.locator("img");
        expect(await logo.isVisible()).toBe(true);
        expect(await logo.getAttribute("alt")).toBe(config.body.logo_alt || config.body.name);
        expect(await logo.getAttribute("width")).toMatch(/^\d+$/);
        expect(await logo.getAttribute("height")).toMatch(/^\d+$/);
        expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }
      if (config.body.phone) {
        const phone = header.locator('a[href^="tel:"]');
        expect(await phone.innerText()).toContain(config.body.phone);
      }

      const categories = await apiFromPage<Category[]>(page, "/categories");
      const top = topLevelCategories(categories.body);
      expect(top.length).toBeGreaterThan(0);
      const menu = page.getByRole("navigation", { name: "Main" });
      const first = menu.getByRole("link", { name: top[0]!.name, exact: true }).first();
      expect(await first.isVisible()).toBe(true);
      expect(await first.getAttribute("href")).toBe(`/catalog/${top[0]!.url_key}`);

      // every shown top-level category in position order; hidden ones are left out
      const topLinks = await menu.locator(":scope > ul > li").evaluateAll((items) => items.map((li) => li.querySelector("a")?.getAttribute("href")));
      const categoryLinks = topLinks.filter((href) => href?.startsWith("/catalog/"));
      expect(categoryLinks).toEqual(top.map((c) => `/catalog/${c.url_key}`));
      const hidden = categories.body.filter((c) => c.parent_id === "2" && c.include_in_menu !== "1");
      for (const c of hidden) expect(topLinks).not.toContain(`/catalog/${c.url_key}`);

      const footer = page.getByRole("contentinfo");
      // drawn once it comes near the screen (content-visibility), in the next frame: read as the shopper who got there sees it
      await footer.scrollIntoViewIfNeeded();
      await expect.poll(() => footer.innerText()).toContain(`© ${new Date().getFullYear()} ${config.body.name}`);
      // the accessibility contact note: read by screen readers, not shown on screen
      if (/^\+?1?[-\s.]?\(?\d{3}\)?[-\s.]?\d{3}[-\s.]?\d{4}$/.test(config.body.phone.trim())) {
        const note = footer.locator("address");
        const noteText = await note.textContent();
        expect(noteText).toContain("Standard carrier rates apply to texts.");
        expect(noteText?.replace(/\D/g, "")).toContain(config.body.phone.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, ""));
        expect(await note.evaluate((el) => el.getBoundingClientRect().width <= 1 && getComputedStyle(el).position === "absolute")).toBe(true);
      }

      // structured data of the home page is embedded for search engines
      const home = await apiFromPage<{ structured_data: string }>(page, "/pages/home");
      if (home.status === 200 && home.body.structured_data) {
        const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
        expect(blocks.map((b) => JSON.parse(b))).toContainEqual(JSON.parse(home.body.structured_data));
      }

      // the configured favicon is linked and served
      const icon = await page.locator('link[rel="icon"]').first().getAttribute("href");
      expect(icon).toBeTruthy();
      const iconResponse = await page.request.get(icon!);
      expect(iconResponse.status()).toBe(200);

      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("shows the content blocks above and below the header and in the footer", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const where = { "header-before": "before", "header-after-global-promotions": "after", footer: "footer" } as const;
      for (const [identifier, place] of Object.entries(where)) {
        const block = await apiFromPage<{ content: string }>(page, `/blocks/${identifier}`);
        expect(block.status).toBe(200);
        // the first piece of text the editors wrote in the block
        const text = await page.evaluate((html) => {
          const doc = new DOMParser().parseFromString(html, "text/html");
          const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const t = (node.textContent ?? "").replace(/\s+/g, " ").trim();
            if (t.length >= 3) return t;
          }
          return "";
        }, block.body.content);
        if (!text) continue;
        const shown = page.getByText(text, { exact: false }).first();
        expect(await shown.isVisible()).toBe(true);
        const position = await shown.evaluate((el, p) => {
          if (p === "footer") return Boolean(el.closest("footer"));
          const header = document.querySelector("header")!;
          const relation = header.compareDocumentPosition(el);
          return p === "before" ? Boolean(relation & Node.DOCUMENT_POSITION_PRECEDING) : Boolean(relation & Node.DOCUMENT_POSITION_FOLLOWING) && !header.contains(el);
        }, place);
        expect(position, `${identifier} block is ${place} the header`).toBe(true);
      }
    } finally {
      await close();
    }
  });

  it("opens a category's sub-menu on keyboard focus and closes it with Escape", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const categories = (await apiFromPage<Category[]>(page, "/categories")).body;
      const parent = topLevelCategories(categories).find((c) => categories.some((k) => k.parent_id === c.entity_id && k.include_in_menu === "1"));
      expect(parent, "the demo store's menu has a category with sub-categories").toBeDefined();
      const child = categories
        .filter((c) => c.parent_id === parent!.entity_id && c.include_in_menu === "1")
        .sort((a, b) => Number(a.position) - Number(b.position))[0]!;
      const menu = page.getByRole("navigation", { name: "Main" });
      const childLink = menu.locator(`a[href="/catalog/${child.url_key}"]`).first();
      expect(await childLink.isVisible()).toBe(false);
      const parentLink = menu.locator(`a[href="/catalog/${parent!.url_key}"]`).first();
      // the panel opens by CSS alone; Escape closes it once the menu has hydrated (a kept page
      // fetches its scripts after its first paint)
      await expect.poll(() => isHydrated(menu)).toBe(true);
      await parentLink.focus();
      await expect.poll(() => childLink.isVisible()).toBe(true);
      await page.keyboard.press("Tab"); // into the panel
      await page.keyboard.press("Escape");
      await expect.poll(() => childLink.isVisible()).toBe(false);
      expect(await parentLink.evaluate((a) => a === document.activeElement)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe("images", () => {
  it("optimises api media through the storefront's /_next/image", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const home = await apiFromPage<{ content: string }>(page, "/pages/home");
      const config = await apiFromPage<Config>(page, "/config");
      const candidates = [...home.body.content.matchAll(/src="(\/media\/[^"?]+\.(?:png|jpe?g|webp))"/g)].map((m) => m[1]!);
      if (/\.(png|jpe?g|webp)$/.test(config.body.logo_src)) candidates.unshift(config.body.logo_src);
      expect(candidates.length, "a raster image under /media to optimise").toBeGreaterThan(0);
      const src = candidates[0]!;
      const original = await page.request.get(src);
      expect(original.status()).toBe(200);
      const optimised = await page.request.get(`/_next/image?url=${encodeURIComponent(src)}&w=640&q=75`, { headers: { accept: "image/webp,image/*" } });
      expect(optimised.status()).toBe(200);
      expect(optimised.headers()["content-type"]).toBe("image/webp");
      // widths outside the spec's device and image sizes are refused
      expect((await page.request.get(`/_next/image?url=${encodeURIComponent(src)}&w=641&q=75`)).status()).toBe(400);
      // the editor content's own pictures are shown through the optimiser too, never as the stored file
      const editorImages = page.locator("main .cms-content img");
      expect(await editorImages.count(), "pictures in the home page's editor content").toBeGreaterThan(0);
      expect(await page.locator("main .cms-content img[src^='/media/']").count()).toBe(0);
      const hero = editorImages.first();
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc)).toContain("/_next/image?url=%2Fmedia%2F");
    } finally {
      await close();
    }
  });
});

describe("keyboard and small screens", () => {
  it("reaches the skip link with the first Tab and jumps to the main content", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => ({ text: document.activeElement?.textContent, href: document.activeElement?.getAttribute("href") }));
      expect(focused).toEqual({ text: "Skip to main content", href: "#main-content" });
      expect(await page.getByRole("link", { name: "Skip to main content" }).isVisible()).toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#main-content");
      // focus lands on the main content, so the next Tab continues from there rather than the menu
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main-content");
    } finally {
      await close();
    }
  });

  it("opens the menu from the menu button on a phone", async () => {
    const { page, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto("/");
      const categories = (await apiFromPage<Category[]>(page, "/categories")).body;
      const first = topLevelCategories(categories)[0]!;
      const button = page.getByRole("button", { name: "Menu", exact: true });
      const link = page.getByRole("navigation", { name: "Main" }).locator(`a[href="/catalog/${first.url_key}"]`).first();
      expect(await button.getAttribute("aria-expanded")).toBe("false");
      expect(await link.isVisible()).toBe(false);
      await button.click();
      await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
      expect(await link.isVisible()).toBe(true);
      // sub-menus stay folded until their button opens them
      const child = categories
        .filter((c) => c.parent_id === first.entity_id && c.include_in_menu === "1")
        .sort((a, b) => Number(a.position) - Number(b.position))[0];
      if (child) {
        const childLink = page.getByRole("navigation", { name: "Main" }).locator(`a[href="/catalog/${child.url_key}"]`).first();
        expect(await childLink.isVisible()).toBe(false);
        const expander = page.getByRole("button", { name: `Show ${first.name} sub-menu` });
        await expander.click();
        await expect.poll(() => childLink.isVisible()).toBe(true);
        expect(await page.getByRole("button", { name: `Hide ${first.name} sub-menu` }).getAttribute("aria-expanded")).toBe("true");
        // Escape folds the open sub-menu first, then closes the menu
        await page.keyboard.press("Escape");
        await expect.poll(() => childLink.isVisible()).toBe(false);
        expect(await button.getAttribute("aria-expanded")).toBe("true");
      }
      await page.keyboard.press("Escape");
      await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
      expect(await button.evaluate((b) => b === document.activeElement)).toBe(true);
    } finally {
      await close();
    }
  });
});

describe("CMS pages", () => {
  it("renders a page by identifier with the configured title around its own", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const response = await page.goto("/about-us");
      expect(response?.status()).toBe(200);
      const [config, cms] = await Promise.all([apiFromPage<Config>(page, "/config"), apiFromPage<CmsPage>(page, "/pages/about-us")]);
      expect(cms.status).toBe(200);
      const heading = cms.body.content_heading || cms.body.title;
      expect((await page.getByRole("heading", { level: 1 }).innerText()).trim()).toBe(heading);
      expect(await page.title()).toBe(`${config.body.title_prefix}${cms.body.title}${config.body.title_suffix}`);
      if (config.body.title_suffix) expect((await page.title()).endsWith(config.body.title_suffix)).toBe(true);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("answers an unknown page with HTTP 404 and a helpful page", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const response = await page.goto("/no-such-page-exists-here");
      expect(response?.status()).toBe(404);
      expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Sorry, we can't find that page.");
      expect(await page.locator("main").getByRole("search", { name: "Search the store" }).count()).toBe(1);
      expect(await page.locator("main").getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
      // still inside the store's shell
      expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(1);
      expect(await page.locator('meta[name="robots"]').first().getAttribute("content")).toContain("noindex");
    } finally {
      await close();
    }
  });

  /** Without scripts, what the server sent for each unknown address is the whole 404 page (Next alone sends an empty document). */
  async function expectServerDrawn404(shopUrl: string) {
    const bare = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false, baseURL: shopUrl });
    try {
      const page = await bare.newPage();
      for (const path of ["/no-such-page-exists-here", "/product/no-such-product-here", "/catalog/no-such-category-here"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        expect(await page.getByRole("heading", { level: 1 }).innerText(), path).toBe("Sorry, we can't find that page.");
        expect(await page.title(), path).toMatch(/^Page not found/);
        expect(await page.getByRole("navigation", { name: "Main" }).count(), path).toBe(1);
      }
    } finally {
      await bare.close();
    }
  }

  it("draws the 404 page on the server: readable without scripts, at the address asked for, and a working page once hydrated", async () => {
    await expectServerDrawn404(baseUrl);
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/product/no-such-product-here");
      const home = page.locator("main").getByRole("link", { name: "Go to the home page" });
      await expect.poll(() => isHydrated(home)).toBe(true);
      expect(new URL(page.url()).pathname).toBe("/product/no-such-product-here");
      await home.click();
      await page.waitForURL((u) => u.pathname === "/");
      await page.locator("main").waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("draws the 404 page on the server with the page cache off too", async () => {
    const shop = await startExtraStorefront(apiUrl, "/", { STOREFRONT_PAGE_CACHE: "off" });
    try {
      await expectServerDrawn404(shop.baseUrl);
    } finally {
      await shop.stop();
    }
  });
});

describe("error page", () => {
  it("shows the spec's texts, the page address, a time stamp and the two ways out", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const response = await page.goto("/_test/render-error");
      expect(response?.status()).toBe(500);
      const main = page.locator("main");
      expect(await main.getByRole("heading", { level: 1 }).innerText()).toBe("Oops, something went wrong.");
      expect(await main.innerText()).toContain("If you continue to see this error, please contact us with a screenshot of this page.");
      await expect.poll(() => page.getByTestId("error-url").innerText()).toBe(`${baseUrl}/_test/render-error`);
      expect((await page.getByTestId("error-time").innerText()).trim()).toMatch(/\d{4}/);
      const home = main.getByRole("link", { name: "Home", exact: true });
      const contact = main.getByRole("link", { name: "Contact Us", exact: true });
      expect(await home.getAttribute("href")).toBe("/");
      expect(await contact.getAttribute("href")).toBe("/contact");
      await home.click();
      await page.waitForURL(`${baseUrl}/`);
      expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(1);
    } finally {
      await close();
    }
  });

  it("is what shoppers see when the api cannot be reached", async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`; // nothing listens there
    const shop = await startExtraStorefront(nowhere);
    const { page, close } = await openPage(browser, shop.baseUrl, DESKTOP);
    try {
      const response = await page.goto("/about-us");
      expect(response?.status()).toBe(500);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).innerText()).toBe("Oops, something went wrong.");
      expect(await page.locator("body").innerText()).toContain("If you continue to see this error, please contact us with a screenshot of this page.");
      expect(await page.getByRole("link", { name: "Contact Us", exact: true }).getAttribute("href")).toBe("/contact");
      await expect.poll(() => page.getByTestId("error-url").innerText()).toBe(`${shop.baseUrl}/about-us`);
    } finally {
      await close();
      await shop.stop();
    }
  });
});
