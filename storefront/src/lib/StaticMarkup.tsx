"use client";

import { useState, type ReactNode } from "react";
import { keptMarkup } from "@/pagecache/tags";
import { useClientNavigation } from "./clientNavigation";
import { useHydrating } from "./hydrated";
import type { Markup } from "./html";

/**
 * In the browser, markup the document's HTML carried by reference: the element hydrated with it
 * (read only if the page is drawn again, not while hydrating), or its markup as it was when that
 * element was given other contents.
 */
const hydratedMarkup = new Map<string, HTMLElement | string>();

/** The text of referenced markup: this document's kept copy on the server, the hydrated one in the browser. */
function markupText(ref: string): string {
  if (typeof window === "undefined") return keptMarkup(ref) ?? "";
  const kept = hydratedMarkup.get(ref) ?? document.querySelector<HTMLElement>(`[data-markup="${CSS.escape(ref)}"]`);
  return typeof kept === "string" ? kept : kept?.innerHTML ?? "";
}

/**
 * Server-rendered markup with no behaviour of its own (product cards, menu links) that the browser
 * keeps as the server wrote it instead of hydrating it: React never walks it, so long runs of cards
 * and links add nothing to the page's hydration. While hydrating, the wrapper renders as a leaf (an
 * empty dangerouslySetInnerHTML, whose server contents React leaves in place); rendered anew in the
 * browser (after a client navigation) it draws its children. Its links navigate on the client, from
 * one delegated click handler, as before hydration they navigate as plain links. Children other
 * than those it was hydrated with (the server sent the page anew) are drawn as usual.
 *
 * `html` instead of children: the contents as markup already written (lib/html), drawn as given on
 * the server and in the browser alike; hydration keeps the server's (React does not compare it).
 * Cheapest of all where the markup is built from data the page sends anyway (cards, the menu).
 * Markup a document carries by reference (lib/html markupRef) is read back on the server and kept
 * from the hydrated elements in the browser, for when the page is drawn again (back to it).
 */
export default function StaticMarkup({ as: Tag = "div", children, html, ...props }: {
  /** the element to draw (default a div), with its attributes */
  as?: keyof HTMLElementTagNameMap;
  children?: ReactNode;
  /** the contents as HTML, in place of children */
  html?: Markup;
  className?: string;
  [attribute: string]: unknown;
}) {
  // true on the server and while hydrating; false for an element drawn anew in the browser
  const fromServer = useHydrating();
  const [hydrated, setHydrated] = useState(() => (fromServer && typeof window !== "undefined" ? { children, html } : null));
  // the server's elements stay while the contents are those they were hydrated with; once drawn
  // anew (new contents after a navigation) they are drawn as given from then on
  const asHydrated = hydrated !== null && (typeof html === "object"
    ? typeof hydrated.html === "object" && hydrated.html.ref === html.ref
    : hydrated.html === html && hydrated.children === children);
  if (hydrated !== null && !asHydrated) {
    // the element is about to be drawn anew: its markup is noted first, for a later drawing
    const kept = typeof hydrated.html === "object" ? hydratedMarkup.get(hydrated.html.ref) : undefined;
    if (kept instanceof HTMLElement) hydratedMarkup.set((hydrated.html as { ref: string }).ref, kept.innerHTML);
    setHydrated(null);
  }
  const navigate = useClientNavigation();
  if (typeof html === "object") {
    const { ref } = html;
    const Element = Tag as "div"; // (one element type: the union of all of them is too wide for `ref`)
    return (
      // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
      <Element
        {...props} onClick={navigate} data-markup={ref} suppressHydrationWarning
        ref={asHydrated ? (element: HTMLElement | null) => { if (element) hydratedMarkup.set(ref, element); } : undefined}
        dangerouslySetInnerHTML={{ __html: asHydrated ? "" : markupText(ref) }}
      />
    );
  }
  if (html !== undefined) {
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
    return <Tag {...props} onClick={navigate} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  // the markup stays as written while it is what the server wrote it from (new children are drawn)
  return asHydrated ? (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
    <Tag {...props} onClick={navigate} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  ) : (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
    <Tag {...props} onClick={navigate}>{children}</Tag>
  );
}
