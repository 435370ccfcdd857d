/**
 * What a shopper does before a page has hydrated is not lost: the build's scripts are held back
 * while the journey ticks, types and clicks on the server's HTML, then let through. Each journey
 * first checks that the element really is not hydrated yet, so it cannot pass by arriving late.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Locator } from "playwright-core";
import { apiJson, holdScripts, isHydrated, launchBrowser, openPage, PHONE } from "./harness";

interface ListItem { entity_id: string; url_key: string; name: string; type_id: string; prices: { poa: boolean; display_add_to_cart: boolean } }
interface Detail extends ListItem { crosssells?: Array<ListItem> }
interface Cart { items: Record<string, { product_id: number; crosssell_parent_id: string }> }

const baseUrl = inject("baseUrl");
let browser: Browser;
let withAddOns: Detail;

beforeAll(async () => {
  browser = await launchBrowser();
  const { page, close } = await openPage(browser, baseUrl);
  try {
    await page.goto("/favicon.ico");
    const listing = await apiJson<{ products: ListItem[] }>(page, "/categories/default-category?embed=products&limit=100");
    for (const item of listing.products.filter((p) => p.type_id === "simple" && !p.prices.poa && p.prices.display_add_to_cart)) {
      const detail = await apiJson<Detail>(page, `/products/${item.entity_id}?embed=crosssells`);
      if ((detail.crosssells ?? []).filter((a) => !a.prices.poa).length >= 2) { withAddOns = detail; break; }
    }
    expect(withAddOns, "a simple product with two add-ons").toBeDefined();
  } finally {
    await close();
  }
});
afterAll(async () => {
  await browser?.close();
});

/** A page at `path` with the build's scripts held back (released by the journey). */
async function openHeld(path: string, context?: Parameters<typeof openPage>[2]) {
  const opened = await openPage(browser, baseUrl, context);
  const scripts = await holdScripts(opened.page);
  await opened.page.goto(path, { waitUntil: "domcontentloaded" });
  return { ...opened, scripts };
}

const notHydrated = async (locator: Locator) => {
  await locator.waitFor();
  expect(await isHydrated(locator)).toBe(false);
};

