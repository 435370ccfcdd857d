"use client";

import { useLayoutEffect, useState } from "react";
import { createPortal } from "react-dom";
import type { Markup } from "@/lib/html";
import { useHydrated } from "@/lib/hydrated";
import StaticMarkup from "@/lib/StaticMarkup";
import { TILE_BUTTONS_ATTRIBUTE, type TileActionsProps } from "./cardHtml";
import { TileButtons } from "./TileActions";

/**
 * A listing's grid of tiles written as one run of markup (cardHtml's tileHtml), which the browser
 * keeps as the server wrote it. Only the tiles' buttons need React: once the page has hydrated,
 * each tile's live buttons are drawn into its buttons' element in place of the disabled ones the
 * server wrote, as TileActions does for a tile drawn as components. On the server a tile costs a
 * string, not four client components; in the browser hydration never walks the tiles.
 */
export default function ListingGrid({ html, tiles, ...props }: {
  html: Markup;
  /** the buttons of each tile that has any */
  tiles: TileActionsProps[];
  className: string;
  "data-mode": string;
}) {
  const [grid, setGrid] = useState<HTMLElement | null>(null);
  const hydrated = useHydrated();
  const [slots, setSlots] = useState<Array<{ tile: TileActionsProps; slot: Element }>>([]);
  // before the browser paints: the written buttons go and the live ones are drawn in one frame
  useLayoutEffect(() => {
    if (!hydrated || !grid) return;
    const found: Array<{ tile: TileActionsProps; slot: Element }> = [];
    for (const tile of tiles) {
      const slot = grid.querySelector(`[data-product-id="${CSS.escape(tile.productId)}"] [${TILE_BUTTONS_ATTRIBUTE}]`);
      if (!slot) continue;
      slot.replaceChildren();
      found.push({ tile, slot });
    }
    setSlots(found);
  }, [hydrated, grid, tiles]);
  return (
    <>
      <StaticMarkup as="ul" {...props} html={html} elementRef={setGrid} />
      {slots.map(({ tile, slot }) => createPortal(<TileButtons {...tile} />, slot, tile.productId))}
    </>
  );
}
