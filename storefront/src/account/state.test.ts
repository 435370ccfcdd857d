import { describe, expect, it } from "vitest";
import { configureStore } from "@reduxjs/toolkit";
import type { CustomerAddress, OrdersAnswer, SessionUser } from "@store/contract";
import {
  accountSlice, createAccount, createAddress, deleteAddress, fetchAddresses, fetchOrders, fetchSession, panelClosed, panelOpened, recaptchaSet,
  resetPassword, signIn, signOutAndRefetch, updateAddress, type AccountDeps,
} from "./state";

// The §4 transitions of the account slice, one by one, through a real store. The calls are stand-ins
// that answer as the api would (resolving or throwing an api error): the slice is what is tested.

const user = (over: Partial<SessionUser> = {}): SessionUser => ({
  isloggedin: true, firstname: "Ann", lastname: "Lee", email: "ann@example.com", customer_id: "7", entity_id: "7", isp_domain: "",
  customer_data: {
    blog_disliked: [], blog_liked: [], sid: "", newsletter_is_subscribed: false, amazon_logged_in: false, csrf_token: "t1", monetate_id: "", amazon_checkout_session_id: "",
  },
  ...over,
});
const guest = () => user({ isloggedin: false, firstname: "", lastname: "", email: "", customer_id: null, entity_id: null });
const address = (id: string, over: Partial<CustomerAddress> = {}): CustomerAddress => ({
  entity_id: id, customer_id: "7", firstname: "Ann", lastname: "Lee", middlename: "", prefix: "", suffix: "", company: "", street: ["1 Main St"],
  city: "Austin", region: "Texas", region_id: "TX", postcode: "78701", country_id: "US", telephone: "(512) 555-0100", fax: "",
  is_default_billing: false, is_default_shipping: false, ...over,
});
/** What the api's error answers become in the browser client. */
const serverError = (status: number, message: string) => Object.assign(new Error(message), { status, fromServer: true });
const bareError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { status, fromServer: false });

function setup(over: Partial<AccountDeps> = {}) {
  const log: string[] = [];
  const calls: Record<string, unknown[]> = {};
  const record = (name: string, ...args: unknown[]) => { (calls[name] ??= []).push(args); };
  const deps: AccountDeps = {
    session: async () => { record("session"); return guest(); },
    signIn: async () => user(),
    signOut: async () => guest(),
    createAccount: async (body) => { record("createAccount", body); return user(); },
    customer: async () => { throw new Error("unused"); },
    updateAccount: async () => { throw new Error("unused"); },
    newsletter: async () => user(),
    forgotPassword: async () => ({ message: "sent" }),
    resetPassword: async (body) => { record("resetPassword", body); return { message: "done" }; },
    regions: async () => [],
    addresses: async (id) => { record("addresses", id); return [address("1")]; },
    createAddress: async (_id, body) => address("2", body as Partial<CustomerAddress>),
    updateAddress: async (id, body) => address(id, body as Partial<CustomerAddress>),
    deleteAddress: async (id) => { record("deleteAddress", id); return []; },
    orders: async () => ({ orders: [{ entity_id: 3 }, { entity_id: 10 }, { entity_id: 5 }] as OrdersAnswer["orders"] }),
    sessionChanged: (u) => log.push(`session:${u.customer_data.csrf_token}`),
    refreshCart: () => log.push("cart"),
    signedIn: async () => { log.push("wishlist"); },
    ...over,
  };
  const store = configureStore({
    reducer: { account: accountSlice.reducer },
    middleware: (d) => d({ thunk: { extraArgument: deps } }),
  });
  return { store, log, calls, state: () => store.getState().account };
}

