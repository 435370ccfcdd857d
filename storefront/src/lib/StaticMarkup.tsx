"use client";

import { useState, useSyncExternalStore, type ReactNode } from "react";
import { useClientNavigation } from "./clientNavigation";

const subscribeNever = () => () => {};

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
 */
export default function StaticMarkup({ as: Tag = "div", children, html, ...props }: {
  /** the element to draw (default a div), with its attributes */
  as?: keyof HTMLElementTagNameMap;
  children?: ReactNode;
  /** the contents as HTML, in place of children */
  html?: string;
  className?: string;
  [attribute: string]: unknown;
}) {
  // the server snapshot is used on the server and while hydrating; a render in the browser gets false
  const fromServer = useSyncExternalStore(subscribeNever, () => false, () => true);
  const [hydrated] = useState(() => (fromServer && typeof window !== "undefined" ? { children } : null));
  const navigate = useClientNavigation();
  if (html !== undefined) {
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
    return <Tag {...props} onClick={navigate} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  // the markup stays as written while it is what the server wrote it from (new children are drawn)
  return hydrated && hydrated.children === children ? (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
    <Tag {...props} onClick={navigate} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  ) : (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
    <Tag {...props} onClick={navigate}>{children}</Tag>
  );
}
