/**
 * Category landing journeys (spec 002 §2, §3, §4, §8; spec 000 §4): a landing page's sections in
 * their configured order, a blog post opened from it, the blog itself, promo banners of each kind,
 * and the point-of-sale marketing carousels of a category listing. What the page shows is compared
 * with what the api answers, read through the storefront's own /api/rest.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { DESKTOP, apiJson, isHydrated, launchBrowser, openPage } from "./harness";

interface Landing {
  hero_block: string;
  featured: { title: string; attribute: string; value: string; limit: number };
  banner_type: string;
  blog_post_ids: number[];
  brand_ids: number[];
  custom_block: string;
  section_order: string[];
}
interface Category {
  url_key: string;
  name: string;
  display_mode: string;
  product_count: number;
  landing: Landing | null;
  blocks: Array<{ identifier: string; title: string; content: string }>;
}
interface Product { entity_id: string; name: string }
interface Post { post_id: string; url_key: string; title: string; short_content: string; content: string; author: string }
interface Banner { banner_id: string; types: string[]; css: string; content: string }
interface Config {
  title_suffix: string;
  blog_home: { title: string; meta_description: string };
  available_posm_options: string[];
  catalog_posm_overrides: Record<string, string[]>;
}

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


/** Text of editor HTML as a shopper reads it. */
const textOf = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim();

/** What a shopper reads in an element, whitespace collapsed. */
const shownText = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, " ").trim();

/** Where each landing section starts in the page, by the element that carries it (null when absent). */
async function sectionPositions(page: Page, customTitle: string): Promise<Record<string, number | null>> {
  return page.evaluate((custom) => {
    const all = Array.from(document.querySelectorAll("main *"));
    const at = (el: Element | null | undefined) => (el ? all.indexOf(el) : null);
    const byHeading = (id: string) => document.getElementById(id)?.closest("section");
    return {
      hero: at(document.querySelector('main section[aria-label="Featured"]')),
      featured: at(byHeading("featured-title")),
      banners: at(byHeading("banners-title")),
      blogs: at(byHeading("blogs-title")),
      brands: at(byHeading("brands-title")),
      custom: at(document.querySelector(`main section[aria-label="${CSS.escape(custom)}"]`)),
    };
  }, customTitle);
}

/** The kind of each banner in the promotions section, in order. */
const bannerKinds = (page: Page) =>
  page.locator('section[aria-labelledby="banners-title"] li[data-kind]').evaluateAll((items) => items.map((li) => li.getAttribute("data-kind")));

