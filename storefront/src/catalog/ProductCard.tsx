import Image from "next/image";
import Link from "next/link";
import type { ReactNode } from "react";
import type { ProductListItem } from "@store/contract";
import { flagSlots, inkOn, safeColor, type Flag } from "./flags";
import Rating from "./Rating";
import styles from "./ProductCard.module.css";

/** Listing extras a catalogue product carries beyond the shared tile (all optional). */
export interface ProductCardExtras {
  product_flags?: Flag[];
  is_outlet?: boolean;
  outlets_count?: number;
  outlets_min_price?: { amount: number; formatted: string } | null;
  promotions?: string[];
  model_number?: string;
}

export interface ProductCardProps {
  product: ProductListItem & ProductCardExtras;
  layout?: "grid" | "list";
  /** the first row of a listing: load the image eagerly with high fetch priority (LCP) */
  priority?: boolean;
  /** the outlet products callout text from the site config */
  outletCallout?: string;
  /** heading level of the product name (default h3, below the page's h1/h2) */
  headingLevel?: 2 | 3 | 4;
  /** interactive bits (wishlist, compare, rebate) rendered by the caller */
  actions?: ReactNode;
  /**
   * the `sizes` attribute of the image. Without it the picture is offered at 1x and 2x of its
   * 300 px box (a short srcset: tiles are at most about 300 px wide at every breakpoint).
   */
  sizes?: string;
}


export function productHref(urlKey: string): string {
  return `/product/${encodeURIComponent(urlKey)}`;
}

function FlagLabel({ flag, className }: { flag: Flag; className: string }) {
  const bg = safeColor(flag.color);
  return (
    <span className={className} style={bg ? { background: bg, color: inkOn(bg) } : undefined}>
      {flag.text}
    </span>
  );
}

/**
 * A product tile for grids, lists and carousels (spec 002 §2): picture, name linking to the product
 * page, brand, rating, prices, flags and the open-box callout. Server-compatible: no state, no effects.
 */
export default function ProductCard({
  product, layout = "grid", priority = false, outletCallout = "Open Box", headingLevel = 3, actions, sizes,
}: ProductCardProps) {
  const href = productHref(product.url_key);
  const p = product.prices;
  const flags = flagSlots(product.product_flags);
  const hasPriceFlags = flags.price.some(Boolean);
  const Heading = `h${headingLevel}` as "h3";
  const image = product.image_url.normal || product.image_url.small;
  const discounted = !p.poa && p.discount !== null && p.regular_price_without_tax > p.final_price_without_tax;
  const msrp = !p.poa && p.msrp_enabled && p.msrp && p.msrp.amount > p.final_price_without_tax ? p.msrp : null;
  const outlet = product.is_outlet || (product.outlets_count ?? 0) > 0;

  return (
    <article className={styles.card} data-layout={layout} data-product-id={product.entity_id}>
      <div className={styles.media}>
        {flags.corner && <FlagLabel flag={flags.corner} className={styles.cornerFlag} />}
        <Link href={href} className={styles.imageLink} tabIndex={-1} aria-hidden="true" prefetch={false}>
          {image ? (
            <Image
              src={image}
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
        </Link>
      </div>
      <div className={styles.body}>
        {product.manufacturer && <p className={styles.brand}>{product.manufacturer}</p>}
        <Heading className={styles.name}>
          <Link href={href} className={styles.nameLink} prefetch={false}>{product.name}</Link>
        </Heading>
        {product.model_number ? <p className={styles.model}>Model: {product.model_number}</p> : null}
        <Rating rating={product.reviews_rating} count={product.reviews_count} />
        {hasPriceFlags && (
          <ul className={styles.priceFlags} aria-label="Offers">
            {flags.price.map((f, i) =>
              f ? (
                <li key={i}><FlagLabel flag={f} className={styles.priceFlag} /></li>
              ) : (
                <li key={i} className={styles.flagPlaceholder} aria-hidden="true" />
              ),
            )}
          </ul>
        )}
        <div className={styles.prices}>
          {p.poa || !p.display_price ? (
            <p className={styles.poa}>Call for price</p>
          ) : (
            <>
              <p className={styles.finalPrice} data-on-sale={discounted || undefined}>
                {discounted && <span className="visually-hidden">Sale price </span>}
                {p.display_price.formatted}
              </p>
              {discounted && (
                <p className={styles.regularPrice}>
                  <span className="visually-hidden">Regular price </span>
                  <s>{p.regular_price_without_tax_formatted}</s>
                  {p.discount && <span className={styles.save}> Save {p.discount.formatted}</span>}
                </p>
              )}
              {msrp && (
                <p className={styles.msrp}>MSRP <s>{msrp.formatted}</s></p>
              )}
            </>
          )}
        </div>
        {flags.special.length > 0 && (
          <ul className={styles.specialFlags} aria-label="Highlights">
            {flags.special.map((f) => (
              <li key={f.position}><FlagLabel flag={f} className={styles.specialFlag} /></li>
            ))}
          </ul>
        )}
        {outlet && (
          <p className={styles.outlet}>
            <span className={styles.outletLabel}>{outletCallout}</span>
            {!product.is_outlet && product.outlets_min_price ? <> from {product.outlets_min_price.formatted}</> : null}
          </p>
        )}
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
    </article>
  );
}
