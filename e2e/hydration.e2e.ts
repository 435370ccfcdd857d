/**
 * What hydrating a page costs the shopper's browser: a listing is hydrated once and nothing on it is
 * drawn again for hydrating. A part drawn again after hydration is work in the tasks that make a
 * phone's page slow to answer (Lighthouse's blocking time); the journeys elsewhere only see that
 * the page works.
 *
 * React tells a developer tool of every commit (`__REACT_DEVTOOLS_GLOBAL_HOOK__`); the journey
 * installs such a hook before the page's scripts run and counts, per commit, the parts React drew
 * in it (a fiber React worked on in this commit is a new object with the PerformedWork flag).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiJson, DESKTOP, isHydrated, launchBrowser, openPage, PHONE } from "./harness";

interface Category { url_key: string; level: number }
interface Listing { product_count: number; display_mode?: string }
interface SearchAnswer { product_count: number; products?: Array<{ name: string }> }
interface Config { enable_wishlist?: string | number | boolean }

const baseUrl = inject("baseUrl");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Commit {
  at: number;
  /** parts React drew in this commit */
  drawn: number;
  /** of those, markup parts: a part whose element takes its contents as markup (dangerouslySetInnerHTML) */
  markup: number;
  /** of those, a tile's buttons: add to cart, wishlist and compare */
  addToCart: number;
  wishlist: number;
  compare: number;
}

/** Records every React commit of the page from its first script on (before navigating). */
async function recordCommits(page: Page): Promise<() => Promise<Commit[]>> {
  await page.addInitScript(() => {
    const PERFORMED_WORK = 1;
    const commits: Commit[] = [];
    (window as unknown as { __commits: Commit[] }).__commits = commits;
    let previous = new WeakSet<object>();
    type Fiber = { type: unknown; flags: number; child: Fiber | null; sibling: Fiber | null; memoizedProps: Record<string, unknown> | null };
    (window as unknown as Record<string, unknown>).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true, isDisabled: false, renderers: new Map(),
      inject: () => 1, checkDCE() {}, onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
      onCommitFiberRoot(_renderer: number, root: { current: Fiber }) {
        const worked = new WeakSet<object>();
        const commit: Commit = { at: performance.now(), drawn: 0, markup: 0, addToCart: 0, wishlist: 0, compare: 0 };
        const stack: Fiber[] = [root.current];
        while (stack.length) {
          const fiber = stack.pop()!;
          if (fiber.flags & PERFORMED_WORK) {
            worked.add(fiber);
            // a part (function component) drawn in this commit, not one kept from an earlier one
            if (typeof fiber.type === "function" && !previous.has(fiber)) {
              commit.drawn++;
              const element = fiber.child && typeof fiber.child.type === "string" ? fiber.child.memoizedProps ?? {} : {};
              if (element.dangerouslySetInnerHTML) commit.markup++;
              if (fiber.child?.type === "div" && /tileAdd/.test(String(element.className ?? ""))) commit.addToCart++;
              if (fiber.child?.type === "button" && "data-wishlist-toggle" in element) commit.wishlist++;
              if (fiber.child?.type === "button" && "data-compare-toggle" in element) commit.compare++;
            }
          }
          if (fiber.child) stack.push(fiber.child);
          if (fiber.sibling) stack.push(fiber.sibling);
        }
        previous = worked;
        if (commit.drawn > 0) commits.push(commit);
      },
    };
  });
  return () => page.evaluate(() => (window as unknown as { __commits: Commit[] }).__commits);
}

