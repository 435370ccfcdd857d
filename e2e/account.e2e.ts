/**
 * Customer accounts (spec 000 §2 account panel, §4 sign-in/out/up, §5 rules, §7 calls, §8 errors):
 * create an account in the account panel (strength feedback while typing), sign out, keep a
 * guest's cart through sign-in, add and edit an address, and reset a forgotten password through
 * the mail a local SMTP server receives; an order placed at checkout shows in the order history.
 * Its own stack, whose api sends mail to that server.
 */
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { SmtpPeer } from "../api/src/test/smtp";
import { DESKTOP, PHONE, apiJson, launchBrowser, openPage, startStack, type Stack } from "./harness";

interface ListItem { entity_id: string; name: string; type_id: string; in_stock: boolean; prices: { poa: boolean; final_price_without_tax: number } }

const EMAIL = "journey.shopper@example.com";
const FIRST_PASSWORD = "lantern-quarry-mosaic-71";
const NEW_PASSWORD = "orchid-tundra-bicycle-38";
/** Screenshots for a person to look at, when ACCOUNT_SCREENSHOTS names a folder. */
const SHOTS = process.env.ACCOUNT_SCREENSHOTS ? path.resolve(process.env.ACCOUNT_SCREENSHOTS) : null;
const WIDE = { ...DESKTOP, viewport: { width: 1366, height: 900 } };

let browser: Browser;
let smtp: SmtpPeer;
let stack: Stack;

beforeAll(async () => {
  smtp = await SmtpPeer.start();
  stack = await startStack({ seedProducts: 60, apiEnv: { SMTP_URL: smtp.url } });
  browser = await launchBrowser();
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.close();
});

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

const accountControl = (page: Page) => page.getByRole("banner").getByTestId("header-account");
const panel = (page: Page) => page.getByRole("dialog");
const headerName = (page: Page) => page.getByRole("banner").getByTestId("header-first-name");

async function openPanel(page: Page) {
  await expect.poll(() => accountControl(page).innerText()).toContain("Sign In");
  await accountControl(page).click();
  await expect.poll(() => panel(page).isVisible()).toBe(true);
}