describe("before the page has hydrated", () => {
  it("add-ons ticked and unticked on the server's page are what goes into the cart", async () => {
    const { page, pageErrors, close, scripts } = await openHeld(`/product/${encodeURIComponent(withAddOns.url_key)}`);
    try {
      const boxes = page.getByRole("group", { name: "Add-ons" }).getByRole("checkbox");
      await notHydrated(boxes.first());
      // the shopper's choice: only the second add-on, whatever came pre-selected
      for (const box of await boxes.all()) if (await box.isChecked()) await box.uncheck();
      await boxes.nth(1).check();
      // the box's id ends in its product's id
      const wanted = Number((await boxes.nth(1).getAttribute("id"))?.split("-addon-")[1]);
      expect(wanted).toBeGreaterThan(0);
      expect(await isHydrated(boxes.first())).toBe(false);
      await expect.poll(() => scripts.held()).toBeGreaterThan(0);

      scripts.release();
      const add = page.getByRole("button", { name: "Add to Cart" });
      await expect.poll(() => add.isEnabled()).toBe(true);
      // the box still shows the shopper's choice once React holds it
      await expect.poll(async () => [await boxes.first().isChecked(), await boxes.nth(1).isChecked()]).toEqual([false, true]);
      await add.click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      const cart = await apiJson<Cart>(page, "/cart");
      const lines = Object.values(cart.items);
      expect(lines.map((l) => l.product_id).sort()).toEqual([Number(withAddOns.entity_id), wanted].sort());
      expect(lines.find((l) => l.product_id === wanted)?.crosssell_parent_id).toBe(withAddOns.entity_id);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("words typed in the search box are the search box's once hydrated, and it suggests for them", async () => {
    const { page, pageErrors, close, scripts } = await openHeld("/");
    try {
      const box = page.getByRole("combobox", { name: /search/i }).first();
      await notHydrated(box);
      await box.fill("refrigerator");
      scripts.release();
      await expect.poll(() => isHydrated(box)).toBe(true);
      // React's own value for the field, not only what the DOM shows
      await expect.poll(() => box.evaluate((el) => {
        const key = Object.keys(el).find((k) => k.startsWith("__reactProps$"))!;
        return (el as unknown as Record<string, { value?: string }>)[key]!.value;
      })).toBe("refrigerator");
      await expect(box.inputValue()).resolves.toBe("refrigerator");
      // and it acts on them: its suggestions for them open
      await expect.poll(() => box.getAttribute("aria-expanded")).toBe("true");
      expect(await page.getByRole("listbox", { name: "Search suggestions" }).getByRole("option").count()).toBeGreaterThan(0);
      // Enter searches for them (the box's own text, even where React's state were behind it)
      await box.press("Escape");
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === "/search/refrigerator");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("Enter in the search box searches for the words in it, also ones the browser put there without an input event (a form restored on Back)", async () => {
    const { page, pageErrors, close, scripts } = await openHeld("/");
    try {
      const box = page.getByRole("combobox", { name: /search/i }).first();
      await notHydrated(box);
      // no event: nothing for the early-input script to note, and React's state stays empty
      await box.evaluate((el) => { (el as HTMLInputElement).value = "dishwasher"; });
      scripts.release();
      await expect.poll(() => isHydrated(box)).toBe(true);
      expect(await box.inputValue()).toBe("dishwasher");
      await box.press("Enter");
      await page.waitForURL((u) => u.pathname === "/search/dishwasher");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the Filters link followed on a phone shows the filters at once, and once hydrated they are the modal drawer", async () => {
    const { page, pageErrors, close, scripts } = await openHeld("/catalog", PHONE);
    try {
      const toggle = page.getByRole("link", { name: /^Filters/ });
      await notHydrated(toggle);
      await toggle.click();
      // the server's page: the link's fragment shows the panel (:target), not yet as a dialog
      expect(new URL(page.url()).hash).toBe("#filters");
      expect(await page.locator("#filters").isVisible()).toBe(true);
      expect(await page.getByRole("dialog", { name: "Filters" }).count()).toBe(0);
      scripts.release();
      const dialog = page.getByRole("dialog", { name: "Filters" });
      await dialog.waitFor();
      expect(await dialog.getAttribute("aria-modal")).toBe("true");
      await expect.poll(() => page.evaluate(() => document.getElementById("filters")?.contains(document.activeElement))).toBe(true);
      // the address lost the fragment, so closing really closes it
      expect(new URL(page.url()).hash).toBe("");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await page.locator("#filters").isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("filters-toggle");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a click on a button that needs script opens what it opens once hydrated", async () => {
    const { page, pageErrors, close, scripts } = await openHeld("/about-us");
    try {
      const myStore = page.locator("button[data-my-store-toggle]");
      await notHydrated(myStore);
      await myStore.click();
      expect(await myStore.getAttribute("aria-expanded")).toBe("false");
      scripts.release();
      await expect.poll(() => myStore.getAttribute("aria-expanded")).toBe("true");
      await page.getByRole("dialog", { name: "My Store" }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a form sent before hydration does not reload the page with its fields in the address; once hydrated it sends what was typed", async () => {
    const { page, pageErrors, close, scripts } = await openHeld("/customer/account/forgotpassword");
    try {
      const email = page.getByLabel("Email");
      const send = page.getByRole("button", { name: "Reset My Password" });
      await notHydrated(email);
      expect(await send.isDisabled()).toBe(true);
      await email.fill("early.typist@example.com");
      await email.press("Enter");
      // nothing went to the browser: same address, no query, the typed text still in the box
      expect(new URL(page.url()).search).toBe("");
      expect(await email.inputValue()).toBe("early.typist@example.com");
      scripts.release();
      await expect.poll(() => send.isEnabled()).toBe(true);
      await send.click();
      await expect.poll(() => page.getByRole("main").getByRole("status").innerText().catch(() => ""))
        .toBe("If there is an account with that email address, we have sent it a link to reset the password.");
      expect(new URL(page.url()).search).toBe("");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("a form's button is not enabled before React holds what was typed before hydration: a click the moment it is sends the typed values", async () => {
    const opened = await openPage(browser, baseUrl, PHONE);
    const { page, pageErrors, close } = opened;
    try {
      // the early-input script's replay poll (30 ms) made slow, so the moment between hydration
      // and replay is long enough to click in
      await page.addInitScript(() => {
        const original = window.setTimeout;
        window.setTimeout = ((fn: TimerHandler, ms?: number, ...rest: unknown[]) => original(fn, ms === 30 ? 800 : ms, ...rest)) as typeof window.setTimeout;
      });
      const scripts = await holdScripts(page);
      await page.goto("/customer/account/resetpassword?token=early-typist", { waitUntil: "domcontentloaded" });
      const password = page.getByLabel("New password", { exact: true });
      await notHydrated(password);
      await password.fill("harbor-violet-cascade-93");
      await page.getByLabel("Confirm new password", { exact: true }).fill("harbor-violet-cascade-93x");
      scripts.release();
      // clicked as soon as it is enabled: the passwords React holds are the typed ones, which differ
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect.poll(() => page.getByRole("main").getByRole("alert").innerText().catch(() => ""))
        .toBe("The password and its confirmation do not match.");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});
