"use client";

import { useEffect, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { useHydrated } from "@/lib/hydrated";
import { setMobileMenuOpen, toggleMobileMenu } from "./state";
import styles from "./Header.module.css";

/**
 * The menu button shown on small screens; it opens and closes the menu panel. Disabled until the
 * page has hydrated: a cached page's HTML arrives before its script, and a tap before would be lost.
 */
export function MobileMenuButton() {
  const open = useAppSelector((state) => state.shell.mobileMenuOpen);
  const dispatch = useAppDispatch();
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={styles.menuButton}
      aria-expanded={open}
      aria-controls="menu-panel"
      disabled={!hydrated}
      onClick={() => dispatch(toggleMobileMenu())}
    >
      <span className={styles.menuIcon} aria-hidden="true" data-open={open || undefined}>
        <span />
        <span />
        <span />
      </span>
      <span className={styles.menuButtonLabel}>Menu</span>
    </button>
  );
}

/**
 * The panel holding the server-rendered menu. Always shown on wide screens; on small screens only
 * while the menu is open. It closes on navigation and on Escape.
 */
export function MenuPanel({ children }: { children: ReactNode }) {
  const open = useAppSelector((state) => state.shell.mobileMenuOpen);
  const dispatch = useAppDispatch();
  const pathname = usePathname();

  useEffect(() => {
    dispatch(setMobileMenuOpen(false));
  }, [pathname, dispatch]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      dispatch(setMobileMenuOpen(false));
      // focus would otherwise stay inside the hidden panel
      document.querySelector<HTMLButtonElement>('button[aria-controls="menu-panel"]')?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, dispatch]);

  return (
    <div id="menu-panel" className={styles.menuPanel} data-open={open || undefined}>
      {children}
    </div>
  );
}
