import { createAsyncThunk, createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { AddressBody, CreateCustomerRequest, Customer, CustomerAddress, RegionOption, SessionUser, UpdateCustomerRequest } from "@store/contract";
import { ACCOUNT_ERRORS, UNKNOWN_ERROR } from "./messages";
import type { OrdersAnswer } from "@store/contract";
import type { OrderSummary } from "./api";

export type AsyncStatus = "idle" | "pending" | "fulfilled" | "rejected";

/** The asynchronous account operations of spec 000 §4, each idle → pending → fulfilled | rejected. */
export const OPERATIONS = [
  "session", "signIn", "createAccount", "updateAccount", "signOut", "customer",
  "addresses", "addressCreate", "addressUpdate", "addressDelete", "orders", "newsletter", "passwordRequest", "passwordReset", "regions",
] as const;
export type Operation = (typeof OPERATIONS)[number];

/** Forms whose captcha token is kept until used (spec 000 §4 "Recaptcha tokens … are stored and reset"). */
export type CaptchaForm = "user_create" | "newsletter" | "guest_checkout";

export interface AccountState {
  /** null until the session has been read */
  user: SessionUser | null;
  firstName: string;
  customer: Customer | null;
  addresses: CustomerAddress[];
  orders: OrderSummary[];
  regions: RegionOption[];
  status: Record<Operation, AsyncStatus>;
  errors: Record<Operation, string | null>;
  /** what a call answered on success, for the forms that show it (password request and reset) */
  notices: Partial<Record<Operation, string>>;
  panel: { open: boolean; autoClose: boolean; source: string | null; view: "signIn" | "createAccount" };
  recaptcha: Record<CaptchaForm, string | null>;
}

const each = <T,>(value: T) => Object.fromEntries(OPERATIONS.map((op) => [op, value])) as Record<Operation, T>;

export const initialAccountState: AccountState = {
  user: null,
  firstName: "",
  customer: null,
  addresses: [],
  orders: [],
  regions: [],
  status: each<AsyncStatus>("idle"),
  errors: each<string | null>(null),
  notices: {},
  panel: { open: false, autoClose: false, source: null, view: "signIn" },
  recaptcha: { user_create: null, newsletter: null, guest_checkout: null },
};

/** Spec 000 §7: the server's messages.error text when it sent one, else §8's fallback for the call. */
export function accountError(error: unknown, fallback: string): string {
  if (error && typeof error === "object" && (error as { fromServer?: unknown }).fromServer === true) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message) return message;
  }
  return fallback;
}

/** The fallback of each operation (§8 names those with one; the rest say the generic text). */
export const FALLBACKS: Record<Operation, string> = {
  ...each(UNKNOWN_ERROR),
  session: ACCOUNT_ERRORS.session,
  signIn: ACCOUNT_ERRORS.signIn,
  createAccount: ACCOUNT_ERRORS.createAccount,
  updateAccount: ACCOUNT_ERRORS.updateAccount,
  addressCreate: ACCOUNT_ERRORS.addressCreate,
  addressUpdate: ACCOUNT_ERRORS.addressUpdate,
  addressDelete: ACCOUNT_ERRORS.addressDelete,
  passwordReset: ACCOUNT_ERRORS.passwordReset,
};

/** The calls and side effects thunks use; the browser build passes the real ones (account/thunks.ts). */
export interface AccountDeps {
  session(): Promise<SessionUser>;
  signIn(login: string, password: string): Promise<SessionUser>;
  signOut(): Promise<SessionUser>;
  createAccount(body: CreateCustomerRequest): Promise<SessionUser>;
  customer(id: string): Promise<Customer>;
  updateAccount(id: string, body: UpdateCustomerRequest): Promise<Customer>;
  newsletter(subscribed: boolean, recaptcha?: string): Promise<SessionUser>;
  forgotPassword(email: string): Promise<{ message: string }>;
  resetPassword(body: { token: string; password: string; confirmation: string }): Promise<{ message: string }>;
  regions(): Promise<RegionOption[]>;
  addresses(customerId: string): Promise<CustomerAddress[]>;
  createAddress(customerId: string, body: AddressBody): Promise<CustomerAddress>;
  updateAddress(id: string, body: Partial<AddressBody>): Promise<CustomerAddress>;
  deleteAddress(id: string): Promise<CustomerAddress[]>;
  orders(): Promise<OrdersAnswer>;
  /** the session's user changed: later calls must use its CSRF token */
  sessionChanged(user: SessionUser): void;
  /** the session's cart changed (sign-in, sign-up, sign-out) */
  refreshCart(): void;
  /** signed in: the browser's wishlist joins the server's */
  signedIn(): Promise<void>;
}

