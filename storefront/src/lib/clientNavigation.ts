"use client";

import { useRouter } from "next/navigation";
import type { MouseEvent } from "react";
import { isSitePath } from "./paths";

/**
 * Client navigation for plain anchors, as next/link gives it (without prefetching), from one click
 * handler on their container: for lists of many links (the menu, product cards) that are not each
 * a next/link instance to render on the server and hydrate in the browser. `data-scroll="keep"` on a
 * link navigates without scrolling to the top. A plain left click on a
 * link to a path of this storefront navigates on the client; other sites, other targets, modified
 * clicks and downloads are left to the browser, and so is every click before hydration.
 */
export function useClientNavigation(): (event: MouseEvent<HTMLElement>) => void {
  const router = useRouter();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.("a");
    if (!anchor || !event.currentTarget.contains(anchor) || anchor.hasAttribute("download")) return;
    const href = anchor.getAttribute("href") ?? "";
    if (!isSitePath(href) || (anchor.target && anchor.target !== "_self")) return;
    event.preventDefault();
    // data-scroll="keep": the page stays where it is scrolled (a listing's filter links)
    router.push(href, { scroll: anchor.dataset.scroll !== "keep" });
  };
}
