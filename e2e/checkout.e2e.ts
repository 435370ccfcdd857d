/**
 * Cart and checkout journeys (spec 001 §2, §4, §5, §8): a guest adds a product with an add-on,
 * works the cart (quantity, coupon, add-on removal) and fills the one-page checkout up to the
 * place-order button; pickup at a store; the card form's checks. Products are found through the
 * storefront's own /api/rest, as the browser finds them.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { PHONE, apiFromPage, apiJson, launchBrowser, openPage } from "./harness";

interface Prices { final_price_without_tax: number; poa: boolean; display_add_to_cart: boolean; display_price: { formatted: string } | null }
interface ListItem { entity_id: string; url_key: string; name: string; type_id: string; prices: Prices }
interface Detail extends ListItem { crosssells?: Array<ListItem & { pre_selected_add_on: boolean }> }
interface Total { amount: number; formatted: string }
interface Cart {
  info: { qty: number; coupon_code: string | null; shipping_method: string | null; shipping_data: { location_id?: number }; email: string | null };
  totals: { subtotal: Total; discount: Total; shipping: Total; tax: Total; grand_total: Total };
  items: Record<string, { product_id: number; qty: number; crosssell_parent_id: string; name: string }>;
}

const baseUrl = inject("baseUrl");
let browser: Browser;
let withAddOn: Detail;
let plain: ListItem;
/** a simple product some store holds, for pickup */
let stocked: ListItem;

const productPath = (urlKey: string) => `/product/${encodeURIComponent(urlKey)}`;
const cartOf = (page: Page) => apiJson<Cart>(page, "/cart");
const poll = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, timeout = 10_000): Promise<T> => {
  const until = Date.now() + timeout;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 150));
    value = await read();
  }
  return value;
};

beforeAll(async () => {
  browser = await launchBrowser();
  const { page, close } = await openPage(browser, baseUrl);
  try {
    await page.goto("/favicon.ico");
    const listing = await apiJson<{ products: ListItem[] }>(page, "/categories/default-category?embed=products&limit=100");
    const simples = listing.products.filter((p) => p.type_id === "simple" && !p.prices.poa && p.prices.display_add_to_cart && p.prices.display_price);
    for (const item of simples) {
      const detail = await apiJson<Detail>(page, `/products/${item.entity_id}?embed=crosssells`);
      const addOns = (detail.crosssells ?? []).filter((a) => !a.prices.poa);
      if (addOns.length > 0 && detail.prices.final_price_without_tax > 300) { withAddOn = detail; break; }
    }
    expect(withAddOn, "a simple product over $300 with an add-on").toBeDefined();
    plain = simples.find((p) => p.entity_id !== withAddOn.entity_id)!;
    expect(plain).toBeDefined();
    for (const item of simples) {
      const stock = await apiJson<{ store_list: Array<{ qty: number }> }>(page, `/products/${item.entity_id}/inventory?zip=90210`);
      if (stock.store_list.some((s) => s.qty > 0)) { stocked = item; break; }
    }
    expect(stocked, "a simple product in stock at a store").toBeDefined();
  } finally {
    await close();
  }
});
afterAll(async () => {
  await browser?.close();
});

/** From the product page: the product with exactly one add-on ticked, then Add to Cart. */
async function addWithOneAddOn(page: Page): Promise<string> {
  await page.goto(productPath(withAddOn.url_key));
  const addOns = page.getByRole("group", { name: "Add-ons" }).getByRole("checkbox");
  await addOns.first().waitFor();
  for (const box of await addOns.all()) if (await box.isChecked()) await box.uncheck();
  await addOns.first().check();
  const addOnName = (await page.getByRole("group", { name: "Add-ons" }).locator("label").first().innerText()).split("\n")[0]!.trim();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  return addOnName;
}