async function signIn(page: Page, password: string) {
  await openPanel(page);
  const dialog = panel(page);
  await dialog.getByLabel("Email").fill(EMAIL);
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function signOut(page: Page) {
  await page.goto("/customer/account");
  await page.getByRole("navigation", { name: "My account" }).getByRole("button", { name: "Sign Out" }).click();
  await expect.poll(() => accountControl(page).innerText()).toContain("Sign In");
}

/** Adds a product to the session's cart through the api, as the product page would. */
async function addToCart(page: Page, productId: string): Promise<void> {
  const status = await page.evaluate(async (id) => {
    const session = await (await fetch("/api/rest/customers/self/session")).json();
    const response = await fetch("/api/rest/cart/items", {
      method: "POST",
      headers: { "content-type": "application/json", "x-csrf-token": session.customer_data.csrf_token },
      body: JSON.stringify({ product_id: Number(id), qty: 2 }),
    });
    return response.status;
  }, productId);
  expect(status).toBe(200);
}

describe("customer account journeys", () => {
  it("creates an account in the account panel, greets the customer by first name, signs out, and keeps a guest's cart through sign-in", async () => {
    const { page, pageErrors, close } = await openPage(browser, stack.baseUrl, WIDE);
    try {
      await page.goto("/");
      await openPanel(page);
      const dialog = panel(page);
      await shot(page, "panel-sign-in-1366");
      await dialog.getByRole("tab", { name: "Create an Account" }).click();
      await dialog.getByLabel("First name").fill("Journey");
      await dialog.getByLabel("Last name").fill("Shopper");
      await dialog.getByLabel("Email").fill(EMAIL);
      const password = dialog.getByLabel("Password", { exact: true });
      await password.fill("short");
      await expect.poll(() => dialog.getByTestId("password-strength").innerText()).toBe("Please enter a password of at least 8 characters.");
      await password.fill("password1");
      await expect.poll(() => dialog.getByTestId("password-strength").innerText(), { timeout: 15_000 }).toMatch(/^Password strength: Very weak\./);
      await password.fill(FIRST_PASSWORD);
      await expect.poll(() => dialog.getByTestId("password-strength").innerText()).toMatch(/^Password strength: (Strong|Very strong)\.$/);
      await shot(page, "panel-create-1366");
      await dialog.getByRole("button", { name: "Create an Account", exact: true }).click();
      // 201: signed in, the panel (opened with autoClose) closes, the header says the first name
      await expect.poll(() => headerName(page).innerText().catch(() => "")).toBe("Hi, Journey");
      expect(await panel(page).isVisible()).toBe(false);

      await page.goto("/customer/account");
      await expect.poll(() => page.getByTestId("account-contact").innerText().catch(() => "")).toContain(EMAIL);
      await shot(page, "dashboard-1366");
      await signOut(page);

      // a guest fills a cart, then signs in (a wrong password first: the server's message)
      const listing = await apiJson<{ products: ListItem[] }>(page, "/categories/default-category?embed=products&limit=50");
      const product = listing.products.find((p) => p.type_id === "simple" && !p.prices.poa && p.in_stock)!;
      expect(product).toBeDefined();
      await addToCart(page, product.entity_id);
      await signIn(page, "not-the-password");
      await expect.poll(() => panel(page).getByRole("alert").innerText().catch(() => "")).toBe("Invalid login or password.");
      await panel(page).getByLabel("Password").fill(FIRST_PASSWORD);
      await panel(page).getByRole("button", { name: "Sign In", exact: true }).click();
      await expect.poll(() => headerName(page).innerText().catch(() => "")).toBe("Hi, Journey");
      const cart = await apiJson<{ items: Record<string, { product_id: number; qty: number }> }>(page, "/cart?embed=items");
      expect(Object.values(cart.items).map((i) => [String(i.product_id), i.qty])).toEqual([[product.entity_id, 2]]);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("adds an address with the phone mask, the postcode rule and a region, then edits it", async () => {
    const { page, pageErrors, close } = await openPage(browser, stack.baseUrl, WIDE);
    try {
      await page.goto("/customer/account/addresses");
      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      const dialog = panel(page);
      await dialog.getByLabel("Email").fill(EMAIL);
      await dialog.getByLabel("Password").fill(FIRST_PASSWORD);
      await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
      await page.getByRole("button", { name: "Add New Address" }).click();
      const form = page.getByRole("form", { name: "Add New Address" });
      await form.getByLabel("Street address", { exact: true }).fill("500 Congress Ave");
      await form.getByLabel("City").fill("Austin");
      await expect.poll(() => form.getByLabel("State").locator("option").count()).toBeGreaterThan(50);
      await form.getByLabel("State").selectOption({ label: "Texas" });
      const zip = form.getByLabel("ZIP code");
      await zip.fill("78701-1234");
      const phone = form.getByLabel("Phone number");
      await phone.pressSequentially("1512555010");
      expect(await phone.inputValue()).toBe("(512) 555-010");
      await phone.pressSequentially("0");
      expect(await phone.inputValue()).toBe("(512) 555-0100");
      expect(await zip.inputValue()).toBe("78701"); // cut at the dash when the field was left
      await form.getByLabel("Use as my default shipping address").check();
      await shot(page, "address-form-1366");
      await form.getByRole("button", { name: "Save Address" }).click();
      const card = page.getByTestId("address-card");
      await expect.poll(() => card.innerText().catch(() => "")).toContain("Austin, Texas 78701");
      expect(await card.innerText()).toContain("Default shipping");
      expect(await card.innerText()).toContain("(512) 555-0100");

      await card.getByRole("button", { name: /^Edit address/ }).click();
      const edit = page.getByRole("form", { name: "Edit Address" });
      await edit.getByLabel("City").fill("Round Rock");
      await edit.getByLabel("ZIP code").fill("78664");
      await edit.getByRole("button", { name: "Save Address" }).click();
      await expect.poll(() => page.getByTestId("address-card").innerText().catch(() => "")).toContain("Round Rock, Texas 78664");
      expect(await page.getByTestId("address-card").count()).toBe(1);
      await shot(page, "addresses-1366");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("resets a forgotten password through the link in the mail, then signs in with the new one", async () => {
    const { page, pageErrors, close } = await openPage(browser, stack.baseUrl, PHONE);
    try {
      await page.goto("/customer/account/forgotpassword");
      await page.getByLabel("Email").fill(EMAIL);
      const before = smtp.received.length;
      await page.getByRole("button", { name: "Reset My Password" }).click();
      await expect.poll(() => page.getByRole("main").getByRole("status").innerText().catch(() => ""))
        .toBe("If there is an account with that email address, we have sent it a link to reset the password.");
      const [mail] = (await smtp.waitFor(before + 1, 20_000)).slice(before);
      expect(mail!.envelope.to).toEqual([EMAIL]);
      const link = /(http\S+\/customer\/account\/resetpassword\?token=\S+)/.exec(mail!.mail.text ?? "")?.[1];
      expect(link?.startsWith(`${stack.baseUrl}/customer/account/resetpassword?token=`)).toBe(true);

      await page.goto(link!);
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password", { exact: true }).fill(`${NEW_PASSWORD}x`);
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect.poll(() => page.getByRole("main").getByRole("alert").innerText().catch(() => "")).toBe("The password and its confirmation do not match.");
      await page.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
      await shot(page, "reset-password-390");
      await page.getByRole("button", { name: "Set New Password" }).click();
      await expect.poll(() => page.getByRole("main").getByRole("status").innerText().catch(() => "")).toBe("Your password has been reset. You can now sign in with the new one.");

      await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
      const dialog = panel(page);
      await dialog.getByLabel("Email").fill(EMAIL);
      await dialog.getByLabel("Password").fill(NEW_PASSWORD);
      await shot(page, "panel-sign-in-390");
      await dialog.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect.poll(() => headerName(page).innerText().catch(() => "")).toBe("Hi, Journey");
      await page.goto("/customer/account/orders");
      await expect.poll(() => page.getByRole("main").innerText()).toContain("My Orders");
      await shot(page, "orders-390");
      await page.goto("/customer/account/addresses");
      await expect.poll(() => page.getByTestId("address-card").count()).toBe(1);
      await shot(page, "addresses-390");
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("an order placed at checkout is in the customer's order history with its line and total", async () => {
    const { page, pageErrors, close } = await openPage(browser, stack.baseUrl, WIDE);
    try {
      await page.goto("/");
      // the page's own first calls make the browser's session: the token read below must be that
      // session's, not one whose cookie a later answer of theirs replaces
      await page.waitForLoadState("networkidle");
      // the account itself (its panel is another journey's): signed up through the api, as the panel does
      const created = await page.evaluate(async (email) => {
        const session = await (await fetch("/api/rest/customers/self/session")).json();
        const response = await fetch("/api/rest/customers", {
          method: "POST",
          headers: { "content-type": "application/json", "x-csrf-token": session.customer_data.csrf_token },
          body: JSON.stringify({ firstname: "Order", lastname: "History", email, password: "harbor-violet-cascade-93" }),
        });
        return response.status;
      }, "order.history@example.com");
      expect(created).toBe(201);
      await page.goto("/customer/account/orders");
      await expect.poll(() => page.getByText("You have placed no orders.").isVisible().catch(() => false)).toBe(true);

      // under the check / money-order review threshold, so the order lands on success
      const listing = await apiJson<{ products: ListItem[] }>(page, "/categories/default-category?embed=products&limit=50");
      const product = listing.products.find((p) => p.type_id === "simple" && !p.prices.poa && p.in_stock && p.prices.final_price_without_tax < 500)!;
      expect(product).toBeDefined();
      await addToCart(page, product.entity_id);

      await page.goto("/checkout");
      const email = page.getByRole("textbox", { name: "Email address" });
      await email.fill("order.history@example.com");
      await email.blur();
      const billing = page.getByTestId("billing-form");
      await billing.getByLabel("First name").fill("Order");
      await billing.getByLabel("Last name").fill("History");
      await billing.getByLabel("Street address").fill("1 Main St");
      await billing.getByLabel("City").fill("Portland");
      await billing.getByLabel("State / Province").fill("OR");
      await billing.getByLabel("ZIP / Postal code").fill("97201");
      await billing.getByLabel("Phone").fill("503-555-0100");
      await billing.getByRole("button", { name: "Save billing address" }).click();
      await page.getByTestId("shipping-same").waitFor();
      await page.getByRole("radio", { name: /Standard Delivery/ }).click();
      await page.getByRole("radio", { name: "Check / Money order" }).click();
      const place = page.getByRole("button", { name: "Place Order" });
      await expect.poll(() => place.isDisabled()).toBe(false);
      await place.click();
      await page.waitForURL("**/checkout/success");
      const number = await page.getByTestId("order-number").innerText();
      const total = await page.getByTestId("order-total").innerText();
      expect(number).toMatch(/^\d{9}$/);

      await page.goto("/customer/account/orders");
      const order = page.getByTestId("order");
      await expect.poll(() => order.count()).toBe(1);
      const text = await order.innerText();
      expect(text).toContain(`Order #${number}`);
      expect(text).toContain(product.name);
      expect(text).toContain(total);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("the account panel is a modal: focus stays inside, Escape closes it and focus returns to the header", async () => {
    const { page, close } = await openPage(browser, stack.baseUrl, WIDE);
    try {
      await page.goto("/");
      await openPanel(page);
      for (let i = 0; i < 8; i++) {
        await page.keyboard.press("Tab");
        expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
      }
      await page.keyboard.press("Escape");
      await expect.poll(() => panel(page).isVisible()).toBe(false);
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("header-account");
    } finally {
      await close();
    }
  });
});
