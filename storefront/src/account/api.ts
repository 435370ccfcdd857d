"use client";

import type {
  Order, OrdersAnswer, AddressBody, CreateCustomerRequest, Customer, CustomerAddress, RegionOption, ResetPasswordRequest, SessionUser, UpdateCustomerRequest,
} from "@store/contract";
import { clientDelete, clientGet, clientPathParam, clientPost, clientPut } from "@/lib/client-api";

/** One order of the history, as GET /orders answers it (newest first). */
export type OrderSummary = Order;

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
  orders: () => clientGet<OrdersAnswer>("/orders"),
};