type ThunkConfig = { state: { account: AccountState }; extra: AccountDeps; rejectValue: string };
const customerId = (state: { account: AccountState }) => state.account.user?.customer_id ?? null;

/** A thunk whose failure is the server's message or the operation's fallback. */
function operation<R, A = void>(op: Operation, run: (arg: A, deps: AccountDeps, state: () => { account: AccountState }) => Promise<R>,
  condition?: (arg: A, state: { account: AccountState }) => boolean) {
  return createAsyncThunk<R, A, ThunkConfig>(`account/${op}`, async (arg, { extra, getState, rejectWithValue }) => {
    try {
      return await run(arg, extra, getState);
    } catch (error) {
      return rejectWithValue(accountError(error, FALLBACKS[op]));
    }
  }, condition ? { condition: (arg, { getState }) => condition(arg, getState()) } : undefined);
}

export const fetchSession = operation("session", (_: void, deps) => deps.session(), (_, s) => s.account.status.session !== "pending");

/** Sign in stores the user and refreshes the cart (spec 000 §4). */
export const signIn = operation("signIn", async (arg: { login: string; password: string }, deps) => {
  const user = await deps.signIn(arg.login, arg.password);
  deps.sessionChanged(user);
  deps.refreshCart();
  void deps.signedIn();
  return user;
});

/** 201 signs the new customer in and resets the sign-up captcha (spec 000 §4). */
export const createAccount = operation("createAccount", async (arg: Omit<CreateCustomerRequest, "g-recaptcha-response">, deps, state) => {
  const token = state().account.recaptcha.user_create;
  const user = await deps.createAccount({ ...arg, ...(token ? { "g-recaptcha-response": token } : {}) });
  deps.sessionChanged(user);
  deps.refreshCart();
  void deps.signedIn();
  return user;
});

/** Sign out clears the customer's data, then the session and cart are fetched again (spec 000 §4). */
export const signOut = operation("signOut", async (_: void, deps) => {
  const guest = await deps.signOut();
  deps.sessionChanged(guest);
  return guest;
});

export const fetchCustomer = operation("customer", (_: void, deps, state) => deps.customer(customerId(state())!), (_, s) => customerId(s) !== null);

export const updateAccount = operation("updateAccount", (body: UpdateCustomerRequest, deps, state) => deps.updateAccount(customerId(state())!, body),
  (_, s) => customerId(s) !== null);

export const setNewsletter = operation("newsletter", async (subscribed: boolean, deps, state) =>
  deps.newsletter(subscribed, state().account.recaptcha.newsletter ?? undefined), (_, s) => customerId(s) !== null);

export const requestPasswordReset = operation("passwordRequest", async (email: string, deps) => (await deps.forgotPassword(email)).message);

/** Nothing is sent when the password or its confirmation is empty, or they differ (spec 000 §5). */
export const resetPassword = operation("passwordReset",
  async (arg: { token: string; password: string; confirmation: string }, deps) => (await deps.resetPassword(arg)).message,
  (arg) => Boolean(arg.password) && Boolean(arg.confirmation) && arg.password === arg.confirmation);

export const fetchRegions = operation("regions", (_: void, deps) => deps.regions(), (_, s) => s.account.status.regions !== "fulfilled");

