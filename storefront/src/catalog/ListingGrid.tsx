"use client";

import { startTransition, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import type { Markup } from "@/lib/html";
import { useClientNavigation } from "@/lib/clientNavigation";
import { useHydrated, useHydrating } from "@/lib/hydrated";
import { keptMarkup } from "@/pagecache/tags";
import { TILE_BUTTONS_ATTRIBUTE, TILE_SEPARATOR, type TileActionsProps } from "./cardHtml";
import { TileButtons } from "./TileActions";

/** A tile's element for its buttons, and the disabled ones written there that the live ones replace. */
interface Slot {
  tile: TileActionsProps;
  slot: Element;
  written: ChildNode[];
}

/** Takes the written buttons away as the live ones are put in their place (the same commit: no frame without buttons). */
function WrittenGone({ nodes }: { nodes: ChildNode[] }) {
  useLayoutEffect(() => {
    for (const node of nodes) node.remove();
  }, [nodes]);
  return null;
}

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
  const [slots, setSlots] = useState<Slot[]>([]);
  // what each buttons' element held as written (the same list if the slots are found again)
  const writtenIn = useRef(new WeakMap<Element, ChildNode[]>());
  const live = useHydrated();
  // the live buttons are drawn in a transition, as TileActions' are (in slices between the
  // shopper's input, not in one long task); the written ones go in the commit that shows them
  useLayoutEffect(() => {
    const grid = list.current;
    if (!live || !grid) return;
    const found: Slot[] = [];
    for (const tile of tiles) {
      const slot = grid.querySelector(`[data-product-id="${CSS.escape(tile.productId)}"] [${TILE_BUTTONS_ATTRIBUTE}]`);
      if (!slot) continue;
      let written = writtenIn.current.get(slot);
      if (!written) writtenIn.current.set(slot, written = [...slot.childNodes]);
      found.push({ tile, slot, written });
    }
    startTransition(() => setSlots(found));
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
      {slots.map(({ tile, slot, written }) => createPortal(<><WrittenGone nodes={written} /><TileButtons {...tile} /></>, slot, tile.productId))}
    </>
  );
}
