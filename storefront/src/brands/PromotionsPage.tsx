import RebateCard from "@/promotions/RebateCard";
import type { Programme } from "./data";
import { PROMOTIONS_EMPTY, PROMOTIONS_FAILED, PROMOTIONS_INTRO, PROMOTIONS_TITLE } from "./messages";
import styles from "./Promotions.module.css";

/**
 * /promotions (spec 000 §2: one of the pages with a grey background): the rebate programmes
 * running now, each as a rebate card (brand logos, name, short description, Valid dates, the
 * rebate form, Shop Now to its promotion catalogue), soonest ending first.
 */
export default function PromotionsPage({ programmes, locale }: { programmes: Programme[] | null; locale: string }) {
  return (
    <div className={styles.page} data-page-background="grey">
      <header className={styles.header}>
        <h1 className={styles.title}>{PROMOTIONS_TITLE}</h1>
        <p className={styles.intro}>{PROMOTIONS_INTRO}</p>
      </header>
      {programmes === null ? (
        <p className={styles.error} role="alert">{PROMOTIONS_FAILED}</p>
      ) : programmes.length === 0 ? (
        <p className={styles.empty}>{PROMOTIONS_EMPTY}</p>
      ) : (
        <ul className={styles.list}>
          {programmes.map((p) => <li key={p.program_id}><RebateCard promotion={p} headingLevel={2} locale={locale} /></li>)}
        </ul>
      )}
    </div>
  );
}
