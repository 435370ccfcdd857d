"use client";

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./ProductTabs.module.css";

export interface ProductTab {
  /** also the panel's id, so `#id` links open the tab */
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * The product detail tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and
 * open them; the first tab (Product Overview) is open by default. Every panel is rendered by the
 * server, hidden ones included; a link to `#<tab id>` opens that tab.
 */
export default function ProductTabs({ tabs, label }: { tabs: ProductTab[]; label: string }) {
  const [active, setActive] = useState(tabs[0]?.id ?? "");
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});

  const openFromHash = useCallback(() => {
    const hash = decodeURIComponent(window.location.hash.replace(/^#/, ""));
    if (!hash) return;
    const tab = tabs.find((t) => t.id === hash || document.getElementById(hash)?.closest(`#${CSS.escape(t.id)}`));
    if (tab) {
      setActive(tab.id);
      requestAnimationFrame(() => document.getElementById(hash)?.scrollIntoView({ block: "start" }));
    }
  }, [tabs]);

  useEffect(() => {
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    return () => window.removeEventListener("hashchange", openFromHash);
  }, [openFromHash]);

  const onKey = (event: KeyboardEvent<HTMLButtonElement>, i: number) => {
    const last = tabs.length - 1;
    const target = { ArrowRight: i === last ? 0 : i + 1, ArrowLeft: i === 0 ? last : i - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target]!;
    setActive(tab.id);
    buttons.current[tab.id]?.focus();
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list}>
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(el) => { buttons.current[tab.id] = el; }}
            type="button"
            role="tab"
            id={`${tab.id}-tab`}
            aria-controls={tab.id}
            aria-selected={tab.id === active}
            tabIndex={tab.id === active ? 0 : -1}
            className={styles.tab}
            onClick={() => setActive(tab.id)}
            onKeyDown={(event) => onKey(event, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={tab.id}
          aria-labelledby={`${tab.id}-tab`}
          hidden={tab.id !== active}
          tabIndex={0}
          className={styles.panel}
        >
          {tab.content}
        </div>
      ))}
    </div>
  );
}
