"use client";

import { useCallback, useState, type ReactNode } from "react";
import type { ProductListItem } from "@store/contract";
import Carousel from "@/carousel/Carousel";
import { PRODUCT_ITEMS, type ItemsPerDisplay } from "@/carousel/settings";
import { clientGet } from "@/lib/client-api";
import { cardData, type ProductCardExtras } from "./ProductCard";
import ProductCardView, { type CardData } from "./ProductCardView";

export interface ListingCarouselProps {
  label: string;
  itemsPerDisplay?: ItemsPerDisplay;
  /** the cards the server drew: the first set at the widest display */
  children: ReactNode;
  /** the products of those cards, in order */
  drawn: string[];
  /** how many products the carousel has in all */
  total: number;
  /** the api call (as the browser makes it) that answers with the carousel's products, those drawn first */
  source: string;
  outletCallout?: string;
  sizes?: string;
}

/**
 * A carousel of a listing's products whose later sets are not in the page: the server draws the
 * first set, and the rest are asked of the api at the shopper's first sign of moving the carousel
 * (pointer over it, a touch, focus). Their data would otherwise travel in every page's payload for
 * the few shoppers who page through. If the call fails, the carousel keeps the cards it has.
 */
export default function ListingCarousel({ label, itemsPerDisplay = PRODUCT_ITEMS, children, drawn, total, source, outletCallout, sizes }: ListingCarouselProps) {
  const [later, setLater] = useState<CardData[] | null>(null);
  const load = useCallback(() => {
    clientGet<{ products?: (ProductListItem & ProductCardExtras)[] }>(source).then((answer) => {
      const shown = new Set(drawn);
      const rest = (answer.products ?? []).filter((p) => !shown.has(p.entity_id)).slice(0, Math.max(0, total - drawn.length));
      setLater(rest.map((p) => cardData(p, outletCallout)));
    }, (error: unknown) => {
      console.error(`the later products of carousel "${label}" could not be loaded:`, error);
      setLater([]);
    });
  }, [source, drawn, total, outletCallout, label]);
  return (
    <Carousel label={label} itemsPerDisplay={itemsPerDisplay} count={later === null ? total : drawn.length + later.length} onWanted={later === null ? load : undefined}>
      {children}
      {later?.map((card) => <ProductCardView key={card.id} card={card} sizes={sizes} />)}
    </Carousel>
  );
}