/** Address calls do nothing without a customer id; delete also needs the address id (spec 000 §5). */
export const fetchAddresses = operation("addresses", (_: void, deps, state) => deps.addresses(customerId(state())!), (_, s) => customerId(s) !== null);
export const createAddress = operation("addressCreate", (body: AddressBody, deps, state) => deps.createAddress(customerId(state())!, body),
  (_, s) => customerId(s) !== null);
export const updateAddress = operation("addressUpdate", (arg: { id: string; body: Partial<AddressBody> }, deps) => deps.updateAddress(arg.id, arg.body),
  (arg, s) => customerId(s) !== null && Boolean(arg.id));
export const deleteAddress = operation("addressDelete", (id: string, deps) => deps.deleteAddress(id), (id, s) => customerId(s) !== null && Boolean(id));

/** GET /orders, newest first by entity_id; a store without the call yet has no orders to show. */
export const fetchOrders = operation("orders", async (_: void, deps) => {
  try {
    const answer = await deps.orders();
    return [...answer.orders].sort((a, b) => Number(b.entity_id) - Number(a.entity_id));
  } catch (error) {
    if ((error as { status?: number }).status === 404) return [];
    throw error;
  }
}, (_, s) => customerId(s) !== null);

const withUser = (state: AccountState, user: SessionUser) => {
  state.user = user;
  state.firstName = user.isloggedin ? user.firstname : "";
};

/** Sign-out's clearing: orders, addresses, user info and first name. */
const clearCustomer = (state: AccountState) => {
  state.orders = [];
  state.addresses = [];
  state.customer = null;
  state.user = null;
  state.firstName = "";
};

type Thunk = { pending: { type: string }; fulfilled: { type: string }; rejected: { type: string } };
const THUNKS: Array<[Operation, Thunk]> = [
  ["session", fetchSession], ["signIn", signIn], ["createAccount", createAccount], ["signOut", signOut], ["customer", fetchCustomer],
  ["updateAccount", updateAccount], ["newsletter", setNewsletter], ["passwordRequest", requestPasswordReset], ["passwordReset", resetPassword],
  ["regions", fetchRegions], ["addresses", fetchAddresses], ["addressCreate", createAddress], ["addressUpdate", updateAddress],
  ["addressDelete", deleteAddress], ["orders", fetchOrders],
];

