"use client";

import { useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { Markup } from "@/lib/html";
import { useClientNavigation } from "@/lib/clientNavigation";
import { useHydrated, useHydrating } from "@/lib/hydrated";
import { keptMarkup } from "@/pagecache/tags";
import { TILE_BUTTONS_ATTRIBUTE, TILE_SEPARATOR, type TileActionsProps } from "./cardHtml";
import { TileButtons } from "./TileActions";

/** Each drawn grid's tiles as they were when it went (a listing drawn again on Back), by reference. */
const keptTiles = new Map<string, string[]>();

const sameMarkup = (a: Markup, b: Markup) => (typeof a === "object" ? typeof b === "object" && a.ref === b.ref : a === b);

/** The tiles' markup, where the browser does not already hold it (on the server, or drawn anew). */
function tilesOf(html: Markup): string[] {
  if (typeof html === "string") return html.split(TILE_SEPARATOR);
  if (typeof window === "undefined") return (keptMarkup(html.ref) ?? "").split(TILE_SEPARATOR);
  const kept = keptTiles.get(html.ref);
  if (kept) return kept;
  const list = document.querySelector(`ul[data-markup="${CSS.escape(html.ref)}"]`);
  return list ? [...list.children].filter((item) => !item.hasAttribute("data-after")).map((item) => item.innerHTML) : [];
}

/**
 * A listing's grid of tiles, each written as markup (cardHtml's tileHtml) that the browser keeps
 * as the server wrote it: React holds only the list items, never a card's elements. Once the page
 * has hydrated, each tile's live buttons are drawn into its buttons' element in place of the
 * disabled ones the server wrote, as TileActions does for a tile drawn as components. On the
 * server a tile costs a string, not four client components; hydration never walks the tiles.
 * `after`: merchandising placed among the tiles (a category's content blocks and carousels).
 */
export default function ListingGrid({ html, count, tiles, after, className, mode }: {
  /** the tiles' markup, one after another (TILE_SEPARATOR between) */
  html: Markup;
  count: number;
  /** the buttons of each tile that has any */
  tiles: TileActionsProps[];
  after?: { index: number; className: string; content: ReactNode };
  className: string;
  mode: string;
}) {
  // hydrated from the server's HTML (its tiles are in the page already) or drawn anew
  const fromServer = useHydrating();
  const [first] = useState(html);
  const written = fromServer && typeof window !== "undefined" && sameMarkup(html, first) ? null : tilesOf(html);
  const navigate = useClientNavigation();
  const list = useRef<HTMLUListElement>(null);
  const [slots, setSlots] = useState<Array<{ tile: TileActionsProps; slot: Element }>>([]);
  const live = useHydrated();
  // before the browser paints: the written buttons go and the live ones are drawn in one frame
  useLayoutEffect(() => {
    const grid = list.current;
    if (!live || !grid) return;
    const found: Array<{ tile: TileActionsProps; slot: Element }> = [];
    for (const tile of tiles) {
      const slot = grid.querySelector(`[data-product-id="${CSS.escape(tile.productId)}"] [${TILE_BUTTONS_ATTRIBUTE}]`);
      if (!slot) continue;
      slot.replaceChildren();
      found.push({ tile, slot });
    }
    setSlots(found);
  }, [live, tiles, html]);
  // what the tiles show, kept for when this listing is drawn again (Back)
  const ref = typeof html === "object" ? html.ref : undefined;
  useLayoutEffect(() => {
    const grid = list.current;
    return () => {
      if (ref && grid) keptTiles.set(ref, [...grid.children].filter((item) => !item.hasAttribute("data-after")).map((item) => item.innerHTML));
    };
  }, [ref]);

  const items: ReactNode[] = [];
  for (let i = 0; i < count; i++) {
    // while hydrating, React leaves the server's tile as it is (it does not compare markup)
    items.push(<li key={i} dangerouslySetInnerHTML={{ __html: written?.[i] ?? "" }} suppressHydrationWarning />);
  }
  if (after) {
    items.splice(Math.min(after.index, items.length), 0, <li key="after" className={after.className} data-after="">{after.content}</li>);
  }
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegated link clicks */}
      <ul ref={list} className={className} data-mode={mode} data-markup={ref} onClick={navigate}>{items}</ul>
      {slots.map(({ tile, slot }) => createPortal(<TileButtons {...tile} />, slot, tile.productId))}
    </>
  );
}
