"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { SIGN_IN_TITLE, SIGN_IN_TO_CONTINUE, SIGN_OUT_LABEL } from "./messages";
import { panelOpened, signOutAndRefetch } from "./state";
import { useAccount } from "./useAccount";
import styles from "./Account.module.css";

export const ACCOUNT_NAV = [
  { href: "/customer/account", label: "Account Dashboard" },
  { href: "/customer/account/orders", label: "My Orders" },
  { href: "/customer/account/addresses", label: "Address Book" },
  { href: "/wishlist", label: "My Wishlist" },
  { href: "/customer/account/newsletter", label: "Newsletter" },
  { href: "/customer/account/password", label: "Change Password" },
] as const;

/**
 * The account pages' frame: their navigation and sign-out, and a sign-in prompt for guests
 * (account pages need a customer id, spec 000 §6). Everything personal is fetched in the browser.
 */
export default function AccountShell({ title, children }: { title: string; children: ReactNode }) {
  const { signedIn, known, status, errors, dispatch } = useAccount();
  const pathname = usePathname();
  const router = useRouter();
  if (!known) {
    return <p role="status">{status.session === "rejected" ? errors.session : "Loading your account…"}</p>;
  }
  if (!signedIn) {
    return (
      <section className={`${styles.content} ${styles.narrow}`}>
        <h1>{title}</h1>
        <p>{SIGN_IN_TO_CONTINUE}</p>
        <div className={styles.actions}>
          <button type="button" className="button button--primary" onClick={() => dispatch(panelOpened({ autoClose: true, source: "account" }))}>{SIGN_IN_TITLE}</button>
          <button type="button" className="button button--secondary" onClick={() => dispatch(panelOpened({ autoClose: true, source: "account", view: "createAccount" }))}>Create an Account</button>
        </div>
      </section>
    );
  }
  const signOut = async () => {
    await dispatch(signOutAndRefetch() as never);
    router.push("/");
  };
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label="My account">
        <ul>
          {ACCOUNT_NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href} prefetch={false} aria-current={pathname === item.href ? "page" : undefined}>{item.label}</Link>
            </li>
          ))}
          <li>
            <button type="button" className={styles.linkButton} onClick={() => void signOut()} aria-disabled={status.signOut === "pending"}>
              {SIGN_OUT_LABEL}
            </button>
          </li>
        </ul>
        {errors.signOut ? <p className={styles.error} role="alert">{errors.signOut}</p> : null}
      </nav>
      <section className={styles.content} aria-labelledby="account-page-title">
        <h1 id="account-page-title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