describe("category landing page", () => {
  it("shows hero, featured products, promo banners, blogs, brands and the custom block in the configured order; a blog link opens the post", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const category = await apiJson<Category>(page, "/categories/appliances?embed=blocks&limit=1");
      expect(category.display_mode).toBe("PAGE");
      const landing = category.landing!;
      expect(landing.section_order).toEqual(["hero", "featured", "banners", "blogs", "brands", "custom"]);
      const hero = category.blocks.find((b) => b.identifier === landing.hero_block)!;
      const custom = category.blocks.find((b) => b.identifier === landing.custom_block)!;
      const featured = await apiJson<{ products: Array<Product & { url_key: string }> }>(page,
        `/dynamic-category/${landing.featured.attribute}/${landing.featured.value}?embed=products&limit=${landing.featured.limit}`);
      expect(featured.products.length).toBeGreaterThan(0);
      const posts = await apiJson<Post[]>(page, `/blog?post_id=${landing.blog_post_ids.join(",")}`);
      expect(posts.length).toBeGreaterThan(0);
      const banners = await apiJson<Banner[]>(page, `/promobanners/bannertype/${landing.banner_type}?category=appliances`);
      expect(banners.length).toBeGreaterThan(0);

      const response = await page.goto("/catalog/appliances");
      expect(response?.status()).toBe(200);
      const sent = await response!.text();
      await page.getByRole("heading", { level: 1, name: category.name }).waitFor();

      // every section is there, in the configured order
      const positions = await sectionPositions(page, custom.title);
      for (const name of landing.section_order) expect(positions[name], name).not.toBeNull();
      const shown = Object.entries(positions).sort((a, b) => a[1]! - b[1]!).map(([name]) => name);
      expect(shown).toEqual(landing.section_order);

      // hero and custom block: the blocks' content
      expect(await shownText(page.locator('main section[aria-label="Featured"]'))).toContain(textOf(hero.content));
      expect(await shownText(page.locator(`main section[aria-label="${custom.title}"]`))).toContain(textOf(custom.content));
      // featured: the special catalogue's products in a carousel under the configured title
      expect(await page.locator("#featured-title").innerText()).toBe(landing.featured.title);
      const carousel = page.locator(`section[aria-roledescription="carousel"][aria-label="${landing.featured.title}"]`);
      // the server draws the first set (five at the widest display) and sends nothing of the rest:
      // they are asked for when the shopper reaches for the carousel
      const ids = () => carousel.locator("article[data-product-id]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));
      expect(featured.products.length).toBeGreaterThan(5);
      expect(await ids()).toEqual(featured.products.slice(0, 5).map((p) => p.entity_id));
      // (a card's link as the HTML and the payload write it; the page's structured data has absolute ones)
      for (const shown of featured.products.slice(0, 5)) expect(sent).toContain(`"/product/${shown.url_key}`);
      for (const later of featured.products.slice(5)) expect(sent).not.toContain(`"/product/${later.url_key}`);
      expect(await carousel.locator('[aria-roledescription="slide"]').count()).toBe(featured.products.length);
      // hydrated, it loads them when the pointer is over it
      await expect.poll(() => isHydrated(carousel)).toBe(true);
      await carousel.hover();
      await expect.poll(ids).toEqual(featured.products.map((p) => p.entity_id));
      // banners, blogs and brands
      expect(await bannerKinds(page)).toHaveLength(banners.length);
      const blogLinks = page.locator('section[aria-labelledby="blogs-title"] h3 a');
      expect(await blogLinks.allInnerTexts()).toEqual(posts.map((p) => p.title));
      const brandLinks = await page.locator('section[aria-labelledby="brands-title"] a').evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(brandLinks.length).toBeGreaterThan(0);
      expect(brandLinks.length).toBeLessThanOrEqual(landing.brand_ids.length);
      for (const href of brandLinks) expect(href).toMatch(/^\/special\/manufacturer\/[a-z0-9-]+$/);
      // a PAGE category lists no products of its own
      expect(await page.locator("main ul[data-mode]").count()).toBe(0);

      // the first post opens on its own page
      const post = posts[0]!;
      await blogLinks.first().click();
      await page.waitForURL((u) => u.pathname === `/blog/${post.url_key}`);
      await page.getByRole("heading", { level: 1, name: post.title }).waitFor();
      const config = await apiJson<Config>(page, "/config");
      await expect.poll(() => page.title()).toBe(`${post.title}${config.title_suffix}`);
      expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(textOf(post.short_content));
      expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");
      const article = page.locator(`article[data-blog-post="${post.url_key}"]`);
      const firstParagraph = /<p>(.*?)<\/p>/.exec(post.content)![1]!;
      expect(await shownText(article)).toContain(textOf(firstParagraph));
      expect(await article.innerText()).toContain(`By ${post.author}`);
      const structured = await page.locator('script[type="application/ld+json"]').evaluateAll((scripts) => scripts.map((s) => JSON.parse(s.textContent ?? "null")));
      expect(structured).toContainEqual(expect.objectContaining({ "@type": "BlogPosting", headline: post.title }));
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("lists the blog's posts, newest first, reached from the menu; an unknown post is a real 404", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const config = await apiJson<Config>(page, "/config");
      const latest = await apiJson<Post[]>(page, "/blog?limit=12");
      const older = await apiJson<Post[]>(page, "/blog?limit=1&page=13");
      expect(latest.length).toBeGreaterThan(1);

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blog", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/blog");
      await page.getByRole("heading", { level: 1, name: config.blog_home.title }).waitFor();
      await expect.poll(() => page.title()).toBe(`${config.blog_home.title}${config.title_suffix}`);
      const titles = await page.getByRole("list", { name: "Posts" }).locator("h2").allInnerTexts();
      expect(titles).toEqual(latest.map((p) => p.title));
      expect(await page.getByRole("link", { name: "Older posts" }).count()).toBe(older.length > 0 ? 1 : 0);

      // a post opens from the list, and leads back to it
      await page.getByRole("link", { name: latest[1]!.title, exact: true }).click();
      await page.waitForURL((u) => u.pathname === `/blog/${latest[1]!.url_key}`);
      await page.getByRole("heading", { level: 1, name: latest[1]!.title }).waitFor();
      await page.getByRole("link", { name: config.blog_home.title }).click();
      await page.waitForURL((u) => u.pathname === "/blog");

      for (const path of ["/blog/no-such-post", "/blog/bad%20key", "/blog?page=999"]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(404);
        await page.getByRole("heading", { level: 1 }).waitFor();
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Sorry, we can't find that page.");
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("a landing page's featured carousel", () => {
  /** The appliances landing page's featured products, as the api answers them. */
  async function featuredOfAppliances(page: Page) {
    await page.goto("/favicon.ico");
    const { featured } = (await apiJson<Category>(page, "/categories/appliances?embed=blocks&limit=1")).landing!;
    const products = (await apiJson<{ products: Product[] }>(page, `/dynamic-category/${featured.attribute}/${featured.value}?embed=products&limit=${featured.limit}`)).products;
    // more than the first set of five the server draws
    expect(products.length).toBeGreaterThan(8);
    return { title: featured.title, ids: products.map((p) => p.entity_id) };
  }
  const cardIds = (carousel: Locator) => carousel.locator("article[data-product-id]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));
  const hydrated = (carousel: Locator) => expect.poll(() => isHydrated(carousel)).toBe(true);

  it("loads its later products when the shopper tabs to its arrows, and the next set shows them", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const featured = await featuredOfAppliances(page);
      await page.goto("/catalog/appliances");
      const carousel = page.locator(`section[aria-roledescription="carousel"][aria-label="${featured.title}"]`);
      await hydrated(carousel);
      expect(await cardIds(carousel)).toEqual(featured.ids.slice(0, 5));
      const next = carousel.getByRole("button", { name: "Show next set of items" });
      await next.focus();
      await expect.poll(() => cardIds(carousel)).toEqual(featured.ids);
      // four to a set at 1280 px: the second set starts at the fifth product
      await page.keyboard.press("Enter");
      const firstShown = () => carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) article').first().getAttribute("data-product-id");
      await expect.poll(firstShown).toBe(featured.ids[4]);
      // disabled during the move, the button keeps the keyboard's focus for the next press
      await expect.poll(() => next.getAttribute("aria-disabled")).toBeNull();
      expect(await next.evaluate((button) => button === document.activeElement)).toBe(true);
      await page.keyboard.press("Enter");
      await expect.poll(firstShown).toBe(featured.ids[8]);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("keeps the first set, with its own count, when the later products cannot be loaded", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const featured = await featuredOfAppliances(page);
      let asked = 0;
      await page.route("**/api/rest/dynamic-category/**", (route) => {
        asked += 1;
        return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ messages: { error: [{ code: 503, message: "Service unavailable" }] } }) });
      });
      await page.goto("/catalog/appliances");
      const carousel = page.locator(`section[aria-roledescription="carousel"][aria-label="${featured.title}"]`);
      const slides = carousel.locator('[aria-roledescription="slide"]');
      await hydrated(carousel);
      expect(await slides.count()).toBe(featured.ids.length);
      expect(asked).toBe(0); // nothing asked before the shopper reaches for it
      await carousel.hover();
      await expect.poll(() => slides.count()).toBe(5);
      expect(asked).toBe(1);
      expect(await cardIds(carousel)).toEqual(featured.ids.slice(0, 5));
      expect(await slides.last().getAttribute("aria-label")).toBe("5 of 5");
      // two sets of four at 1280 px: two dots
      expect(await carousel.getByRole("button", { name: /^Show set \d+ items$/ }).count()).toBe(2);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("promo banners", () => {
  it("render as a link tile, a custom-styled block or plain HTML depending on their types", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const seen = new Set<string>();
      for (const key of ["appliances", "electronics", "furniture"]) {
        const banners = await apiJson<Banner[]>(page, `/promobanners/bannertype/category?category=${key}`);
        expect(banners.length, key).toBeGreaterThan(0);
        const expected = banners.map((b) => (b.types.includes("link_tile") ? "link_tile" : b.types.includes("custom") ? "custom" : "html"));

        await page.goto(`/catalog/${key}`);
        await page.locator("#banners-title").waitFor();
        expect(await bannerKinds(page), key).toEqual(expected);
        const items = page.locator('section[aria-labelledby="banners-title"] li[data-kind]');
        for (const [i, kind] of expected.entries()) {
          seen.add(kind);
          const item = items.nth(i);
          expect(await shownText(item)).toContain(textOf(banners[i]!.content));
          if (kind === "link_tile") {
            // the whole tile is one link
            const tile = item.locator("a.link-tile");
            expect(await tile.getAttribute("href")).toBe(/href="([^"]+)"/.exec(banners[i]!.content)![1]);
            expect(await tile.isVisible()).toBe(true);
          }
          // only a custom banner brings its own css, and it applies
          expect(await item.locator("style").count()).toBe(kind === "custom" ? 1 : 0);
          if (kind === "custom") {
            const [, selector, width] = /^\.([\w-]+)\{border:(\d+px)/.exec(banners[i]!.css)!;
            expect(await item.locator(`.${selector}`).evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe(width);
          }
        }
      }
      expect([...seen].sort()).toEqual(["custom", "html", "link_tile"]);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("point-of-sale marketing", () => {
  it("shows the configured sets' products in carousels after a category listing's first row, and none where nothing is configured", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const config = await apiJson<Config>(page, "/config");
      expect(config.available_posm_options).toEqual([]);
      const [key, sets] = Object.entries(config.catalog_posm_overrides)[0]!;
      expect(sets.length).toBeGreaterThan(0);

      const response = await page.goto(`/catalog/${key}`);
      expect(response?.status()).toBe(200);
      await page.locator("main article[data-product-id]").first().waitFor();
      const carousels = page.locator('main section[aria-roledescription="carousel"]');
      expect(await carousels.count()).toBe(sets.length);
      // after the listing's first row (catalog-layout.e2e.ts measures where): the first tiles' pictures are the page's LCP
      expect(await page.locator("main ul[data-mode] > li > article img").first().getAttribute("fetchpriority")).toBe("high");
      expect(await carousels.first().locator("article img").first().getAttribute("fetchpriority")).toBeNull();
      for (const [i, value] of sets.entries()) {
        // the storefront's call (spec 002 §7: embed=images, limit 100, dir asc), answered the same here
        const posm = await apiJson<{ products: Product[] }>(page, `/dynamic-category/brandsource_point_of_sale_marketing/${value}/products?embed=images&limit=100&dir=asc`);
        expect(posm.products.length, value).toBeGreaterThan(0);
        const carousel = carousels.nth(i);
        expect((await carousel.getAttribute("aria-label"))!.toLowerCase()).toBe(value.replace(/-/g, " "));
        const ids = () => carousel.locator("article[data-product-id]").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-product-id")));
        // the first set is drawn; the rest come when the shopper reaches for the hydrated carousel
        await expect.poll(() => isHydrated(carousel)).toBe(true);
        await carousel.hover();
        await expect.poll(ids).toEqual(posm.products.map((p) => p.entity_id));
        // a carousel with more products than fit pages through them
        const next = carousel.getByRole("button", { name: "Show next set of items" });
        if (await next.count()) {
          const visibleBefore = await carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) article').first().getAttribute("data-product-id");
          await next.click();
          await expect.poll(() => carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) article').first().getAttribute("data-product-id"))
            .not.toBe(visibleBefore);
        }
      }

      // a category without sets of its own shows none
      const other = Object.keys(config.catalog_posm_overrides).includes("freezers") ? "accessories" : "freezers";
      await page.goto(`/catalog/${other}`);
      await page.locator("main article[data-product-id]").first().waitFor();
      expect(await page.locator('main section[aria-roledescription="carousel"]').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
