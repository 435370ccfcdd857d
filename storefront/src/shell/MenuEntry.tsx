"use client";

import { useId, useState, type KeyboardEvent, type ReactNode } from "react";
import { expanderText } from "./menuHtml";
import styles from "./MainMenu.module.css";

/**
 * One top-level menu entry. The link and its panel are server-rendered and passed in; this only
 * adds behaviour: on small screens a button expands the panel, and on wide screens Escape closes a
 * panel opened by hover or focus (returning focus to the entry's link).
 */
export default function MenuEntry({ label, link, panel }: { label: string; link: ReactNode; panel?: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const panelId = useId();

  if (!panel) return <li className={styles.item}>{link}</li>;

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== "Escape" || dismissed) return;
    const shown = document.getElementById(panelId);
    if (!shown) return;
    const style = getComputedStyle(shown);
    if (style.display === "none" || style.visibility === "hidden") return; // nothing open here: let Escape go on
    setDismissed(true);
    setExpanded(false);
    event.currentTarget.querySelector<HTMLAnchorElement>("a")?.focus();
    event.stopPropagation();
  };

  return (
    <li
      className={styles.item}
      data-has-children
      data-expanded={expanded || undefined}
      data-dismissed={dismissed || undefined}
      onKeyDown={onKeyDown}
      onMouseLeave={() => setDismissed(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDismissed(false);
      }}
    >
      <div className={styles.entryRow}>
        {link}
        <button
          type="button"
          className={styles.expander}
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span className="visually-hidden">{expanderText(label, expanded)}</span>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
          </svg>
        </button>
      </div>
      <div id={panelId} className={styles.panel}>{panel}</div>
    </li>
  );
}
