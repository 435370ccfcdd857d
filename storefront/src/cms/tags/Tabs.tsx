"use client";

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "@/lib/hydrated";
import styles from "./tags.module.css";

/** The next tab index for a key (arrows wrap, Home and End jump), or null for any other key. */
export function tabAfterKey(key: string, current: number, count: number): number | null {
  if (key === "ArrowRight" || key === "ArrowDown") return (current + 1) % count;
  if (key === "ArrowLeft" || key === "ArrowUp") return (current - 1 + count) % count;
  if (key === "Home") return 0;
  if (key === "End") return count - 1;
  return null;
}

/**
 * The tabs tag: one titled panel shown at a time (WAI-ARIA tabs: arrow keys move between tabs).
 * The other tabs are disabled until hydrated, as every button whose action needs script: a click
 * on the server's HTML would be lost.
 */
export default function EditorTabs({ label, tabs }: { label?: string; tabs: { title: string; content: ReactNode }[] }) {
  const [selected, setSelected] = useState(0);
  const hydrated = useHydrated();
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabAfterKey(event.key, selected, tabs.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(next);
    buttons.current[next]?.focus();
  };
  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.tabList} onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={i}
            ref={(el) => { buttons.current[i] = el; }}
            type="button"
            role="tab"
            id={`${id}-tab-${i}`}
            aria-selected={i === selected}
            aria-controls={`${id}-panel-${i}`}
            tabIndex={i === selected ? 0 : -1}
            className={styles.tab}
            disabled={!hydrated && i !== selected}
            onClick={() => setSelected(i)}
          >
            {tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div key={i} role="tabpanel" id={`${id}-panel-${i}`} aria-labelledby={`${id}-tab-${i}`} hidden={i !== selected} tabIndex={0} className={styles.tabPanel}>
          {tab.content}
        </div>
      ))}
    </div>
  );
}
