"use client";

import MyStoreDrawer, { MY_STORE_DRAWER_ID } from "./MyStoreDrawer";
import { CHOOSE_A_STORE, MY_STORE_LABEL } from "./messages";
import { useMyStore } from "./useMyStore";
import styles from "./Inventory.module.css";

/**
 * "My Store" in the site header: names the shopper's store (or invites to choose one) and opens
 * the My Store drawer, the store locator, from any page. The drawer lives here, once per page.
 * Its accessible name is its visible text ("My Store Choose a store"), so speech users can say
 * what they see (WCAG 2.5.3); on phones the text is visually hidden but still the name.
 */
export default function MyStoreButton() {
  const { myStore, myStoreLoaded, drawerOpenFrom, openDrawer } = useMyStore();
  const store = myStoreLoaded ? myStore?.store_name ?? CHOOSE_A_STORE : "";
  return (
    <>
      <button
        type="button"
        className={styles.headerButton}
        aria-haspopup="dialog"
        aria-expanded={drawerOpenFrom !== "CLOSED"}
        aria-controls={MY_STORE_DRAWER_ID}
        onClick={() => openDrawer("header")}
        data-my-store-toggle
      >
        <svg className={styles.headerIcon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
        </svg>
        <span className={`${styles.headerText} visually-hidden-phone`}>
          <span className={styles.headerLabel}>{MY_STORE_LABEL}</span>
          <span className={styles.headerStore} data-testid="header-my-store">{store || "\u00a0"}</span>
        </span>
      </button>
      <MyStoreDrawer />
    </>
  );
}
