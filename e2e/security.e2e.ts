/**
 * Security journeys (issue 7): every page type satisfies the Content-Security-Policy it is sent
 * with (Chromium reports no violation), pages carry the hardening headers, a malformed page path
 * shows the store's 404, the image optimiser refuses query strings on media, framing is allowed
 * only from the configured iframe_url, and the api hears the shopper's real address, not the one a
 * client claims in X-Forwarded-For.
 */
import { createHash } from "node:crypto";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, PHONE, apiJson, launchBrowser, listenOnAnyPort, startRecordedStorefront, startStack, type Stack } from "./harness";

interface ListItem { entity_id: string; url_key: string; type_id: string }
interface Asset { asset_type: string }
interface Detail extends ListItem { assets?: Asset[] }

const baseUrl = inject("baseUrl");
const apiUrl = inject("apiUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Records CSP violations in the page (the event fires in the document that was blocked). */
const RECORD_VIOLATIONS = `
  window.__cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.__cspViolations.push(e.violatedDirective + " blocked " + (e.blockedURI || "inline") + " at " + e.sourceFile + ":" + e.lineNumber);
  });
`;

/** A browser context that collects CSP violations (events and console reports) and page errors. */
async function watchedContext(options = DESKTOP) {
  const context = await browser.newContext({ ...options, baseURL: baseUrl });
  await context.addInitScript(RECORD_VIOLATIONS);
  const consoleReports: string[] = [];
  const pageErrors: string[] = [];
  context.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) consoleReports.push(message.text());
  });
  context.on("weberror", (error) => pageErrors.push(error.error().message));
  return { context, consoleReports, pageErrors };
}

/** Violations the current document recorded. */
const violations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations ?? []);

/** Opens a path, waits until the page is hydrated and idle, scrolls through it (lazy images), and returns its answer. */
async function visit(page: Page, path: string) {
  const response = await page.goto(path, { waitUntil: "networkidle" });
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  await page.waitForLoadState("networkidle");
  return response;
}

/** A link the page shows whose path starts with `prefix` (menus, listings): pages are found as a shopper finds them. */
async function firstLink(page: Page, prefix: string): Promise<string> {
  const href = await page.locator(`a[href^="${prefix}"]`).first().getAttribute("href");
  if (!href) throw new Error(`no link to ${prefix}… on ${page.url()}`);
  return href;
}

/** A simple product whose gallery has an asset of this type. */
async function productWith(page: Page, assetType: string): Promise<ListItem> {
  const listing = await apiJson<{ products: ListItem[] }>(page, "/categories/default-category?embed=products&limit=100&page=1");
  for (const item of listing.products.filter((p) => p.type_id === "simple")) {
    const detail = await apiJson<Detail>(page, `/products/${item.entity_id}?embed=assets`);
    if ((detail.assets ?? []).some((a) => a.asset_type === assetType)) return item;
  }
  throw new Error(`the demo store has no simple product with a ${assetType}`);
}

/**
 * A page the page cache served (x-page-cache) is the same bytes for everyone: its CSP names the
 * hashes of its inline scripts and styles; any other page has a nonce of its own.
 */
function expectPageHeaders(headers: Record<string, string>) {
  const csp = headers["content-security-policy"] ?? "";
  if (headers["x-page-cache"]) {
    expect(csp).toMatch(/^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')+; style-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')*; /);
    expect(csp).not.toContain("'nonce-");
  } else {
    expect(csp).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='; style-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='; /);
  }
  for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  // plain http here: no HSTS
  expect(headers["strict-transport-security"]).toBeUndefined();
}

