"use client";

import type {
  AddressBody, CreateCustomerRequest, Customer, CustomerAddress, RegionOption, ResetPasswordRequest, SessionUser, UpdateCustomerRequest,
} from "@store/contract";
import { clientDelete, clientGet, clientPathParam, clientPost, clientPut } from "@/lib/client-api";

/** One order as the account's order history shows it (GET /orders; fields beyond these are ignored). */
export interface OrderSummary {
  entity_id: string;
  increment_id?: string;
  created_at?: string;
  status?: string;
  status_label?: string;
  items?: Array<{ item_id?: string | number; name: string; sku?: string; qty?: number; qty_ordered?: number; row_total?: { formatted: string } | string | number }>;
  totals?: Record<string, { title?: string; formatted?: string } | undefined>;
  grand_total?: { formatted: string } | string | number;
}

/** The account calls of spec 000 §7, typed by the contract. */
export const accountApi = {
  session: () => clientGet<SessionUser>("/customers/self/session"),
  signIn: (login: string, password: string) => clientPost<SessionUser>("/customers/self/session", { login, password }),
  signOut: () => clientDelete<SessionUser>("/customers/self/session"),
  createAccount: (body: CreateCustomerRequest) => clientPost<SessionUser>("/customers", body),
  customer: (id: string) => clientGet<Customer>(`/customers/${clientPathParam(id)}`),
  updateAccount: (id: string, body: UpdateCustomerRequest) => clientPut<Customer>(`/customers/${clientPathParam(id)}`, body),
  newsletter: (subscribed: boolean, recaptcha?: string) =>
    clientPut<SessionUser>("/newsletter", { is_subscribed: subscribed, ...(recaptcha ? { "g-recaptcha-response": recaptcha } : {}) }),
  forgotPassword: (email: string) => clientPost<{ message: string }>("/customer/forgotpassword", { email }),
  resetPassword: (body: ResetPasswordRequest) => clientPost<{ message: string }>("/customer/resetpassword", body),
  regions: () => clientGet<RegionOption[]>("/cart/region"),
  addresses: (customerId: string) => clientGet<CustomerAddress[]>(`/customers/${clientPathParam(customerId)}/addresses`),
  createAddress: (customerId: string, body: AddressBody) => clientPost<CustomerAddress>(`/customers/${clientPathParam(customerId)}/addresses`, body),
  updateAddress: (id: string, body: Partial<AddressBody>) => clientPut<CustomerAddress>(`/customers/addresses/${clientPathParam(id)}`, body),
  deleteAddress: (id: string) => clientDelete<CustomerAddress[]>(`/customers/addresses/${clientPathParam(id)}`),
  orders: () => clientGet<OrderSummary[] | { items: OrderSummary[] }>("/orders"),
};