export const accountSlice = createSlice({
  name: "account",
  initialState: initialAccountState,
  reducers: {
    /** The account panel opens with autoClose and the place it was opened from (spec 000 §4). */
    panelOpened(state, action: PayloadAction<{ autoClose?: boolean; source: string; view?: "signIn" | "createAccount" }>) {
      state.panel = { open: true, autoClose: action.payload.autoClose ?? false, source: action.payload.source, view: action.payload.view ?? "signIn" };
    },
    panelClosed(state) {
      state.panel = { ...state.panel, open: false, source: null };
    },
    panelView(state, action: PayloadAction<"signIn" | "createAccount">) {
      state.panel.view = action.payload;
    },
    recaptchaSet(state, action: PayloadAction<{ form: CaptchaForm; token: string | null }>) {
      state.recaptcha[action.payload.form] = action.payload.token;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchSession.fulfilled, (state, action) => {
        state.status.session = "fulfilled";
        withUser(state, action.payload);
      })
      .addCase(signIn.fulfilled, (state, action) => {
        state.status.signIn = "fulfilled";
        withUser(state, action.payload);
        if (state.panel.autoClose) state.panel = { ...state.panel, open: false, source: null };
      })
      .addCase(createAccount.fulfilled, (state, action) => {
        state.status.createAccount = "fulfilled";
        withUser(state, action.payload);
        state.recaptcha.user_create = null;
        if (state.panel.autoClose) state.panel = { ...state.panel, open: false, source: null };
      })
      .addCase(signOut.fulfilled, (state) => {
        state.status.signOut = "fulfilled";
        clearCustomer(state);
        state.status.session = "idle";
        state.status.addresses = "idle";
        state.status.orders = "idle";
        state.status.customer = "idle";
      })
      .addCase(fetchCustomer.fulfilled, (state, action) => {
        state.status.customer = "fulfilled";
        state.customer = action.payload;
      })
      .addCase(updateAccount.fulfilled, (state, action) => {
        state.status.updateAccount = "fulfilled";
        state.customer = action.payload;
        if (state.user) {
          state.user = { ...state.user, firstname: action.payload.firstname, lastname: action.payload.lastname, email: action.payload.email };
          state.firstName = action.payload.firstname;
        }
      })
      .addCase(setNewsletter.fulfilled, (state, action) => {
        state.status.newsletter = "fulfilled";
        withUser(state, action.payload);
        if (state.customer) state.customer.newsletter_is_subscribed = action.payload.customer_data.newsletter_is_subscribed;
        state.recaptcha.newsletter = null;
      })
      .addCase(requestPasswordReset.fulfilled, (state, action) => {
        state.status.passwordRequest = "fulfilled";
        state.notices.passwordRequest = action.payload;
      })
      .addCase(resetPassword.fulfilled, (state, action) => {
        state.status.passwordReset = "fulfilled";
        state.notices.passwordReset = action.payload;
      })
      .addCase(fetchRegions.fulfilled, (state, action) => {
        state.status.regions = "fulfilled";
        state.regions = action.payload;
      })
      .addCase(fetchAddresses.fulfilled, (state, action) => {
        state.status.addresses = "fulfilled";
        state.addresses = action.payload;
      })
      .addCase(createAddress.fulfilled, (state, action) => {
        state.status.addressCreate = "fulfilled";
        state.addresses = withDefaults(state.addresses, action.payload, true);
      })
      .addCase(updateAddress.fulfilled, (state, action) => {
        state.status.addressUpdate = "fulfilled";
        state.addresses = withDefaults(state.addresses, action.payload, false);
      })
      .addCase(deleteAddress.fulfilled, (state, action) => {
        state.status.addressDelete = "fulfilled";
        state.addresses = action.payload;
      })
      .addCase(fetchOrders.fulfilled, (state, action) => {
        state.status.orders = "fulfilled";
        state.orders = action.payload;
      });
    // every operation: a new attempt clears its error; fulfilled and rejected end it
    for (const [op, thunk] of THUNKS) {
      builder.addMatcher((action) => action.type === thunk.pending.type, (state) => {
        state.status[op] = "pending";
        state.errors[op] = null;
        delete state.notices[op];
      });
      builder.addMatcher((action): action is PayloadAction<string | undefined> => action.type === thunk.rejected.type, (state, action) => {
        state.status[op] = "rejected";
        state.errors[op] = action.payload ?? FALLBACKS[op];
        if (op === "createAccount") state.recaptcha.user_create = null; // a token works once
      });
    }
  },
});

/** The list with a created or changed address in it; a new default takes the flag from the others. */
function withDefaults(list: CustomerAddress[], address: CustomerAddress, added: boolean): CustomerAddress[] {
  const others = list.filter((a) => a.entity_id !== address.entity_id).map((a) => ({
    ...a,
    is_default_billing: address.is_default_billing ? false : a.is_default_billing,
    is_default_shipping: address.is_default_shipping ? false : a.is_default_shipping,
  }));
  if (added) return [...others, address];
  return list.some((a) => a.entity_id === address.entity_id)
    ? list.map((a) => (a.entity_id === address.entity_id ? address : others.find((o) => o.entity_id === a.entity_id)!))
    : [...others, address];
}

export const { panelOpened, panelClosed, panelView, recaptchaSet } = accountSlice.actions;

/** Sign out, then the session and the cart are fetched again (spec 000 §4). */
export const signOutAndRefetch = () =>
  async (dispatch: (action: unknown) => Promise<{ type: string }> | unknown, _getState: unknown, deps: AccountDeps) => {
    const result = (await dispatch(signOut())) as { type: string };
    if (result.type !== signOut.fulfilled.type) return;
    deps.refreshCart();
    await dispatch(fetchSession());
  };
