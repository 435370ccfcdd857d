"use client";

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { useMounted } from "@/lib/hydrated";
import { useAppDispatch, useAppSelector } from "@/lib/store";
import { setFiltersOpen } from "./state";
import styles from "./Listing.module.css";

const SMALL = "(max-width: 959.98px)";
export const FILTERS_ID = "filters";
export const FILTERS_TOGGLE_ID = "filters-toggle";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * The filter panel: a sidebar on wide screens, a side drawer on small ones (spec 002 §2). The
 * drawer is a modal dialog: focus moves in and is kept there, Escape or Close shuts it and focus
 * returns to the Filters button. Without JavaScript the button is a link to #filters and the
 * panel opens with :target (until the page has hydrated, when the link opens the dialog instead).
 */
export function FilterDrawer({ title, children }: { title: string; children: ReactNode }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.catalog.filtersOpen);
  const [small, setSmall] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const modal = open && small;
  // React holds the drawer from its first effect on: not after useHydrated's later transition, or
  // a drawer opened from the address and closed at once would stay shown by :target meanwhile
  const held = useMounted();

  useEffect(() => {
    const mq = window.matchMedia(SMALL);
    const update = () => {
      setSmall(mq.matches);
      if (!mq.matches) dispatch(setFiltersOpen(false));
    };
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, [dispatch]);

  // the Filters link followed before the page hydrated (or an address ending in #filters) opens
  // the drawer as the dialog; once hydrated, :target no longer holds it open (data-hydrated)
  useEffect(() => {
    const openFromAddress = () => {
      if (window.location.hash !== `#${FILTERS_ID}`) return;
      window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
      if (window.matchMedia(SMALL).matches) dispatch(setFiltersOpen(true));
    };
    openFromAddress();
    window.addEventListener("hashchange", openFromAddress);
    return () => window.removeEventListener("hashchange", openFromAddress);
  }, [dispatch]);

  // closed when the page goes away
  useEffect(() => () => { dispatch(setFiltersOpen(false)); }, [dispatch]);

  const close = useCallback(() => {
    dispatch(setFiltersOpen(false));
    document.getElementById(FILTERS_TOGGLE_ID)?.focus();
  }, [dispatch]);

  useEffect(() => {
    if (!modal) return;
    const panel = ref.current;
    const first = panel?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => { document.body.style.overflow = overflow; };
  }, [modal]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!modal) return;
    if (e.key === "Escape") { e.preventDefault(); close(); return; }
    if (e.key !== "Tab" || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const firstEl = items[0];
    const lastEl = items[items.length - 1];
    if (e.shiftKey && document.activeElement === firstEl) { e.preventDefault(); lastEl.focus(); }
    else if (!e.shiftKey && document.activeElement === lastEl) { e.preventDefault(); firstEl.focus(); }
  };

  const onCloseClick = (e: MouseEvent) => { e.preventDefault(); close(); };

  return (
    <>
      {modal && <div className={styles.backdrop} onClick={close} aria-hidden="true" />}
      <div
        id={FILTERS_ID}
        ref={ref}
        className={styles.drawer}
        data-open={open || undefined}
        data-hydrated={held || undefined}
        role={modal ? "dialog" : undefined}
        aria-modal={modal || undefined}
        aria-labelledby="filters-title"
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className={styles.drawerHead}>
          <h2 id="filters-title" className={styles.drawerTitle}>{title}</h2>
          <a href="#" className={styles.drawerClose} onClick={onCloseClick} aria-label="Close filters">
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4l5.6 5.6L5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" /></svg>
          </a>
        </div>
        {children}
        <div className={styles.drawerFoot}>
          <a href="#" className="button button--primary" onClick={onCloseClick}>Show results</a>
        </div>
      </div>
    </>
  );
}

/** The Filters button of the toolbar (small screens only). */
export function FiltersToggle({ count }: { count: number }) {
  const dispatch = useAppDispatch();
  const open = useAppSelector((s) => s.catalog.filtersOpen);
  return (
    <a
      id={FILTERS_TOGGLE_ID}
      href={`#${FILTERS_ID}`}
      className={`button button--secondary ${styles.filtersToggle}`}
      aria-controls={FILTERS_ID}
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={(e) => { e.preventDefault(); dispatch(setFiltersOpen(true)); }}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M3 5h18v2H3zm4 6h10v2H7zm3 6h4v2h-4z" /></svg>
      Filters{count > 0 ? ` (${count})` : ""}
    </a>
  );
}
