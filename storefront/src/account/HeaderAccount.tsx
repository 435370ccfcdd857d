"use client";

import Link from "next/link";
import AccountPanel, { ACCOUNT_PANEL_ID } from "./AccountPanel";
import { MY_ACCOUNT_LABEL, SIGN_IN_TITLE, greeting } from "./messages";
import type { AccountSettings } from "./settings";
import { panelOpened } from "./state";
import { useAccount } from "./useAccount";
import { useHydrated } from "@/lib/hydrated";
import styles from "./Account.module.css";

const PersonIcon = () => (
  <svg className={styles.headerIcon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5z" />
  </svg>
);

/**
 * The account control of the site header: "Sign In" opens the account panel; signed in, it greets
 * the customer by first name and leads to the account pages. Read in the browser only.
 */
export default function HeaderAccount({ settings }: { settings: AccountSettings }) {
  const { signedIn, firstName, known, panel, dispatch } = useAccount();
  // a click on the server's HTML (a cached page arrives well before its script) would be lost
  const hydrated = useHydrated();
  return (
    <>
      {signedIn ? (
        <Link href="/customer/account" className={styles.headerButton} prefetch={false} data-testid="header-account">
          <PersonIcon />
          <span className={`${styles.headerText} visually-hidden-phone`}>
            <span className={styles.headerLabel}>{MY_ACCOUNT_LABEL}</span>
            <span className={styles.headerName} data-testid="header-first-name">{greeting(firstName)}</span>
          </span>
        </Link>
      ) : (
        <button
          type="button"
          className={styles.headerButton}
          aria-haspopup="dialog"
          aria-expanded={panel.open}
          aria-controls={ACCOUNT_PANEL_ID}
          onClick={() => dispatch(panelOpened({ autoClose: true, source: "header" }))}
          disabled={!hydrated}
          data-testid="header-account"
          aria-busy={!known}
        >
          <PersonIcon />
          <span className={`${styles.headerText} visually-hidden-phone`}>
            <span className={styles.headerLabel}>{MY_ACCOUNT_LABEL}</span>
            <span className={styles.headerName}>{SIGN_IN_TITLE}</span>
          </span>
        </button>
      )}
      <AccountPanel settings={settings} />
    </>
  );
}
