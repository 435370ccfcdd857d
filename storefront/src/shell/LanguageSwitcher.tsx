"use client";

import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { languageLinks } from "./languageLinks";
import { LANGUAGE_LABEL, LOCALE_NAMES } from "./messages";
import styles from "./Header.module.css";

/**
 * The language switcher: a disclosure listing the store's locales, each a link to this page in
 * that language (or the configured override). Closes on Escape and when focus leaves it.
 */
export default function LanguageSwitcher({ locales, current, overrides }: {
  locales: string[]; current: string; overrides: { locale: string; url_key: string }[];
}) {
  const pathname = usePathname();
  const ref = useRef<HTMLDetailsElement>(null);
  const links = languageLinks(pathname, locales, current, overrides);
  const currentName = LOCALE_NAMES[current] ?? current;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeOnEscape(el);
    };
    const onFocusOut = (event: FocusEvent) => {
      if (!el.contains(event.relatedTarget as Node | null)) el.open = false;
    };
    // Escape closes it wherever focus is (a click on the summary does not focus it in every browser)
    window.addEventListener("keydown", onKey);
    el.addEventListener("focusout", onFocusOut);
    return () => {
      window.removeEventListener("keydown", onKey);
      el.removeEventListener("focusout", onFocusOut);
    };
  }, []);
  return (
    // Escape inside it is React's from the moment it is hydrated, before the effect above listens on
    // the window (under load that can be a while; an Escape pressed earlier is replayed to the summary)
    <details ref={ref} className={styles.languageSwitcher} data-testid="language-switcher"
      onKeyDown={(event) => { if (event.key === "Escape") closeOnEscape(event.currentTarget); }}>
      <summary className={styles.languageSummary}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8zM12 4a14 14 0 0 1 1.9 4h-3.8A14 14 0 0 1 12 4zM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16zM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8zm4 12a14 14 0 0 1-1.9-4h3.8A14 14 0 0 1 12 20zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4z" /></svg>
        <span className="visually-hidden">{`${LANGUAGE_LABEL}: `}</span>
        <span>{currentName}</span>
      </summary>
      <ul className={styles.languageList}>
        {links.map((link) => (
          <li key={link.locale}>
            <a href={link.href} hrefLang={link.locale} lang={link.locale} aria-current={link.current ? "true" : undefined}>
              {LOCALE_NAMES[link.locale] ?? link.locale}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Closes the list, and gives focus back to its summary when it was inside. */
function closeOnEscape(el: HTMLDetailsElement) {
  if (!el.open) return;
  el.open = false;
  if (el.contains(document.activeElement)) el.querySelector("summary")?.focus();
}
