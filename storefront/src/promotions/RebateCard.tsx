import Image from "next/image";
import Link from "next/link";
import type { SpecialCatalog } from "@store/contract";
import { formatPromoDate } from "./dates";
import styles from "./RebateCard.module.css";

export type Promotion = NonNullable<SpecialCatalog["promotions"]>[number];

export const promotionHref = (programId: string) => `/catalog/special/promotion/${encodeURIComponent(programId)}`;

/**
 * The rebate card (spec 000 §2, 002 §2): brand logos, promo name, short description, 'Valid'
 * start - end date, an optional rebate-form button opening in a new tab and 'Shop Now' to the
 * promotion catalogue (left out on that catalogue itself).
 */
export default function RebateCard({ promotion, headingLevel = 2, showShopNow = true, locale, onShopNow }: {
  promotion: Promotion;
  headingLevel?: 2 | 3;
  showShopNow?: boolean;
  locale?: string;
  /** in a client component (the rebate modal): called when Shop Now is chosen, before the navigation */
  onShopNow?: () => void;
}) {
  const Heading = `h${headingLevel}` as "h2";
  const start = formatPromoDate(promotion.start_date, locale);
  const end = formatPromoDate(promotion.end_date, locale);
  const formUrl = /^(https?:\/\/|\/)/i.test(promotion.rebate_form_url.trim()) ? promotion.rebate_form_url.trim() : "";
  return (
    <article className={styles.card}>
      {promotion.brand_logo_urls.length > 0 && (
        <ul className={styles.logos} aria-label="Brands">
          {promotion.brand_logo_urls.map((src) => (
            <li key={src}>
              <Image src={src} alt={brandFromLogo(src)} width={120} height={48} className={styles.logo} />
            </li>
          ))}
        </ul>
      )}
      <div className={styles.text}>
        <Heading className={styles.name}>{promotion.promo_name}</Heading>
        {promotion.promo_short_description && <p className={styles.description}>{promotion.promo_short_description}</p>}
        {(start || end) && (
          <p className={styles.valid}>
            <span className={styles.validLabel}>Valid</span> {start}{start && end ? " - " : ""}{end}
          </p>
        )}
      </div>
      <div className={styles.actions}>
        {formUrl && (
          <a className="button button--secondary" href={formUrl} target="_blank" rel="noopener noreferrer">
            Rebate Form<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
        {showShopNow && (
          <Link className="button button--primary" href={promotionHref(promotion.program_id)} prefetch={false} onClick={onShopNow}>
            Shop Now<span className="visually-hidden">: {promotion.promo_name}</span>
          </Link>
        )}
      </div>
    </article>
  );
}

/** A readable brand name from a logo path ("/media/brand/marlow-pierce.png" → "Marlow pierce"). */
export function brandFromLogo(src: string): string {
  const file = src.split("/").pop() ?? "";
  const name = file.replace(/\.[a-z0-9]+$/i, "").replace(/[-_]+/g, " ").trim();
  return name ? name.charAt(0).toUpperCase() + name.slice(1) : "Brand";
}
