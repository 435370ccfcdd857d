"use client";

import type { FocusEvent, KeyboardEvent, MouseEvent, ReactNode } from "react";
import { useClientNavigation } from "@/lib/clientNavigation";
import type { Markup } from "@/lib/html";
import StaticMarkup from "@/lib/StaticMarkup";
import MenuEntry from "./MenuEntry";
import type { MenuLink } from "./menu";
import { expanderText, linkAttributes, panelLinksHtml } from "./menuHtml";
import styles from "./MainMenu.module.css";

/**
 * A menu link is a plain anchor: the bar navigates on the client for its links itself
 * (useClientNavigation), so a hundred-odd links are not each a next/link instance.
 */
function NavLink({ node, className }: { node: MenuLink; className?: string }) {
  const link = linkAttributes(node);
  return link ? <a className={className} {...link}>{node.n}</a> : <span className={className}>{node.n}</span>;
}

/**
 * The main navigation bar. Written (`bar`): the whole list as the server wrote it (menuBarHtml),
 * kept as markup, with MenuEntry's behaviour added here for all entries at once. Otherwise drawn
 * from compact entries: top-level entries in a bar; their children open in a panel (MenuEntry adds
 * the behaviour). `mega`: the editor's mega-menu content by top-level index, rendered on the server.
 */
export default function MainMenuBar({ nodes, label, mega, panels, bar }: {
  nodes?: MenuLink[];
  label: string;
  mega?: Record<number, ReactNode>;
  /** the panels' links by top-level index, written on the server (their entries then come without children) */
  panels?: Record<number, Markup>;
  /** the bar's entries written on the server, in place of `nodes` */
  bar?: Markup;
}) {
  const navigate = useClientNavigation();
  if (bar !== undefined) {
    return (
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- delegated sub-menu buttons and Escape
      <nav className={styles.nav} aria-label={label} id="main-menu" onClick={toggleSubMenu} onKeyDown={dismissOnEscape}
        onBlur={(event: FocusEvent) => leaveEntry(event.target, event.relatedTarget)} onMouseOut={(event: MouseEvent) => leaveEntry(event.target, event.relatedTarget)}>
        <StaticMarkup as="ul" className={styles.bar} html={bar} />
      </nav>
    );
  }
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated link clicks (Enter on a link is a click)
    <nav className={styles.nav} aria-label={label} id="main-menu" onClick={navigate}>
      <ul className={styles.bar}>
        {(nodes ?? []).map((node, i) => (
          <MenuEntry
            key={i}
            label={node.n}
            link={<NavLink node={node} className={styles.topLink} />}
            panel={node.c || panels?.[i] ? (
              <div className={styles.panelInner} data-layout={node.col ? "column" : "box"} data-mega={mega?.[i] ? "" : undefined}>
                {/* the many links of the panels: kept as the server wrote them, not hydrated */}
                <StaticMarkup className={styles.panelLinks} html={panels?.[i] ?? panelLinksHtml(node)} />
                {mega?.[i] ?? null}
              </div>
            ) : undefined}
          />
        ))}
      </ul>
    </nav>
  );
}

/*
 * MenuEntry's behaviour on written entries. An entry's state is its element's: data-expanded (its
 * panel unfolded by the sub-menu button, small screens) and data-dismissed (its panel closed by
 * Escape while hover or focus would show it, until the pointer or focus leaves the entry).
 */
const entryOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>("li[data-has-children]") : null);
const expanderOf = (entry: HTMLElement) => entry.querySelector<HTMLButtonElement>("button[aria-controls]");

function setExpanded(entry: HTMLElement, expanded: boolean) {
  entry.toggleAttribute("data-expanded", expanded);
  const button = expanderOf(entry);
  if (!button) return;
  button.setAttribute("aria-expanded", String(expanded));
  const text = button.querySelector(".visually-hidden");
  const name = entry.querySelector("a, span")?.textContent ?? "";
  if (text) text.textContent = expanderText(name, expanded);
}

function toggleSubMenu(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest("button[aria-controls]") : null;
  const entry = button && entryOf(button);
  if (entry) setExpanded(entry, !entry.hasAttribute("data-expanded"));
}

/** Escape closes a panel opened by hover or focus and gives focus back to the entry's link. */
function dismissOnEscape(event: KeyboardEvent) {
  const entry = entryOf(event.target);
  if (event.key !== "Escape" || !entry || entry.hasAttribute("data-dismissed")) return;
  const panel = document.getElementById(expanderOf(entry)?.getAttribute("aria-controls") ?? "");
  if (!panel) return;
  const style = getComputedStyle(panel);
  if (style.display === "none" || style.visibility === "hidden") return; // nothing open here: let Escape go on
  entry.setAttribute("data-dismissed", "");
  setExpanded(entry, false);
  entry.querySelector<HTMLAnchorElement>("a")?.focus();
  event.stopPropagation();
}

/** Leaving an entry (pointer or focus) lets hover and focus open its panel again. */
function leaveEntry(target: EventTarget | null, to: EventTarget | null) {
  const entry = entryOf(target);
  if (entry && !entry.contains(to as Node | null)) entry.removeAttribute("data-dismissed");
}
