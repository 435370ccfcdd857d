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
  /** the field of that answer that holds them (default "products"; a product's "relateds", say; "zero_results.products" names a nested one) */
  field?: string;
  outletCallout?: string;
  sizes?: string;
}

type ListAnswer = Record<string, unknown>;

/**
 * The cards after those drawn, from the api's answer: the list in `field`, without the products
 * already drawn (the list may have changed since the page was rendered), up to the carousel's total.
 */
export function laterCards(answer: ListAnswer, field: string, drawn: readonly string[], total: number, outletCallout?: string): CardData[] {
  const shown = new Set(drawn);
  const found = field.split(".").reduce<unknown>((value, key) => (value !== null && typeof value === "object" && Object.hasOwn(value, key) ? (value as ListAnswer)[key] : undefined), answer);
  const list = Array.isArray(found) ? (found as (ProductListItem & ProductCardExtras)[]) : [];
  return list.filter((p) => !shown.has(p.entity_id)).slice(0, Math.max(0, total - drawn.length)).map((p) => cardData(p, outletCallout));
}

/**
 * A carousel of products from an api list (a listing, a product's related items) whose later sets
 * are not in the page: the server draws the first set, and the rest are asked of the api at the
 * shopper's first sign of moving the carousel (pointer over it, a touch, focus). Their data would
 * otherwise travel in every page's payload for the few shoppers who page through. If the call
 * fails, the carousel keeps the cards it has. Give it a key per list: its state is that list's.
 */
export default function ListingCarousel({ label, itemsPerDisplay = PRODUCT_ITEMS, children, drawn, total, source, field = "products", outletCallout, sizes }: ListingCarouselProps) {
  const [later, setLater] = useState<CardData[] | null>(null);
  const load = useCallback(() => {
    clientGet<ListAnswer>(source).then((answer) => setLater(laterCards(answer, field, drawn, total, outletCallout)), (error: unknown) => {
      console.error(`the later products of carousel "${label}" could not be loaded:`, error);
      setLater([]);
    });
  }, [source, field, drawn, total, outletCallout, label]);
  return (
    <Carousel label={label} itemsPerDisplay={itemsPerDisplay} count={later === null ? total : drawn.length + later.length} onWanted={later === null && total > drawn.length ? load : undefined}>
      {children}
      {later?.map((card) => <ProductCardView key={card.id} card={card} sizes={sizes} />)}
    </Carousel>
  );
}
