"use client";

import Image from "next/image";
import { useMemo, type ReactNode } from "react";
import StaticMarkup from "@/lib/StaticMarkup";
import Rating from "./Rating";
import styles from "./ProductCard.module.css";

/** A flag as a card shows it: its text and, when the api's colour is usable, background and ink. */
export interface CardFlag {
  text: string;
  bg?: string;
  ink?: string;
}

/**
 * What a product card shows, worked out on the server from the listing product (ProductCard's
 * `cardData`): only the strings and numbers the card draws, so a page sends each product once
 * and compactly in its RSC payload rather than as the card's whole element tree.
 */
export interface CardData {
  id: string;
  href: string;
  name: string;
  brand?: string;
  model?: string;
  image?: string;
  rating: number;
  count: number;
  corner?: CardFlag;
  /** positions 2..6 (null: a placeholder); left out when none is shown */
  priceFlags?: (CardFlag | null)[];
  special?: CardFlag[];
  /** the price shown; none: "Call for price" */
  price?: string;
  /** on sale: the regular price and the saving (when the api gives one) */
  regular?: string;
  save?: string;
  msrp?: string;
  /** open-box callout: its label and, for a product with outlets, their lowest price */
  outlet?: { label: string; from?: string };
}

function FlagLabel({ flag, className }: { flag: CardFlag; className: string }) {
  return (
    <span className={className} style={flag.bg ? { background: flag.bg, color: flag.ink } : undefined}>
      {flag.text}
    </span>
  );
}

/** The product card drawn from its CardData (see ProductCard). */
export default function ProductCardView({ card, layout, priority, headingLevel, actions, sizes }: {
  card: CardData;
  layout: "grid" | "list";
  priority: boolean;
  headingLevel: 2 | 3 | 4;
  actions?: ReactNode;
  sizes?: string;
}) {
  const Heading = `h${headingLevel}` as "h3";
  const discounted = card.regular !== undefined;
  // The picture and the details only draw markup and links: the browser keeps them as the server
  // wrote them (StaticMarkup) and hydrates only the actions, a third of a card's elements. Made
  // once per card, so a render of the listing around them keeps them as written.
  const picture = useMemo(() => (
    <>
      {card.corner && <FlagLabel flag={card.corner} className={styles.cornerFlag} />}
      <a href={card.href} className={styles.imageLink} tabIndex={-1} aria-hidden="true">
        {card.image ? (
          <Image
            src={card.image}
            alt=""
            width={300}
            height={300}
            sizes={sizes}
            className={styles.image}
            preload={priority}
            fetchPriority={priority ? "high" : undefined}
            loading={priority ? "eager" : "lazy"}
          />
        ) : (
          <span className={styles.noImage} />
        )}
      </a>
    </>
  ), [card, priority, sizes]);
  const details = useMemo(() => (
    <>
      {card.brand && <p className={styles.brand}>{card.brand}</p>}
      <Heading className={styles.name}>
        <a href={card.href} className={styles.nameLink}>{card.name}</a>
      </Heading>
      {card.model ? <p className={styles.model}>Model: {card.model}</p> : null}
      <Rating rating={card.rating} count={card.count} />
      {card.priceFlags && (
        <ul className={styles.priceFlags} aria-label="Offers">
          {card.priceFlags.map((f, i) =>
            f ? (
              <li key={i}><FlagLabel flag={f} className={styles.priceFlag} /></li>
            ) : (
              <li key={i} className={styles.flagPlaceholder} aria-hidden="true" />
            ),
          )}
        </ul>
      )}
      <div className={styles.prices}>
        {card.price === undefined ? (
          <p className={styles.poa}>Call for price</p>
        ) : (
          <>
            <p className={styles.finalPrice} data-on-sale={discounted || undefined}>
              {discounted && <span className="visually-hidden">Sale price </span>}
              {card.price}
            </p>
            {discounted && (
              <p className={styles.regularPrice}>
                <span className="visually-hidden">Regular price </span>
                <s>{card.regular}</s>
                {card.save !== undefined && <span className={styles.save}> Save {card.save}</span>}
              </p>
            )}
            {card.msrp !== undefined && (
              <p className={styles.msrp}>MSRP <s>{card.msrp}</s></p>
            )}
          </>
        )}
      </div>
      {card.special && (
        <ul className={styles.specialFlags} aria-label="Highlights">
          {card.special.map((f, i) => (
            <li key={i}><FlagLabel flag={f} className={styles.specialFlag} /></li>
          ))}
        </ul>
      )}
      {card.outlet && (
        <p className={styles.outlet}>
          <span className={styles.outletLabel}>{card.outlet.label}</span>
          {card.outlet.from !== undefined ? <> from {card.outlet.from}</> : null}
        </p>
      )}
    </>
  ), [card, Heading, discounted]);
  return (
    <article className={styles.card} data-layout={layout} data-product-id={card.id}>
      <StaticMarkup className={styles.media}>{picture}</StaticMarkup>
      <div className={styles.body}>
        <StaticMarkup className={styles.details}>{details}</StaticMarkup>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </article>
  );
}
