import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import pg from "pg";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isHydrated, launchBrowser, openPage, startExtraStorefront, startStack, type Stack } from "./harness";

/**
 * The page cache in front of the renderer (storefront/server.mjs): pages come from memory until
 * the data they were read from changes, a change shows within a second on every storefront
 * process, and nothing of one shopper reaches another. The journey changes prices in the database
 * itself, so its stack runs on the PostgreSQL server (E2E_DATABASE_URL, else TEST_DATABASE_URL,
 * else the local server): a fresh database per run.
 */
const SERVER = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `pagecache_e2e_${randomBytes(4).toString("hex")}`;
const dbUrl = (name: string) => { const url = new URL(SERVER); url.pathname = `/${name}`; return url.toString(); };

let stack: Stack;
let db: pg.Client;
let second: { baseUrl: string; stop(): Promise<void> };
let browser: Browser;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try { await client.query(statement); } finally { await client.end(); }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${DB_NAME}`); // a server that cannot be reached fails the journey here
  stack = await startStack({ seedProducts: 60, apiEnv: { DATABASE_URL: dbUrl(DB_NAME) } });
  db = new pg.Client({ connectionString: dbUrl(DB_NAME) });
  await db.connect();
  second = await startExtraStorefront(stack.apiUrl, "/");
  browser = await launchBrowser();
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await second?.stop();
  await db?.end();
  await stack?.stop();
  await admin(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`).catch(() => undefined);
}, 120_000);

