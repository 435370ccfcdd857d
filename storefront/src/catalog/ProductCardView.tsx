"use client";

import { useMemo, type ReactNode } from "react";
import type { Markup } from "@/lib/html";
import StaticMarkup from "@/lib/StaticMarkup";
import { detailsHtml, pictureHtml, type CardData } from "./cardHtml";
import styles from "./ProductCard.module.css";

export type { CardData, CardFlag } from "./cardHtml";

/** A card whose picture and details the server wrote already (ProductCard, for cards a document carries). */
export interface WrittenCard {
  id: string;
  picture: Markup;
  details: Markup;
}

export interface ProductCardViewProps {
  card: CardData | WrittenCard;
  /** default "grid" */
  layout?: "grid" | "list";
  /** the first row's: its picture loaded eagerly at high priority (default false); the page preloads it (lib/ImagePreloads) */
  priority?: boolean;
  /** default 3 */
  headingLevel?: 2 | 3 | 4;
  actions?: ReactNode;
  sizes?: string;
}

/** The product card drawn from its CardData, or as the server wrote it (see ProductCard). */
export default function ProductCardView({ card, layout = "grid", priority = false, headingLevel = 3, actions, sizes }: ProductCardViewProps) {
  // The picture and the details only draw markup and links: written as markup from the card's data
  // (lib/html), the browser keeps them as the server wrote them (StaticMarkup) and hydrates only
  // the actions, a third of a card's elements. Made once per card.
  const written = "picture" in card ? card : null;
  const picture = useMemo(() => written?.picture ?? pictureHtml(card as CardData, priority, sizes), [written, card, priority, sizes]);
  const details = useMemo(() => written?.details ?? detailsHtml(card as CardData, headingLevel), [written, card, headingLevel]);
  return (
    <article className={styles.card} data-layout={layout} data-product-id={card.id}>
      <StaticMarkup className={styles.media} html={picture} />
      <div className={styles.body}>
        <StaticMarkup className={styles.details} html={details} />
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </article>
  );
}
