/**
 * Locales, special pages and SEO (spec 000 §2, §4, §7, §8; issue 11): the unsupported-locale page
 * and its log line, the translation files and their add path, the rendering error's tracking
 * event, the old-browser text, robots.txt and the sitemap, BreadcrumbList JSON-LD; and, on a store
 * of its own in iframe mode that asks not to be indexed, the unauthorised page and site_index.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, apiJson, launchBrowser, listenOnAnyPort, openPage, startStack, type Stack } from "./harness";

interface Listing { products: Array<{ url_key: string; name: string }> }
interface Sitemap { total: number; pages: number; entries: Array<{ type: string; key: string }> }

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function firstProduct(page: Page) {
  await page.goto("/favicon.ico");
  const listing = await apiJson<Listing>(page, "/categories/default-category?embed=products&limit=1");
  return listing.products[0]!;
}

/** The JSON-LD objects of the page (each script's object, or its @graph's members). */
async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.flatMap((t) => { const d = JSON.parse(t) as Record<string, unknown>; return (d["@graph"] as Array<Record<string, unknown>> | undefined) ?? [d]; });
}

describe("locales", () => {
  it("shows the unsupported-locale page for /fr/product/… and logs 'Locale fr is not supported.'", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const product = await firstProduct(page);
      const logs: string[] = [];
      page.on("console", (m) => logs.push(m.text()));
      const response = await page.goto(`/fr/product/${product.url_key}`);
      expect(response?.status()).toBe(200);
      await page.getByRole("heading", { level: 1, name: "This language is not available" }).waitFor();
      expect(await page.locator("main").innerText()).toContain("(fr)");
      await expect.poll(() => logs).toContain("Locale fr is not supported.");
      // not the English page under a French canonical: no product, no canonical, not indexed
      expect(await page.locator("main h1").innerText()).not.toBe(product.name);
      expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
      expect(await page.locator('meta[name="robots"]').getAttribute("content")).toContain("noindex");
      await page.getByRole("link", { name: "Continue in English" }).click();
      await page.waitForURL(`**/product/${product.url_key}`);
      await expect.poll(() => page.locator("main h1").innerText()).toBe(product.name);
      // the default locale is served; a first segment that is no locale at all is a 404
      expect((await page.goto(`/en-US/product/${product.url_key}`))?.status()).toBe(200);
      expect(await page.locator("main h1").innerText()).toBe(product.name);
      expect((await page.goto(`/xx/product/${product.url_key}`))?.status()).toBe(404);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("serves the common namespace at /locales/{language}/{namespace}.json, with the add path for missing keys", async () => {
    const en = await fetch(`${baseUrl}/locales/en/common.json`);
    expect(en.status).toBe(200);
    expect(en.headers.get("cache-control")).toContain("max-age=3600");
    const common = await en.json() as Record<string, unknown>;
    expect(common.oldBrowser).toBe("You seem to be using an old browser. Please upgrade to a newer browser to see this content.");
    expect((common.errorPage as Record<string, string>).title).toBe("Oops, something went wrong.");
    expect(await (await fetch(`${baseUrl}/locales/fr-CA/common.json`)).json()).toEqual({});
    expect((await fetch(`${baseUrl}/locales/de/common.json`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/locales/en/checkout.json`)).status).toBe(404);
    const add = (body: string, type = "application/json") => fetch(`${baseUrl}/locales/add/en/common`, { method: "POST", headers: { "content-type": type }, body });
    expect((await add(JSON.stringify({ "cart.empty": "Your cart is empty" }))).status).toBe(204);
    expect((await add("[1]")).status).toBe(400);
    expect((await add("not json")).status).toBe(400);
    expect((await add("a=b", "application/x-www-form-urlencoded")).status).toBe(415);
  });
});

describe("special pages", () => {
  it("the rendering-error page sends its tracking event", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      // (a first visit may race two new sessions: the event is sent again with the session's token after a 403)
      const logged = page.waitForResponse((r) => r.url().endsWith("/api/rest/alta/log") && r.request().method() === "POST" && r.status() !== 403);
      const response = await page.goto("/_test/render-error");
      expect(response?.status()).toBe(500);
      await page.getByRole("heading", { level: 1, name: "Oops, something went wrong." }).waitFor();
      const answer = await logged;
      expect(answer.status()).toBe(201);
      const body = answer.request().postDataJSON() as { event: string; location: string; timestamp: number; is_logged_in: boolean };
      expect(body.event).toBe("rendering_error");
      expect(body.location).toBe(`${baseUrl}/_test/render-error`);
      expect(body.is_logged_in).toBe(false);
      expect(Math.abs(body.timestamp - Date.now() / 1000)).toBeLessThan(120);
      expect(answer.request().headers()["x-csrf-token"]).toBeTruthy();
    } finally {
      await close();
    }
  });

  it("carries the old-browser text, hidden from a browser that runs the store's scripts", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/");
      const notice = page.locator("#old-browser");
      expect(await notice.textContent()).toBe("You seem to be using an old browser. Please upgrade to a newer browser to see this content.");
      expect(await notice.isVisible()).toBe(false);
      // shown by a script only a browser without module support runs (allowed by the page's nonce)
      const scripts = await page.locator("script[nomodule]:not([src])").evaluateAll((els) => els.map((e) => ({ text: e.textContent, nonce: (e as HTMLScriptElement).nonce })));
      expect(scripts).toEqual([{ text: 'document.getElementById("old-browser").hidden=false;', nonce: expect.stringMatching(/.{16,}/) }]);
    } finally {
      await close();
    }
  });
});

describe("SEO", () => {
  it("robots.txt lets crawlers in and names the sitemap; the sitemap lists categories, products, CMS pages and posts", async () => {
    const robots = await fetch(`${baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers.get("content-type")).toContain("text/plain");
    const text = await robots.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);
    const sitemapUrl = /^Sitemap: (.+)$/m.exec(text)![1]!;
    expect(sitemapUrl).toMatch(/\/sitemap\.xml$/);
    const origin = sitemapUrl.replace(/\/sitemap\.xml$/, "");

    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const data = await apiJson<Sitemap>(page, "/sitemap");
      expect(data.pages).toBe(1);
      for (const type of ["category", "product", "page", "post"]) expect(data.entries.some((e) => e.type === type), type).toBe(true);
      const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
      expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
      expect(locs).toContain(`${origin}/`);
      const expected = (e: Sitemap["entries"][number]) => ({ category: `/catalog/${e.key}`, product: `/product/${e.key}`, post: `/blog/${e.key}`, page: e.key === "home" ? "/" : `/${e.key}` })[e.type]!;
      for (const entry of data.entries) expect(locs, entry.key).toContain(`${origin}${expected(entry)}`);
      // every address listed answers (a sample of each kind, on this storefront)
      for (const type of ["category", "product", "page", "post"]) {
        const entry = data.entries.find((e) => e.type === type && e.key !== "home")!;
        expect((await fetch(`${baseUrl}${expected(entry)}`)).status, expected(entry)).toBe(200);
      }
      // one file for a store this size; files past the last are 404s
      expect((await fetch(`${baseUrl}/sitemaps/1.xml`)).status).toBe(200);
      expect((await fetch(`${baseUrl}/sitemaps/2.xml`)).status).toBe(404);
    } finally {
      await close();
    }
  });

  it("product and category pages carry BreadcrumbList JSON-LD", async () => {
    const { page, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      const product = await firstProduct(page);
      await page.goto(`/product/${product.url_key}`);
      const crumbs = (await jsonLd(page)).find((d) => d["@type"] === "BreadcrumbList") as { itemListElement: Array<{ position: number; name: string; item: string }> };
      expect(crumbs, "product BreadcrumbList").toBeDefined();
      expect(crumbs.itemListElement[0]).toMatchObject({ position: 1, name: "Home" });
      expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: product.name });
      expect(crumbs.itemListElement.at(-1)!.item).toMatch(new RegExp(`/product/${product.url_key}$`));
      const visible = await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link").allInnerTexts();
      expect(crumbs.itemListElement.map((i) => i.name)).toEqual([...visible, product.name]);

      await page.goto("/catalog/refrigerators");
      const category = (await jsonLd(page)).find((d) => d["@type"] === "BreadcrumbList") as { itemListElement: Array<{ name: string; item: string }> };
      expect(category.itemListElement.map((i) => i.name)).toEqual(["Appliances", "Refrigerators"]);
      expect(category.itemListElement.at(-1)!.item).toMatch(/\/catalog\/refrigerators$/);
    } finally {
      await close();
    }
  });
});