describe("account slice (spec 000 §4)", () => {
  it("starts idle for every operation, signed out, panel closed", () => {
    const { state } = setup();
    expect(Object.values(state().status).every((s) => s === "idle")).toBe(true);
    expect(state().user).toBeNull();
    expect(state().panel).toEqual({ open: false, autoClose: false, source: null, view: "signIn" });
  });

  it("session: pending, then fulfilled with the user; a failure without a server message is §8's text", async () => {
    const { store, state } = setup();
    const pending = store.dispatch(fetchSession());
    expect(state().status.session).toBe("pending");
    await pending;
    expect(state().status.session).toBe("fulfilled");
    expect(state().user?.isloggedin).toBe(false);

    const failing = setup({ session: async () => { throw bareError(502); } });
    await failing.store.dispatch(fetchSession());
    expect(failing.state().status.session).toBe("rejected");
    expect(failing.state().errors.session).toBe("An error occurred while retrieving your session.");
  });

  it("sign in: stores the user and first name, refreshes the cart, merges the wishlist; closes an autoClose panel", async () => {
    const { store, state, log } = setup();
    store.dispatch(panelOpened({ autoClose: true, source: "header" }));
    expect(state().panel).toMatchObject({ open: true, autoClose: true, source: "header" });
    await store.dispatch(signIn({ login: "ann@example.com", password: "pw" }));
    expect(state().status.signIn).toBe("fulfilled");
    expect(state().user?.customer_id).toBe("7");
    expect(state().firstName).toBe("Ann");
    expect(log).toEqual(["session:t1", "cart", "wishlist"]);
    expect(state().panel.open).toBe(false);
  });

  it("sign in failure: the server's message when there is one, else §8's; a new attempt clears the error", async () => {
    let answer: () => Promise<SessionUser> = async () => { throw serverError(401, "Invalid login or password."); };
    const { store, state } = setup({ signIn: () => answer() });
    await store.dispatch(signIn({ login: "a@b.co", password: "x" }));
    expect(state().status.signIn).toBe("rejected");
    expect(state().errors.signIn).toBe("Invalid login or password.");

    answer = async () => { throw bareError(500); };
    await store.dispatch(signIn({ login: "a@b.co", password: "x" }));
    expect(state().errors.signIn).toBe("Sorry, an unknown error was encountered.  Please try logging in again.");

    let finish!: (u: SessionUser) => void;
    answer = () => new Promise((resolve) => { finish = resolve; });
    const again = store.dispatch(signIn({ login: "a@b.co", password: "y" }));
    expect(state().status.signIn).toBe("pending");
    expect(state().errors.signIn).toBeNull();
    finish(user());
    await again;
    expect(state().status.signIn).toBe("fulfilled");
  });

  it("sign out: clears orders, addresses, user info and first name, then refetches the session and the cart", async () => {
    const { store, state, log, calls } = setup();
    await store.dispatch(signIn({ login: "ann@example.com", password: "pw" }));
    await store.dispatch(fetchAddresses());
    await store.dispatch(fetchOrders());
    expect(state().addresses).toHaveLength(1);
    expect(state().orders).toHaveLength(3);
    log.length = 0;
    await store.dispatch(signOutAndRefetch() as never);
    expect(state().status.signOut).toBe("fulfilled");
    expect(state().addresses).toEqual([]);
    expect(state().orders).toEqual([]);
    expect(state().firstName).toBe("");
    expect(log).toEqual(["session:t1", "cart"]);
    expect(calls.session).toHaveLength(1);
    expect(state().status.session).toBe("fulfilled");
    expect(state().user?.isloggedin).toBe(false);
  });

  it("create account: 201 signs in and resets the sign-up captcha, whose token was sent", async () => {
    const { store, state, calls, log } = setup();
    store.dispatch(recaptchaSet({ form: "user_create", token: "captcha-token" }));
    await store.dispatch(createAccount({ firstname: "Ann", lastname: "Lee", email: "ann@example.com", password: "pw" }));
    expect(calls.createAccount![0]).toEqual([{ firstname: "Ann", lastname: "Lee", email: "ann@example.com", password: "pw", "g-recaptcha-response": "captcha-token" }]);
    expect(state().status.createAccount).toBe("fulfilled");
    expect(state().user?.isloggedin).toBe(true);
    expect(state().firstName).toBe("Ann");
    expect(state().recaptcha.user_create).toBeNull();
    expect(log).toContain("cart");
  });

  it("create account failure: §8's text without a server message", async () => {
    const { store, state } = setup({ createAccount: async () => { throw bareError(500); } });
    await store.dispatch(createAccount({ firstname: "A", lastname: "B", email: "a@b.co", password: "pw" }));
    expect(state().errors.createAccount).toBe("Sorry, an unknown error was encountered.  Please try creating your account again.");
  });

  it("address calls do nothing without a customer id; delete also needs the address id", async () => {
    const { store, state, calls } = setup();
    await store.dispatch(fetchAddresses());
    await store.dispatch(deleteAddress("1"));
    expect(calls.addresses).toBeUndefined();
    expect(state().status.addresses).toBe("idle");
    await store.dispatch(signIn({ login: "ann@example.com", password: "pw" }));
    await store.dispatch(deleteAddress(""));
    expect(calls.deleteAddress).toBeUndefined();
    await store.dispatch(fetchAddresses());
    expect(calls.addresses).toEqual([["7"]]);
  });

  it("address create, update and delete: lists kept in step, a new default takes the flag; §8's texts on failure", async () => {
    const { store, state } = setup();
    await store.dispatch(signIn({ login: "ann@example.com", password: "pw" }));
    await store.dispatch(fetchAddresses());
    await store.dispatch(updateAddress({ id: "1", body: { is_default_shipping: true } }));
    expect(state().addresses[0]!.is_default_shipping).toBe(true);
    await store.dispatch(createAddress({ firstname: "Bo", lastname: "Lee", street: "2 Elm", city: "Austin", postcode: "78702", country_id: "US", telephone: "5125550101", is_default_shipping: true }));
    expect(state().addresses.map((a) => [a.entity_id, a.is_default_shipping])).toEqual([["1", false], ["2", true]]);

    const failing = setup({
      createAddress: async () => { throw bareError(500); },
      updateAddress: async () => { throw bareError(500); },
      deleteAddress: async () => { throw bareError(500); },
    });
    await failing.store.dispatch(signIn({ login: "a", password: "b" }));
    await failing.store.dispatch(createAddress({ firstname: "A", lastname: "B", street: "x", city: "y", postcode: "1", country_id: "US", telephone: "1" }));
    await failing.store.dispatch(updateAddress({ id: "1", body: {} }));
    await failing.store.dispatch(deleteAddress("1"));
    expect(failing.state().errors.addressCreate).toBe("Sorry, an unknown error occurred creating the address.  Please try again.");
    expect(failing.state().errors.addressUpdate).toBe("Sorry, an unknown error occurred updating the address.  Please try again.");
    expect(failing.state().errors.addressDelete).toBe("Sorry, an unknown error was encountered.  Please try deleting address again.");
  });

  it("orders: newest first by entity_id; no orders call yet (404) is an empty history", async () => {
    const { store, state } = setup();
    await store.dispatch(signIn({ login: "ann@example.com", password: "pw" }));
    await store.dispatch(fetchOrders());
    expect(state().orders.map((o) => o.entity_id)).toEqual([10, 5, 3]);
    const missing = setup({ orders: async () => { throw bareError(404); } });
    await missing.store.dispatch(signIn({ login: "a", password: "b" }));
    await missing.store.dispatch(fetchOrders());
    expect(missing.state().status.orders).toBe("fulfilled");
    expect(missing.state().orders).toEqual([]);
  });

  it("password reset: nothing is sent when a field is empty or they differ; the server's message, else §8's", async () => {
    const { store, state, calls } = setup();
    await store.dispatch(resetPassword({ token: "t", password: "", confirmation: "" }));
    await store.dispatch(resetPassword({ token: "t", password: "one", confirmation: "two" }));
    expect(calls.resetPassword).toBeUndefined();
    expect(state().status.passwordReset).toBe("idle");
    await store.dispatch(resetPassword({ token: "t", password: "same", confirmation: "same" }));
    expect(state().notices.passwordReset).toBe("done");

    const bad = setup({ resetPassword: async () => { throw serverError(400, "This password reset link is invalid or has expired. Please ask for a new one."); } });
    await bad.store.dispatch(resetPassword({ token: "t", password: "p", confirmation: "p" }));
    expect(bad.state().errors.passwordReset).toBe("This password reset link is invalid or has expired. Please ask for a new one.");
    const unknown = setup({ resetPassword: async () => { throw bareError(500); } });
    await unknown.store.dispatch(resetPassword({ token: "t", password: "p", confirmation: "p" }));
    expect(unknown.state().errors.passwordReset).toBe("An unknown error occurred while resetting the password, please contact site owner.");
  });

  it("the panel closes on demand", () => {
    const { store, state } = setup();
    store.dispatch(panelOpened({ source: "checkout", view: "createAccount" }));
    expect(state().panel).toEqual({ open: true, autoClose: false, source: "checkout", view: "createAccount" });
    store.dispatch(panelClosed());
    expect(state().panel.open).toBe(false);
  });
});
