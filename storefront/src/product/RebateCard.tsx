import Image from "next/image";
import Link from "next/link";
import type { ProductDetail } from "@store/contract";
import { formatLongDate, isoOf } from "./dates";
import { REBATE_FORM_LABEL, SHOP_NOW_LABEL, VALID_LABEL } from "./messages";
import styles from "./ProductPage.module.css";

export type Promotion = NonNullable<ProductDetail["promotions"]>["product_promotions"][number];

export const promotionCatalogPath = (programId: string) => `/catalog/special/promotion/${encodeURIComponent(programId)}`;

const KIND_LABEL: Record<Promotion["kind"], string> = { rebate: "Rebate", instant: "Instant savings", BuyMoreSaveMore: "Buy more, save more" };

/**
 * A rebate card (spec 000 §2, 002 §2): brand logos, promo name, short description, 'Valid'
 * start - end date, an optional rebate-form button opening in a new tab, and Shop Now to the
 * promotion's catalogue.
 */
export default function RebateCard({ promotion, headingLevel = 3 }: { promotion: Promotion; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as "h3";
  const start = formatLongDate(promotion.start_date);
  const end = formatLongDate(promotion.end_date);
  // only web addresses and site paths open as the rebate form
  const formUrl = /^(https?:\/\/|\/)/i.test(promotion.rebate_form_url.trim()) ? promotion.rebate_form_url.trim() : "";
  return (
    <article className={styles.rebate} data-kind={promotion.kind}>
      {promotion.brand_logo_urls.length > 0 ? (
        <div className={styles.rebateLogos}>
          {promotion.brand_logo_urls.map((src) => (
            <Image key={src} src={src} alt={promotion.manufacturer ? `${promotion.manufacturer} logo` : ""} width={96} height={48} loading="lazy" />
          ))}
        </div>
      ) : null}
      <div className={styles.rebateBody}>
        <p className={styles.rebateKind}>
          {KIND_LABEL[promotion.kind]}
          {promotion.amount.amount > 0 && promotion.kind !== "BuyMoreSaveMore" ? <> · <strong>{promotion.amount.formatted}</strong></> : null}
        </p>
        <Heading className={styles.rebateName}>{promotion.promo_name}</Heading>
        {promotion.promo_short_description ? <p className={styles.rebateText}>{promotion.promo_short_description}</p> : null}
        {start || end ? (
          <p className={styles.rebateDates}>
            {VALID_LABEL} <time dateTime={isoOf(promotion.start_date)}>{start}</time> - <time dateTime={isoOf(promotion.end_date)}>{end}</time>
          </p>
        ) : null}
        <div className={styles.rebateActions}>
          {formUrl ? (
            <a className="button button--secondary" href={formUrl} target="_blank" rel="noopener noreferrer">
              {REBATE_FORM_LABEL}<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : null}
          <Link className="button button--primary" href={promotionCatalogPath(promotion.program_id)} prefetch={false}>
            {SHOP_NOW_LABEL}<span className="visually-hidden">: {promotion.promo_name}</span>
          </Link>
        </div>
      </div>
    </article>
  );
}