describe("a store in iframe mode that is not to be indexed", () => {
  let stack: Stack;
  let host: http.Server;
  let other: http.Server;
  let hostUrl = "";
  let otherUrl = "";

  /** A page of another site that frames the store. */
  const framing = (src: () => string) => http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>Kiosk</title><iframe id="store" src="${src()}/" width="1200" height="800"></iframe>`);
  });

  beforeAll(async () => {
    host = framing(() => stack.baseUrl);
    other = framing(() => stack.baseUrl);
    hostUrl = `http://127.0.0.1:${await listenOnAnyPort(host)}`;
    otherUrl = `http://127.0.0.1:${await listenOnAnyPort(other)}`;
    stack = await startStack({ seedProducts: 40, seedConfig: { iframe_url: `${hostUrl}/kiosk`, site_index: "0" } });
  });
  afterAll(async () => {
    await stack?.stop();
    host?.closeAllConnections();
    other?.closeAllConnections();
    await Promise.all([host, other].map((s) => new Promise((resolve) => s?.close(resolve))));
  });

  it("shows the unauthorised page when the store is opened on its own", async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, DESKTOP);
    try {
      await page.goto("/");
      await page.getByRole("heading", { level: 1, name: "This page cannot be shown here" }).waitFor();
      expect(await page.locator("main").innerText()).toContain("can only be used from the store's own kiosk");
      // nothing of the store: no menu, no products
      expect(await page.getByRole("navigation", { name: /main/i }).count()).toBe(0);
      expect(await page.locator("article[data-product-id]").count()).toBe(0);
    } finally {
      await close();
    }
  });

  it("shows the store inside the allowed site's frame, and nothing inside another site's", async () => {
    const { page, close } = await openPage(browser, hostUrl, DESKTOP);
    try {
      await page.goto(`${hostUrl}/kiosk`);
      const frame = page.frameLocator("#store");
      await frame.getByRole("navigation", { name: /main/i }).waitFor();
      expect(await frame.getByText("This page cannot be shown here").count()).toBe(0);

      const answered = page.waitForResponse((r) => r.url() === `${stack.baseUrl}/`);
      await page.goto(`${otherUrl}/`);
      expect((await answered).status()).toBe(200);
      // the frame-ancestors policy refuses the frame once the answer is in: an error page, no store inside it
      const refused = (await (await page.locator("#store").elementHandle())!.contentFrame())!;
      await expect.poll(() => refused.url()).not.toBe("about:blank");
      expect(refused.url().startsWith(stack.baseUrl)).toBe(false);
      expect(await refused.locator("nav").count()).toBe(0);
    } finally {
      await close();
    }
  });

  it("the page cache never serves the unauthorised page inside the allowed frame, nor the store to a top-level visit", async () => {
    const load = async (path: string, frame: boolean) => {
      const headers: Record<string, string> = frame ? { "sec-fetch-dest": "iframe", referer: `${hostUrl}/kiosk` } : { "sec-fetch-dest": "document" };
      const response = await fetch(`${stack.baseUrl}${path}`, { headers });
      expect(response.status, path).toBe(200);
      return { cache: response.headers.get("x-page-cache"), html: await response.text() };
    };
    // the unauthorised page's element (its text also travels in every kiosk page's data, for the browser check)
    const unauthorised = 'data-unauthorised=""';
    // each twice, so the second answer of each kind comes from the cache
    for (const [path, firstFrame] of [["/about-us", false], ["/catalog/refrigerators", true]] as const) {
      for (const frame of [firstFrame, !firstFrame, firstFrame, !firstFrame]) {
        const { html } = await load(path, frame);
        if (frame) {
          expect(html, `${path} in the kiosk frame`).not.toContain(unauthorised);
          expect(html, `${path} in the kiosk frame`).toContain('class="site-main"');
        } else {
          expect(html, `${path} on its own`).toContain(unauthorised);
          expect(html, `${path} on its own`).not.toContain('class="site-main"');
        }
      }
      expect((await load(path, false)).cache, path).toBe("hit");
      expect((await load(path, true)).cache, path).toBe("hit");
    }
  });

  it("honours site_index: robots.txt closes the store, there is no sitemap, pages are noindex", async () => {
    const robots = await (await fetch(`${stack.baseUrl}/robots.txt`)).text();
    expect(robots).toBe("User-agent: *\nDisallow: /\n");
    expect((await fetch(`${stack.baseUrl}/sitemap.xml`)).status).toBe(404);
    for (const path of ["/catalog", "/catalog/refrigerators", "/about-us", "/blog"]) {
      const response = await fetch(`${stack.baseUrl}${path}`, { headers: { "sec-fetch-dest": "iframe", referer: `${hostUrl}/kiosk` } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("x-robots-tag"), path).toBe("noindex, nofollow");
      expect(await response.text(), path).toMatch(/<meta name="robots" content="noindex(, nofollow)?"/);
    }
  });
});