describe("hydrating a listing", () => {
  it("draws each part once: no markup part again after hydrating, each tile's buttons once when they go live", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto("/favicon.ico");
      const categories = await apiJson<Category[]>(page, "/categories");
      let path: string | undefined;
      for (const category of categories.filter((c) => c.level === 3)) {
        const listing = await apiJson<Listing>(page, `/categories/${encodeURIComponent(category.url_key)}?limit=1`);
        if (listing.display_mode === "PRODUCTS" && listing.product_count >= 4) { path = `/catalog/${category.url_key}`; break; }
      }
      expect(path, "a category that lists its products").toBeDefined();

      const commits = await recordCommits(page);
      // the shopper's session (which the wishlist loads from) arrives after the tiles' buttons
      // are live, as on a slow network: the list's loading must not draw them again
      let release!: () => void;
      const released = new Promise<void>((resolve) => { release = resolve; });
      let sessionAsked = 0;
      await page.route(/\/api\/rest\/customers\/self\/session(\?|$)/, async (route) => {
        sessionAsked += 1;
        await released;
        await route.continue();
      });
      await page.goto(path!);
      const buttons = page.locator("main [class*='tileAdd'] button");
      // the tiles' buttons go live (enabled) once the page has hydrated
      await expect.poll(async () => (await buttons.count()) > 0 && (await page.locator("main [class*='tileAdd'] button[disabled]").count()) === 0, { timeout: 15_000 }).toBe(true);
      await expect.poll(() => sessionAsked, { message: "the page asks for the shopper's session" }).toBeGreaterThan(0);
      const sessionAnswered = page.waitForResponse(/\/api\/rest\/customers\/self\/session/);
      release();
      await sessionAnswered;
      // then until React has been quiet for half a second: a part drawn again comes soon after
      await expect.poll(async () => page.evaluate(() => {
        const all = (window as unknown as { __commits: { at: number }[] }).__commits;
        return all.length > 0 && performance.now() - all[all.length - 1].at > 500;
      }), { timeout: 15_000 }).toBe(true);

      const [hydration, ...after] = await commits();
      expect(hydration.markup, "the hydration commit draws the page's markup parts").toBeGreaterThan(10);
      expect(after.reduce((sum, c) => sum + c.markup, 0), "markup parts drawn again after hydrating").toBe(0);
      // a guest's empty wishlist and compare list loading change no tile's button
      const drawnAfter = (kind: "addToCart" | "wishlist" | "compare") => after.reduce((sum, c) => sum + c[kind], 0);
      const onPage = {
        addToCart: await buttons.count(),
        wishlist: await page.locator("main button[data-wishlist-toggle]").count(),
        compare: await page.locator("main button[data-compare-toggle]").count(),
      };
      for (const kind of ["addToCart", "wishlist", "compare"] as const) {
        expect(onPage[kind], `tiles with a ${kind} button`).toBeGreaterThan(0);
        expect(drawnAfter(kind), `${kind} buttons drawn after hydrating`).toBe(onPage[kind]);
      }
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a page of results is its tiles' markup: only their buttons are React's, each drawn once, and they work", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl, DESKTOP);
    try {
      await page.goto("/favicon.ico");
      const term = "refrigerator";
      const answer = await apiJson<SearchAnswer>(page, `/search/${term}?embed=products&limit=4`);
      expect(answer.product_count, `products found for "${term}"`).toBeGreaterThan(0);
      const wishlistOn = ["1", 1, true, "true"].includes((await apiJson<Config>(page, "/config")).enable_wishlist ?? "");
      expect(wishlistOn, "the store's wishlist is on (every tile has its button)").toBe(true);

      const commits = await recordCommits(page);
      await page.goto(`/search/${term}`);
      const tiles = page.locator("main ul[data-mode] > li > article[data-product-id]");
      const slots = page.locator("main ul[data-mode] [data-tile-buttons]");
      await expect.poll(async () => (await slots.locator("button").count()) > 0 && (await slots.locator("button[disabled]").count()) === 0, { timeout: 15_000 }).toBe(true);
      // until React has been quiet for half a second
      await expect.poll(async () => page.evaluate(() => {
        const all = (window as unknown as { __commits: { at: number }[] }).__commits;
        return all.length > 0 && performance.now() - all[all.length - 1].at > 500;
      }), { timeout: 15_000 }).toBe(true);

      const count = await tiles.count();
      expect(count).toBeGreaterThan(0);
      expect(await slots.count(), "every tile has its buttons").toBe(count);
      // the tiles are the server's markup: neither a card nor its links are React's; its buttons are
      expect(await isHydrated(tiles.first())).toBe(false);
      expect(await isHydrated(tiles.first().locator("h3 a"))).toBe(false);
      expect(await isHydrated(tiles.first().locator("button[data-wishlist-toggle]"))).toBe(true);
      // each tile holds its live buttons once: the disabled ones the server wrote are gone
      const wishlistButtons = slots.locator("button[data-wishlist-toggle]");
      expect(await wishlistButtons.count()).toBe(count);
      const [hydration, ...after] = await commits();
      expect(hydration.wishlist, "no tile's button is a part while hydrating").toBe(0);
      expect(after.reduce((sum, c) => sum + c.wishlist, 0), "wishlist buttons drawn after hydrating").toBe(count);

      const first = tiles.first().locator("button[data-wishlist-toggle]");
      expect(await first.getAttribute("aria-pressed")).toBe("false");
      await first.click();
      await expect.poll(() => first.getAttribute("aria-pressed")).toBe("true");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