describe("Content-Security-Policy", () => {
  for (const [device, options] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
    it(`no page type logs a violation (${device})`, async () => {
      const { context, consoleReports, pageErrors } = await watchedContext(options);
      const page = await context.newPage();
      const seen: Record<string, string[]> = {};
      const check = async (name: string, path: string, status = 200) => {
        const response = await visit(page, path);
        expect(response?.status(), `${name} ${path}`).toBe(status);
        expectPageHeaders(response!.headers());
        seen[`${name} ${path}`] = await violations(page);
      };
      try {
        await check("home", "/");
        const category = await firstLink(page, "/catalog/");
        const promotion = await firstLink(page, "/catalog/special/promotion/");
        const brand = await firstLink(page, "/special/manufacturer/");
        await check("category", category);
        await check("promotion catalogue", promotion);
        await check("attribute catalogue", brand);
        await check("search results", "/search/washer");

        // the header search asks the api as the shopper types (connect-src)
        const box = page.getByRole("combobox", { name: "Search products" });
        await box.click();
        await box.pressSequentially("refrig", { delay: 30 });
        await page.getByRole("listbox", { name: "Search suggestions" }).waitFor();
        seen["header search suggestions"] = await violations(page);

        for (const assetType of ["video", "image360"]) {
          const product = await productWith(page, assetType);
          await check(`product with a ${assetType}`, `/product/${encodeURIComponent(product.url_key)}`);
          if (assetType === "video") {
            // the video itself loads from /media (media-src)
            const gallery = page.getByRole("region", { name: /pictures$/ });
            await gallery.getByRole("button", { name: /^Video \d+ of \d+/ }).first().click();
            const video = gallery.locator("video");
            await video.evaluate((v: HTMLVideoElement) => { v.muted = true; return v.play(); });
            await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
            seen["product video playing"] = await violations(page);
          }
        }

        await check("CMS page", "/contact");
        await check("blog", "/blog");
        await check("blog post", await firstLink(page, "/blog/"));
        await check("compare", "/compare");
        await check("wishlist", "/wishlist");
        await check("not found", "/no-such-page-anywhere", 404);
        await check("error page", "/_test/render-error", 500);

        expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, []])));
        expect(consoleReports).toEqual([]);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("gives every page not served from the page cache its own nonce, on Next's scripts and on the theme's style element", async () => {
    const [first, second] = await Promise.all([fetch(`${baseUrl}/compare`), fetch(`${baseUrl}/compare`)]);
    expect(first.headers.get("x-page-cache")).toBeNull();
    const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    const [a, b] = [nonceOf(first), nonceOf(second)];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
    const html = await first.text();
    await second.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    const executable = scripts.filter((attrs) => !/type="application\/ld\+json"/.test(attrs));
    expect(executable.length).toBeGreaterThan(0);
    for (const attrs of executable) expect(attrs).toContain(`nonce="${a}"`);
    expect(html).toContain(`<style id="site-theme" nonce="${a}">`);
  });

  it("a client cannot choose a page's nonce or mark its request as already given the policy", async () => {
    // the storefront marks a page's request once it has applied the policy, and Next's proxy then skips it
    const claims = { "x-storefront-policy": "1", "x-nonce": "chosen", "content-security-policy": "script-src 'nonce-chosen'" };
    const page = await fetch(`${baseUrl}/compare`, { headers: claims });
    expect(page.status).toBe(200);
    expectPageHeaders(Object.fromEntries(page.headers));
    const html = await page.text();
    expect(page.headers.get("content-security-policy")).not.toContain("chosen");
    expect(html).not.toContain('nonce="chosen"');
    expect(html).toContain(`<style id="site-theme" nonce="${/'nonce-([^']+)'/.exec(page.headers.get("content-security-policy")!)![1]}">`);
    // the api's paths still go to the api: the proxy that forwards them was not skipped
    const api = await fetch(`${baseUrl}/api/rest/config`, { headers: claims });
    expect(api.status).toBe(200);
    expect(api.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await api.json()).toHaveProperty("name");
  });

  it("a page from the page cache names no nonce: the theme's style element is allowed by its hash", async () => {
    await (await fetch(`${baseUrl}/`)).text();
    const response = await fetch(`${baseUrl}/`);
    expect(response.headers.get("x-page-cache")).toBe("hit");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).not.toContain("'nonce-");
    const theme = /<style id="site-theme" nonce="[^"]+">([^<]*)<\/style>/.exec(await response.text())![1]!;
    const hash = `'sha256-${createHash("sha256").update(theme).digest("base64")}'`;
    expect(csp.split("; ").find((d) => d.startsWith("style-src "))).toContain(hash);
  });

  it("build assets and optimised images are not sniffed", async () => {
    const home = await (await fetch(`${baseUrl}/`)).text();
    const asset = /\/_next\/static\/[^"]+\.js/.exec(home)?.[0];
    expect(asset).toBeTruthy();
    const response = await fetch(`${baseUrl}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("bad paths and image URLs", () => {
  for (const path of ["/catalog/%E0%A4%A", "/product/%", "/%C0"]) {
    it(`a malformed page path (${path}) shows the store's 404 page`, async () => {
      const { context, pageErrors } = await watchedContext();
      const page = await context.newPage();
      try {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        expectPageHeaders(response!.headers());
        await page.getByRole("heading", { level: 1, name: "Sorry, we can't find that page." }).waitFor();
        await page.locator("main").getByRole("searchbox", { name: "Search products" }).waitFor();
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it("a malformed api path still reaches the api, which answers in its error shape", async () => {
    const response = await fetch(`${baseUrl}/api/rest/pages/%E0`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ messages: { error: [{ message: "The address is not valid: it has a broken percent-encoding." }] } });
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it("the image optimiser serves media pictures but refuses them with a query string (no cache entry per ?bust=N)", async () => {
    const picture = encodeURIComponent("/media/product/refrigerator/c0c4c8/1.png");
    const plain = await fetch(`${baseUrl}/_next/image?url=${picture}&w=640&q=75`);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toMatch(/^image\//);
    for (const bust of ["?bust=1", "?bust=2", "?v=1"]) {
      const busted = await fetch(`${baseUrl}/_next/image?url=${picture}${encodeURIComponent(bust)}&w=640&q=75`);
      expect(busted.status, bust).toBe(400);
      expect(await busted.text()).toBe('"url" parameter is not allowed');
    }
  });
});

describe("framing", () => {
  it("the demo store may not be framed by any page", async () => {
    const frame = await framingPage(baseUrl);
    try {
      expect(await frameOutcome(frame.url)).toBe("refused");
    } finally {
      await frame.stop();
    }
  });

  it("in iframe mode only the configured iframe_url's origin may frame the store", async () => {
    let shop: Stack | undefined;
    const frame = await framingPage(() => shop!.baseUrl);
    const allowed = new URL(frame.url).origin;
    shop = await startStack({ seedProducts: 40, seedConfig: { iframe_url: frame.url } }).catch(async (error: unknown) => {
      await frame.stop();
      throw error;
    });
    const other = await framingPage(shop.baseUrl);
    try {
      const response = await fetch(`${shop.baseUrl}/`);
      expect(response.headers.get("content-security-policy")).toContain(`; frame-ancestors ${allowed}`);
      expect(response.headers.get("x-frame-options")).toBeNull();
      expect(await frameOutcome(frame.url)).toBe("shown");
      expect(await frameOutcome(other.url)).toBe("refused");
    } finally {
      await Promise.all([frame.stop(), other.stop(), shop.stop()]);
    }
  });
});

/**
 * Opens a page that frames the store and waits for what Chromium does with the frame: shows the
 * store (its header appears inside) or refuses it (it reports the frame-ancestors refusal).
 */
async function frameOutcome(url: string): Promise<"shown" | "refused"> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    let refused = false;
    page.on("console", (message) => { if (/frame-ancestors|X-Frame-Options/.test(message.text())) refused = true; });
    await page.goto(url);
    const frame = page.frameLocator("iframe");
    let outcome: "shown" | "refused" | undefined;
    await expect.poll(async () => {
      if (refused) outcome = "refused";
      else if ((await frame.locator("header").count().catch(() => 0)) > 0) outcome = "shown";
      return outcome;
    }, { timeout: 20_000 }).toBeDefined();
    return outcome!;
  } finally {
    await context.close();
  }
}

/** A page on another local origin that frames the store. */
async function framingPage(storeUrl: string | (() => string)): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>kiosk</title><iframe src="${typeof storeUrl === "string" ? storeUrl : storeUrl()}/" width="800" height="600"></iframe>`);
  });
  const listenOn = await listenOnAnyPort(server);
  return {
    url: `http://127.0.0.1:${listenOn}/kiosk/frame.html`,
    stop: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

describe("X-Forwarded-For", () => {
  it("the api hears the socket's address, not what the client claims", async () => {
    const shop = await startRecordedStorefront(apiUrl);
    try {
      for (const path of ["/api/rest/config", "/media/logo.svg"]) {
        shop.arrived.length = 0;
        const response = await fetch(`${shop.baseUrl}${path}`, {
          headers: { "x-forwarded-for": "6.6.6.6", "x-real-ip": "6.6.6.7", forwarded: "for=6.6.6.8", "x-forwarded-proto": "https" },
        });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("strict-transport-security")).toBeNull();
        const arrived = shop.arrived.find((r) => r.path === path);
        expect(arrived, path).toBeDefined();
        expect(arrived!.headers["x-forwarded-for"]).toBe("127.0.0.1");
        expect(arrived!.headers["x-forwarded-proto"]).toBe("http");
        expect(arrived!.headers["x-real-ip"]).toBeUndefined();
        expect(arrived!.headers.forwarded).toBeUndefined();
      }
      const page = await fetch(`${shop.baseUrl}/`, { headers: { "x-forwarded-proto": "https" } });
      expect(page.headers.get("strict-transport-security")).toBeNull();
    } finally {
      await shop.stop();
    }
  });

  it("behind a trusted load balancer (STOREFRONT_TRUSTED_HOPS=1) the balancer's entry is kept and https is believed", async () => {
    const shop = await startRecordedStorefront(apiUrl, { STOREFRONT_TRUSTED_HOPS: "1" });
    try {
      shop.arrived.length = 0;
      // the client claims 6.6.6.6; the balancer appended the address it saw, 198.51.100.7
      const response = await fetch(`${shop.baseUrl}/api/rest/config`, {
        headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.7", "x-forwarded-proto": "https" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
      const arrived = shop.arrived.find((r) => r.path === "/api/rest/config");
      expect(arrived!.headers["x-forwarded-for"]).toBe("198.51.100.7, 127.0.0.1");
      const page = await fetch(`${shop.baseUrl}/`, { headers: { "x-forwarded-proto": "https" } });
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await shop.stop();
    }
  });
});

