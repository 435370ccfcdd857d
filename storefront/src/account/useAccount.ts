"use client";

import { useEffect } from "react";
import { useStore } from "react-redux";
import { useAppDispatch, useAppSelector, type AppStore } from "@/lib/store";
import { inOwnTask } from "@/lib/ownTask";
import { fetchSession } from "./state";

/**
 * The account state for any component; the session is read once per page, in the browser (pages
 * are cached and shared: nothing personal is rendered on the server).
 */
export function useAccount() {
  const store = useStore() as AppStore;
  const dispatch = useAppDispatch();
  const account = useAppSelector((state) => state.account);
  useEffect(() => {
    if (account.status.session !== "idle") return;
    return inOwnTask(() => {
      if (store.getState().account.status.session === "idle") void dispatch(fetchSession());
    });
  }, [account.status.session, dispatch, store]);
  return { ...account, dispatch, signedIn: account.user?.isloggedin === true, known: account.status.session === "fulfilled" || account.user !== null };
}