async function page(baseUrl: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { "accept-encoding": "gzip", ...headers }, redirect: "manual" });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The text of every inline (no src) script or style element that carries `nonce`, by element. */
function inlineWithNonce(html: string, nonce: string) {
  const found = { script: [] as string[], style: [] as string[] };
  for (const [, element, attributes, text] of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    if (!attributes!.includes(`nonce="${nonce}"`) || attributes!.includes(" src=") || attributes!.includes("application/ld+json")) continue;
    found[element as "script" | "style"].push(text!);
  }
  return found;
}
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
const directive = (csp: string, name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";

async function products(n: number) {
  const { rows } = await db.query<{ entity_id: number; url_key: string; price: string }>(
    `SELECT p.entity_id, p.url_key, p.price FROM products p WHERE p.status = 1 AND p.visibility = 4 AND p.type_id = 'simple'
       AND p.special_price IS NULL AND NOT p.poa AND EXISTS (SELECT 1 FROM product_categories c WHERE c.product_id = p.entity_id)
       AND NOT EXISTS (SELECT 1 FROM product_links l WHERE l.product_id = p.entity_id OR l.linked_product_id = p.entity_id)
       AND NOT EXISTS (SELECT 1 FROM bundle_selections b WHERE b.product_id = p.entity_id)
     ORDER BY p.entity_id LIMIT ${n}`);
  expect(rows.length).toBe(n);
  return rows;
}

/** Polls `path` on each storefront until its HTML holds `text`; the time it took. */
async function timeUntilShown(baseUrls: string[], path: string, text: string, limitMs = 5_000): Promise<number[]> {
  const started = Date.now();
  return Promise.all(baseUrls.map(async (baseUrl) => {
    for (;;) {
      const { html } = await page(baseUrl, path);
      if (html.includes(text)) return Date.now() - started;
      if (Date.now() - started > limitMs) throw new Error(`${baseUrl}${path} still lacks ${text} after ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }));
}

const formatted = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

describe("page cache", () => {
  it("answers a repeated page from memory, the same bytes each time in the encoding asked for, with a CSP of hashes", async () => {
    const [product] = await products(1);
    const path = `/product/${product!.url_key}`;
    const first = await page(stack.baseUrl, path, { "accept-encoding": "gzip, deflate, br" });
    expect(first.status).toBe(200);
    const again = await page(stack.baseUrl, path, { "accept-encoding": "gzip, deflate, br" });
    expect(again.headers.get("x-page-cache")).toBe("hit");
    expect(again.headers.get("content-encoding")).toBe("br");
    expect(again.headers.get("vary")).toBe("Accept-Encoding");
    expect(again.html).toBe(first.html);
    const csp = again.headers.get("content-security-policy")!;
    expect(csp).toBe(first.headers.get("content-security-policy"));
    expect(csp).not.toContain("'nonce-");
    // every inline element the render gave its nonce is allowed by its hash, and the policy still
    // loads the build's scripts by address ('self', no 'strict-dynamic')
    const nonce = /<script[^>]* nonce="([^"]+)"/.exec(again.html)![1]!;
    const inline = inlineWithNonce(again.html, nonce);
    expect(inline.script.length).toBeGreaterThan(2);
    expect(inline.style.length).toBeGreaterThan(0);
    for (const text of inline.script) expect(directive(csp, "script-src")).toContain(sha256(text));
    for (const text of inline.style) expect(directive(csp, "style-src")).toContain(sha256(text));
    expect(directive(csp, "script-src")).toMatch(/^script-src 'self' 'sha256-/);
    expect(csp).not.toContain("strict-dynamic");
    // the other copies: gzip, and plain when compression is refused
    for (const [accept, encoding] of [["gzip", "gzip"], ["br;q=0, gzip", "gzip"], ["identity", null], ["br;q=0, gzip;q=0", null]] as const) {
      const copy = await page(stack.baseUrl, path, { "accept-encoding": accept });
      expect(copy.headers.get("x-page-cache")).toBe("hit");
      expect(copy.headers.get("content-encoding")).toBe(encoding);
      expect(copy.html).toBe(first.html);
    }
  });

  it("sends the build's files from memory in the encoding asked for, the same bytes as the file, for a year; a name that is no file is a 404", async () => {
    const { html } = await page(stack.baseUrl, "/");
    const chunks = [...new Set(html.match(/\/_next\/static\/chunks\/[^"?]+\.(?:js|css)/g) ?? [])];
    expect(chunks.length).toBeGreaterThan(3);
    // node:http, not fetch: the bytes as sent, not decoded
    const raw = (path: string, accept: string) => new Promise<{ status?: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
      const { hostname, port } = new URL(stack.baseUrl);
      // the path as written: new URL() would resolve its dot segments
      http.get({ hostname, port, path, headers: { "accept-encoding": accept } }, (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, bytes: Buffer.concat(parts) }));
      }).on("error", reject);
    });
    for (const chunk of chunks) {
      const plain = await raw(chunk, "identity");
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-type"]).toMatch(chunk.endsWith(".css") ? /^text\/css/ : /javascript/);
      for (const [accept, encoding] of [["gzip, deflate, br", "br"], ["gzip", "gzip"]] as const) {
        const sent = await raw(chunk, accept);
        expect(sent.status).toBe(200);
        expect(sent.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
        expect(sent.headers.vary).toBe("Accept-Encoding");
        // a file under 1 KB is sent as it is
        if (plain.bytes.length < 1024) {
          expect(sent.headers["content-encoding"]).toBeUndefined();
          continue;
        }
        expect(sent.headers["content-encoding"]).toBe(encoding);
        expect((encoding === "br" ? brotliDecompressSync(sent.bytes) : gunzipSync(sent.bytes)).equals(plain.bytes)).toBe(true);
        if (plain.bytes.length > 4096) expect(sent.bytes.length).toBeLessThan(plain.bytes.length / 2);
      }
    }
    for (let i = 0; i < 2; i++) expect((await raw("/_next/static/chunks/no-such-file.js", "gzip")).status).toBe(404);
    // another spelling of a file's name is Next's to answer (it sends no brotli): never kept under that name
    const [file] = chunks.filter((chunk) => chunk.endsWith(".js"));
    for (const spelling of [file!.replace("/chunks/", "/chunks/./"), file!.replace("/chunks/", "/x/../chunks/")]) {
      const other = await raw(spelling, "br, gzip");
      expect(other.status).toBe(200);
      expect(other.headers["content-encoding"]).not.toBe("br");
    }
  });

  it("in the browser a page from the cache hydrates with no CSP violation, the scripts it inserts itself running", async () => {
    const [product] = await products(1);
    const path = `/product/${product!.url_key}`;
    await page(stack.baseUrl, path);
    const { page: tab, pageErrors, close } = await openPage(browser, stack.baseUrl);
    try {
      await tab.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
        // the start of the page's first frame (its callbacks run before that frame paints)
        requestAnimationFrame(() => { (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now(); });
      });
      const consoleErrors: string[] = [];
      tab.on("console", (message) => { if (message.type() === "error") consoleErrors.push(message.text()); });
      const response = await tab.goto(path);
      expect(response!.headers()["x-page-cache"]).toBe("hit");
      expect(response!.headers()["content-encoding"]).toBe("br");
      expect((await response!.request().allHeaders())["accept-encoding"]).toContain("br");
      // hydrated: both buttons are disabled until then
      const addToCart = tab.getByRole("main").getByRole("button", { name: /^Add to Cart/ }).first();
      await expect.poll(() => addToCart.isEnabled(), { timeout: 15_000 }).toBe(true);
      const signIn = tab.getByRole("banner").getByTestId("header-account");
      expect(await signIn.innerText()).toContain("Sign In");
      await expect.poll(() => signIn.isEnabled()).toBe(true);
      // the configured inline scripts Next's loader and force_reload insert ran (allowed by their hashes)
      await expect.poll(() => tab.evaluate(() => ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((e) => e.event)))
        .toEqual(["store_init", "page_view"]);
      // the build's scripts were asked for after the first contentful paint, not beside the
      // stylesheet, nor from the first frame's callback (scripts-after-paint.mjs)
      const timing = await tab.evaluate(() => ({
        firstFrameAt: (window as unknown as { firstFrameAt?: number }).firstFrameAt ?? null,
        contentfulPaintAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        chunks: performance.getEntriesByType("resource").filter((e) => /\/_next\/static\/chunks\/[^?]+\.js/.test(e.name)).map((e) => e.startTime),
      }));
      expect(timing.firstFrameAt).not.toBeNull();
      expect(timing.contentfulPaintAt).not.toBeNull();
      expect(timing.chunks.length).toBeGreaterThan(3);
      expect(Math.min(...timing.chunks)).toBeGreaterThan(timing.firstFrameAt!);
      expect(Math.min(...timing.chunks)).toBeGreaterThan(timing.contentfulPaintAt!);
      // each chunk it ran at startup begins with V8's compile hint: compiled while it streamed in,
      // not on the main thread when first called (storefront/src/pagecache/compile-hints.mjs)
      const chunkUrls = await tab.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name).filter((name) => /\/_next\/static\/chunks\/[^?]+\.js/.test(name)));
      for (const url of chunkUrls) expect((await (await fetch(url)).text()).split("\n")[0], url).toBe("//# allFunctionsCalledOnLoad");
      expect(await tab.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a page's scripts start without making React DOM's sentinel errors (a browser with DevTools attached would parse React DOM again for each)", async () => {
    const [product] = await products(1);
    const { page: tab, pageErrors, close } = await openPage(browser, stack.baseUrl);
    try {
      // every Error the page's scripts make, by its message, from before the first script runs
      await tab.addInitScript(() => {
        const made: string[] = [];
        (window as unknown as { errorsMade: string[] }).errorsMade = made;
        const Original = Error;
        const Counting: ErrorConstructor = new Proxy(Original, {
          apply: (target, self, args: unknown[]) => { made.push(String(args[0])); return Reflect.apply(target, self, args); },
          construct: (target, args: unknown[], newTarget) => { made.push(String(args[0])); return Reflect.construct(target, args, newTarget === Counting ? target : newTarget); },
        });
        window.Error = Counting;
      });
      for (const path of ["/", "/catalog/refrigerators", `/product/${product!.url_key}`]) {
        await tab.goto(path);
        await expect.poll(() => tab.getByRole("banner").getByTestId("header-account").isEnabled(), { timeout: 15_000 }).toBe(true);
        const made = await tab.evaluate(() => (window as unknown as { errorsMade: string[] }).errorsMade);
        // React's module-level sentinels: SuspenseException, SelectiveHydrationException,
        // SuspenseyCommitException, HydrationMismatchException, SuspenseActionException
        expect(made.filter((message) => /React error #(460|461|474|519|542)\b/.test(message)), path).toEqual([]);
        // the hook saw the page's own Errors (React's RSC reader makes one when its stream ends)
        expect(made.length, path).toBeGreaterThan(0);
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a campaign's clicks share one kept page: utm_* and click ids are left out of its key and its render, and stay in the shopper's address", async () => {
    const [product] = await products(1);
    const path = `/product/${product!.url_key}`;
    const first = await page(stack.baseUrl, `${path}?utm_source=source-5e1c&utm_campaign=campaign-8c2d&gclid=click-one-7f3a`);
    expect(first.status).toBe(200);
    const next = await page(stack.baseUrl, `${path}?utm_source=source-5e1c&utm_campaign=campaign-8c2d&gclid=click-two-91bc`);
    expect(next.headers.get("x-page-cache")).toBe("hit");
    expect((await page(stack.baseUrl, path)).headers.get("x-page-cache")).toBe("hit");
    // one visitor's click id is never written into the page another is sent
    for (const html of [first.html, next.html]) expect(/click-one|click-two|source-5e1c|campaign-8c2d/.exec(html)?.[0]).toBeUndefined();
    // a parameter a page reads is still part of the key
    expect((await page(stack.baseUrl, `${path}?gclid=click-three&qty=2`)).headers.get("x-page-cache")).toBe("miss");

    const { page: tab, pageErrors, close } = await openPage(browser, stack.baseUrl);
    try {
      const consoleErrors: string[] = [];
      tab.on("console", (message) => { if (message.type() === "error") consoleErrors.push(message.text()); });
      const address = `${path}?utm_source=source-5e1c&gclid=click-four-2d1e`;
      const response = await tab.goto(address);
      expect(response!.headers()["x-page-cache"]).toBe("hit");
      const addToCart = tab.getByRole("main").getByRole("button", { name: /^Add to Cart/ }).first();
      await expect.poll(() => addToCart.isEnabled(), { timeout: 15_000 }).toBe(true);
      // hydrated without a mismatch, and the address keeps what the browser's analytics reads
      expect(new URL(tab.url()).search).toBe("?utm_source=source-5e1c&gclid=click-four-2d1e");
      expect(consoleErrors).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a price change shows within a second on two storefront processes, drops the page once, and leaves other products' pages cached", async () => {
    const [changed, other] = await products(2);
    const changedPath = `/product/${changed!.url_key}`;
    const otherPath = `/product/${other!.url_key}`;
    const times: number[] = [];
    for (let round = 1; round <= 5; round++) {
      for (const base of [stack.baseUrl, second.baseUrl]) {
        await page(base, changedPath);
        await page(base, otherPath);
        expect((await page(base, changedPath)).headers.get("x-page-cache")).toBe("hit");
      }
      const cents = Number(changed!.price) + round * 1_111;
      await db.query("UPDATE products SET price = $1, final_price = $1 WHERE entity_id = $2", [cents, changed!.entity_id]);
      times.push(...await timeUntilShown([stack.baseUrl, second.baseUrl], changedPath, formatted(cents)));
      for (const base of [stack.baseUrl, second.baseUrl]) expect((await page(base, otherPath)).headers.get("x-page-cache")).toBe("hit");
      // the change moved the page's data once: once shown, the new page stays kept (a second
      // publication of the same change, as the api's caches catch up, would drop it again)
      for (let i = 0; i < 4; i++) {
        await new Promise((resolve) => setTimeout(resolve, 300));
        for (const base of [stack.baseUrl, second.baseUrl]) {
          const again = await page(base, changedPath);
          expect(again.html).toContain(formatted(cents));
          expect(again.headers.get("x-page-cache")).toBe("hit");
        }
      }
    }
    expect(Math.max(...times)).toBeLessThan(1_000);
  });

  it("a configuration change shows on every page within a second", async () => {
    await page(stack.baseUrl, "/");
    expect((await page(stack.baseUrl, "/")).headers.get("x-page-cache")).toBe("hit");
    const name = `Cache Test Store ${randomBytes(3).toString("hex")}`;
    await db.query(`UPDATE store_configs SET config = config || jsonb_build_object('name', $1::text)`, [name]);
    const [ms] = await timeUntilShown([stack.baseUrl], "/", name);
    expect(ms).toBeLessThan(1_000);
  });

  it("a shopper's cart page is never kept (a fresh nonce each time); its scripts too are asked for after its first contentful paint, and it shows their cart", async () => {
    const session = await fetch(`${stack.baseUrl}/api/rest/customers/self/session`);
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0]!;
    const csrf = (await session.json()).customer_data.csrf_token as string;
    const [product] = await products(1);
    const added = await fetch(`${stack.baseUrl}/api/rest/cart/items`, {
      method: "POST", headers: { "content-type": "application/json", cookie, "x-csrf-token": csrf }, body: JSON.stringify({ product_id: product!.entity_id }),
    });
    expect(added.status).toBe(200);
    const link = `/product/${product!.url_key}`;
    const asBrowser = { accept: "text/html,application/xhtml+xml", "accept-encoding": "gzip, deflate, br", cookie };
    const first = await page(stack.baseUrl, "/checkout/cart", asBrowser);
    const again = await page(stack.baseUrl, "/checkout/cart", asBrowser);
    const nonces: string[] = [];
    for (const answer of [first, again]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-page-cache")).toBeNull();
      expect(answer.headers.get("cache-control")).toContain("private");
      expect(answer.headers.get("content-encoding")).toBe("br");
      expect(answer.headers.get("vary")).toContain("Accept-Encoding");
      expect(answer.html.includes("<h1")).toBe(true);
      // a fresh nonce per answer, on the loader that stands in for the chunk tags
      const nonce = /'nonce-([^']+)'/.exec(answer.headers.get("content-security-policy")!)![1]!;
      expect(answer.html.includes(`<script nonce="${nonce}">(function loader(`)).toBe(true);
      // Next's chunk tags are gone (the noModule polyfill, never run by a browser that runs the page, stays)
      expect(answer.html.match(/<script src="\/_next\/static\/[^>]* async=""[^>]*>/g)).toBeNull();
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);

    const { page: tab, pageErrors, close } = await openPage(browser, stack.baseUrl);
    try {
      await tab.context().addCookies([{ name: cookie.split("=")[0]!, value: cookie.slice(cookie.indexOf("=") + 1), url: stack.baseUrl }]);
      await tab.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
      });
      const response = await tab.goto("/checkout/cart");
      expect(response!.status()).toBe(200);
      // the lines are the browser's to fetch: they show once the page has hydrated
      const line = tab.getByRole("main").locator(`a[href="${link}"]`).first();
      await line.waitFor({ timeout: 15_000 });
      expect(await isHydrated(line)).toBe(true);
      const timing = await tab.evaluate(() => ({
        contentfulPaintAt: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        chunks: performance.getEntriesByType("resource").filter((e) => /\/_next\/static\/chunks\/[^?]+\.js/.test(e.name)).map((e) => e.startTime),
      }));
      expect(timing.contentfulPaintAt).not.toBeNull();
      expect(timing.chunks.length).toBeGreaterThan(3);
      expect(Math.min(...timing.chunks)).toBeGreaterThan(timing.contentfulPaintAt!);
      expect(await tab.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a signed-in shopper's cookie never reaches the shared render: another shopper sees nothing of them", async () => {
    const session = await fetch(`${stack.baseUrl}/api/rest/customers/self/session`);
    const cookie = (session.headers.get("set-cookie") ?? "").split(";")[0]!;
    const csrf = (await session.json()).customer_data.csrf_token as string;
    const signIn = await fetch(`${stack.baseUrl}/api/rest/customers/self/session`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "x-csrf-token": csrf },
      body: JSON.stringify({ login: "demo@example.com", password: stack.demoPassword }),
    });
    expect(signIn.status).toBe(200);
    const signedIn = (signIn.headers.get("set-cookie") ?? cookie).split(";")[0]!;
    const [product] = await products(1);
    for (const path of ["/", `/product/${product!.url_key}`]) {
      const theirs = await page(stack.baseUrl, path, { cookie: signedIn });
      expect(theirs.status).toBe(200);
      expect(theirs.headers.get("set-cookie")).toBeNull();
      const anyone = await page(stack.baseUrl, path);
      expect(anyone.headers.get("x-page-cache")).toBe("hit");
      for (const html of [theirs.html, anyone.html]) {
        expect(html).not.toContain("Dana");
        expect(html).not.toContain("demo@example.com");
        expect(html).not.toContain(signedIn.split("=")[1]!);
      }
    }
  });
});
