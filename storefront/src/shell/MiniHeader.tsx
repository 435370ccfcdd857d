"use client";

import Link from "next/link";
import { useEffect } from "react";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { cartCount } from "@/cart/state";
import type { MiniHeader as MiniHeaderVariant } from "./headerConfig";
import { itemCountText } from "./headerText";
import { BACK_TO_TOP } from "./messages";
import { setMinifiedHeaderActive } from "./state";
import styles from "./Header.module.css";

/**
 * The mini header (spec 000 §2): once the full header has scrolled out of view, a compact bar
 * with the logo, a way back to the search and the cart stays at the top, on desktop, on mobile or
 * on both, as the store chooses. Its state is the header state's minifiedHeaderActive.
 */
export default function MiniHeader({ variant, name, logo }: { variant: MiniHeaderVariant; name: string; logo: string }) {
  const dispatch = useAppDispatch();
  const active = useAppSelector((state) => state.shell.minifiedHeaderActive);
  const count = useAppSelector(cartCount);

  useEffect(() => {
    const header = document.querySelector("header[data-header-layout]");
    if (!header) return;
    const observer = new IntersectionObserver(([entry]) => {
      dispatch(setMinifiedHeaderActive(!!entry && !entry.isIntersecting && entry.boundingClientRect.bottom < 0));
    });
    observer.observe(header);
    return () => observer.disconnect();
  }, [dispatch]);

  const toSearch = () => {
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>("header[data-header-layout] input[type='search'], header[data-header-layout] input")?.focus());
  };

  return (
    <div className={styles.mini} data-variant={variant} data-active={active || undefined} aria-hidden={!active || undefined} inert={!active || undefined} data-testid="mini-header">
      <div className={styles.miniInner}>
        <Link href="/" className={styles.miniBrand} prefetch={false}>
          {/* eslint-disable-next-line @next/next/no-img-element */}
          {logo ? <img src={logo} alt="" width={32} height={32} loading="lazy" /> : null}
          <span>{name}</span>
        </Link>
        <button type="button" className={styles.miniButton} onClick={toSearch}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M15.5 14h-.8l-.3-.3A6.5 6.5 0 1 0 14 15.5l.3.3v.8l5 5 1.5-1.5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z" /></svg>
          <span>Search</span>
        </button>
        <a href="#main-content" className={styles.miniButton} onClick={(event) => { event.preventDefault(); window.scrollTo({ top: 0 }); }}>{BACK_TO_TOP}</a>
        <Link href="/checkout/cart" className={styles.miniButton} prefetch={false}>
          <span>Cart</span>
          <span className={styles.badge}>{count}<span className="visually-hidden">{` ${itemCountText(count)}`}</span></span>
        </Link>
      </div>
    </div>
  );
}
