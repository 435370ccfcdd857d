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
 * one delegated click handler, as before hydration they navigate as plain links.
 */
export default function StaticMarkup({ children, className }: { children: ReactNode; className?: string }) {
  // the server snapshot is used on the server and while hydrating; a render in the browser gets false
  const fromServer = useSyncExternalStore(subscribeNever, () => false, () => true);
  const [keepServerMarkup] = useState(fromServer && typeof window !== "undefined");
  const navigate = useClientNavigation();
  return keepServerMarkup ? (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
    <div className={className} onClick={navigate} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />
  ) : (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks
    <div className={className} onClick={navigate}>{children}</div>
  );
}
