"use client";

import type { AccountDeps } from "./state";
import { accountApi } from "./api";
import { readSession, rememberSession } from "@/lib/client-api";
import { mergeLocalWishlist, refreshCart } from "./sync";

/** The account thunks' calls and side effects in the browser; `dispatch` is the page store's. */
export function browserAccountDeps(dispatch: () => (action: { type: string }) => unknown): AccountDeps {
  return {
    ...accountApi,
    session: () => readSession(),
    sessionChanged: rememberSession,
    refreshCart,
    signedIn: () => mergeLocalWishlist(dispatch()),
  };
}