describe("guest cart", () => {
  it("adds a product with an add-on, shows the notification and the header count, and the cart page lists both", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      const addOnName = await addWithOneAddOn(page);
      const note = page.getByRole("dialog", { name: "Added to your cart" });
      await note.waitFor();
      await expect(note.innerText()).resolves.toContain(withAddOn.name);
      await expect(note.innerText()).resolves.toContain(addOnName);
      await poll(() => page.getByTestId("header-cart-count").innerText(), (t) => t === "2");
      expect(await page.getByTestId("header-cart-count").innerText()).toBe("2");
      const cart = await cartOf(page);
      const lines = Object.values(cart.items);
      expect(lines).toHaveLength(2);
      expect(lines.find((l) => l.product_id === Number(withAddOn.entity_id))?.crosssell_parent_id).toBe("");
      expect(lines.find((l) => l.product_id !== Number(withAddOn.entity_id))?.crosssell_parent_id).toBe(withAddOn.entity_id);

      await note.getByRole("link", { name: "View cart & checkout" }).click();
      await page.waitForURL("**/checkout/cart");
      await page.getByTestId("cart-line").first().waitFor();
      expect(await page.getByTestId("cart-line").count()).toBe(1);
      expect(await page.getByTestId("cart-addon").innerText()).toContain(addOnName);
      expect(await page.getByTestId("total-subtotal").innerText()).toBe(cart.totals.subtotal.formatted);
      expect(await page.getByTestId("total-grand").innerText()).toBe(cart.totals.grand_total.formatted);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("changes the quantity, takes a coupon, refuses a bad one with the api's reason, and removes an add-on", async () => {
    const { page, close } = await openPage(browser, baseUrl);
    try {
      await addWithOneAddOn(page);
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await page.goto("/checkout/cart");
      await page.getByTestId("cart-line").first().waitFor();

      await page.getByRole("button", { name: "Increase quantity" }).click();
      const two = await poll(() => cartOf(page), (c) => c.info.qty === 3);
      expect(two.info.qty).toBe(3);
      await poll(() => page.getByTestId("total-subtotal").innerText(), (t) => t === two.totals.subtotal.formatted);
      expect(await page.getByTestId("total-subtotal").innerText()).toBe(two.totals.subtotal.formatted);

      await page.getByRole("textbox", { name: "Coupon code" }).fill("NOSUCHCODE");
      await page.getByRole("button", { name: "Apply" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "NOSUCHCODE" }).innerText()).resolves.toBe('The coupon code "NOSUCHCODE" is not valid.');

      await page.getByRole("textbox", { name: "Coupon code" }).fill("SAVE10");
      await page.getByRole("button", { name: "Apply" }).click();
      await page.getByText("Coupon SAVE10 applied").waitFor();
      const discounted = await cartOf(page);
      expect(discounted.info.coupon_code).toBe("SAVE10");
      expect(discounted.totals.discount.amount).toBeCloseTo(discounted.totals.subtotal.amount * 0.1, 1);
      expect(await page.getByTestId("total-discount").innerText()).toBe(`−${discounted.totals.discount.formatted}`);

      await page.getByTestId("cart-addon").getByRole("button", { name: /Remove/ }).click();
      await poll(() => page.getByTestId("cart-addon").count(), (n) => n === 0);
      expect(await page.getByTestId("cart-addon").count()).toBe(0);
      expect(Object.keys((await cartOf(page)).items)).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it("adds from a listing tile and shows an empty cart once the line is removed", async () => {
    const { page, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto("/catalog");
      const tile = page.locator(`article[data-product-id="${plain.entity_id}"]`);
      await tile.getByRole("button", { name: /Add to Cart/ }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await page.goto("/checkout/cart");
      await page.getByTestId("cart-line").waitFor();
      await page.getByRole("button", { name: `Remove ${plain.name}` }).click();
      await page.getByText("Your cart is empty.").waitFor();
      expect((await cartOf(page)).info.qty).toBe(0);
    } finally {
      await close();
    }
  });
});

/** Fills the one-page checkout's email and billing address (shipping to it). */
async function fillCheckout(page: Page) {
  await page.goto("/checkout");
  const email = page.getByRole("textbox", { name: "Email address" });
  await email.fill("guest.journey@example.com");
  await email.blur();
  const billing = page.getByTestId("billing-form");
  await billing.getByLabel("First name").fill("Ann");
  await billing.getByLabel("Last name").fill("Lee");
  await billing.getByLabel("Street address").fill("1 Main St");
  await billing.getByLabel("City").fill("Los Angeles");
  await billing.getByLabel("State / Province").fill("CA");
  await billing.getByLabel("ZIP / Postal code").fill("90001");
  await billing.getByLabel("Phone").fill("310-555-0100");
  await billing.getByRole("button", { name: "Save billing address" }).click();
  await page.getByTestId("shipping-same").waitFor();
}

describe("one-page checkout", () => {
  it("takes email, billing shipped to the same address, a shipping method and a payment method, then enables Place Order", async () => {
    const { page, pageErrors, close } = await openPage(browser, baseUrl);
    try {
      await addWithOneAddOn(page);
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await fillCheckout(page);
      const place = page.getByRole("button", { name: "Place Order" });
      expect(await place.isDisabled()).toBe(true);
      expect(await page.getByTestId("shipping-same").innerText()).toContain("1 Main St");

      await page.getByRole("radio", { name: /Standard Delivery/ }).click();
      const shipped = await poll(() => cartOf(page), (c) => c.info.shipping_method === "flatrate_flatrate");
      expect(shipped.info.email).toBe("guest.journey@example.com");
      expect(shipped.totals.shipping.formatted).toBe("$49.99");
      await poll(() => page.getByTestId("total-shipping").innerText(), (t) => t === "$49.99");
      expect(await page.getByTestId("total-grand").innerText()).toBe(shipped.totals.grand_total.formatted);
      expect(await place.isDisabled()).toBe(true);

      await page.getByRole("radio", { name: "Check / Money order" }).click();
      await poll(() => place.isDisabled(), (d) => !d);
      expect(await place.isDisabled()).toBe(false);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("picks up at a store: the store is saved with the method and shipping is free", async () => {
    const { page, close } = await openPage(browser, baseUrl);
    try {
      await page.goto(productPath(stocked.url_key));
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await fillCheckout(page);
      await page.getByRole("radio", { name: /Pick up at a store/ }).click();
      const store = page.getByRole("combobox", { name: "Pickup store" });
      await store.waitFor();
      const picked = await poll(() => cartOf(page), (c) => c.info.shipping_method === "instore_pickup");
      expect(picked.info.shipping_data.location_id).toBe(Number(await store.inputValue()));
      expect(picked.totals.shipping.amount).toBe(0);
      expect(await page.getByTestId("total-shipping").innerText()).toBe("$0.00");
    } finally {
      await close();
    }
  });

  it("checks the card before anything is sent: type, number and security code texts of the spec", async () => {
    const { page, close } = await openPage(browser, baseUrl, PHONE);
    try {
      await page.goto(productPath(plain.url_key));
      await page.getByRole("button", { name: "Add to Cart" }).click();
      await page.getByRole("dialog", { name: "Added to your cart" }).waitFor();
      await fillCheckout(page);
      await page.getByRole("radio", { name: /Standard Delivery/ }).click();
      await poll(() => cartOf(page), (c) => c.info.shipping_method === "flatrate_flatrate");
      await page.getByRole("radio", { name: "Credit Card" }).click();
      const form = page.getByTestId("card-form");
      await form.waitFor();
      await form.getByLabel("Card number").fill("4111 1111 1111 1111");
      expect(await form.getByLabel("Card type").inputValue()).toBe("VI");
      await form.getByLabel("Expiry month").selectOption("12");
      await form.getByLabel("Expiry year").selectOption(String(new Date().getFullYear() + 2));
      await form.getByLabel("Security code").fill("12");
      const place = page.getByRole("button", { name: "Place Order" });
      await place.click();
      await expect(page.getByTestId("card-error").innerText()).resolves.toBe("Invalid CVN length.");
      await form.getByLabel("Security code").fill("123");
      await form.getByLabel("Card type").selectOption("MC");
      await place.click();
      await expect(page.getByTestId("card-error").innerText()).resolves.toBe("Credit card type not accepted");
      await form.getByLabel("Card number").fill("4111 1111 1111 1112");
      await form.getByLabel("Card type").selectOption("VI");
      await place.click();
      await expect(page.getByTestId("card-error").innerText()).resolves.toBe("Credit card type/number mismatch.");
      // nothing was lost: the cart is whole
      expect((await cartOf(page)).info.qty).toBe(1);
    } finally {
      await close();
    }
  });
});
