/**
 * Two shoppers on the same cached pages (storefront/server.mjs page cache): one signed in, with a
 * cart and a chosen store, the other a new visitor. Both are answered from the one shared copy of
 * each page, and everything personal is the browser's own: the first sees their name, cart count
 * and store; the second sees none of them, in the page's HTML or on screen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { apiJson, launchBrowser, openPage, startStack, type Stack } from "./harness";

interface Location { storelocationid: string; store_name: string }
interface ListItem { entity_id: string; url_key: string; type_id: string; in_stock: boolean; prices: { poa: boolean } }

let browser: Browser;
let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ seedProducts: 60 });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const header = (page: Page) => page.getByRole("banner");

/** Loads `path` in the page and answers the document's x-page-cache header. */
async function visit(page: Page, path: string): Promise<string | null> {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return response!.headers()["x-page-cache"] ?? null;
}

/**
 * Signs the page's session in as the demo shopper and adds a product, through the api as the
 * storefront does: a token refused with 403 (the page's own first session call, still on its way,
 * started the session the cookie now names) is read again and the call sent once more.
 */
async function signInWithCart(page: Page, productId: string) {
  const statuses = await page.evaluate(async ({ password, id }) => {
    const token = async () => (await (await fetch("/api/rest/customers/self/session")).json()).customer_data.csrf_token as string;
    const post = (csrf: string) => fetch("/api/rest/customers/self/session", {
      method: "POST", headers: { "content-type": "application/json", "x-csrf-token": csrf }, body: JSON.stringify({ login: "demo@example.com", password }),
    });
    let signIn = await post(await token());
    if (signIn.status === 403) signIn = await post(await token());
    const headers = { "content-type": "application/json" };
    const fresh = await (await fetch("/api/rest/customers/self/session")).json();
    const add = await fetch("/api/rest/cart/items", {
      method: "POST",
      headers: { ...headers, "x-csrf-token": fresh.customer_data.csrf_token as string },
      body: JSON.stringify({ product_id: Number(id), qty: 3 }),
    });
    return [signIn.status, add.status];
  }, { password: stack.demoPassword, id: productId });
  expect(statuses).toEqual([200, 200]);
}

describe("page cache: what one shopper does never shows to another", () => {
  it("a signed-in shopper's name, cart and store stay theirs on pages both are served from one cached copy", async () => {
    const first = await openPage(browser, stack.baseUrl);
    const second = await openPage(browser, stack.baseUrl);
    try {
      await visit(first.page, "/");
      const listing = await apiJson<{ products: ListItem[] }>(first.page, "/categories/default-category?embed=products&limit=50");
      const product = listing.products.find((p) => p.type_id === "simple" && p.in_stock && !p.prices.poa);
      expect(product, "a simple product in stock in the demo catalogue").toBeTruthy();
      const [store] = await apiJson<Location[]>(first.page, "/locations");
      expect(store, "a store location in the demo").toBeTruthy();

      await signInWithCart(first.page, product!.entity_id);
      // My Store is kept by the browser, as the drawer keeps it
      await first.page.evaluate((chosen) => window.localStorage.setItem("my-store", JSON.stringify(chosen)), store!);

      for (const path of ["/", `/product/${product!.url_key}`]) {
        await visit(first.page, path);
        await expect.poll(() => header(first.page).getByTestId("header-first-name").innerText()).toContain("Dana");
        await expect.poll(() => header(first.page).getByTestId("header-cart-count").innerText()).toBe("3");
        await expect.poll(() => header(first.page).getByTestId("header-my-store").innerText()).toBe(store!.store_name);

        // the other shopper gets the very copy the first one was served
        expect(await visit(second.page, path)).toBe("hit");
        const html = await second.page.content();
        expect(html).not.toContain("Dana");
        expect(html).not.toContain("demo@example.com");
        await expect.poll(() => header(second.page).getByTestId("header-account").innerText()).toContain("Sign In");
        await expect.poll(() => header(second.page).getByTestId("header-cart-count").innerText()).toBe("0");
        expect(await header(second.page).getByTestId("header-my-store").innerText()).not.toContain(store!.store_name);
        expect(await header(second.page).getByTestId("header-first-name").count()).toBe(0);
      }
    } finally {
      await first.close();
      await second.close();
    }
  });
});
