import type { CartAnswer } from "@store/contract";
import styles from "./Cart.module.css";

/** The cart's totals as the api computed them, with its titles; zero fee and discount lines are left out. */
export default function Totals({ cart }: { cart: CartAnswer }) {
  const t = cart.totals;
  if (!t) return null;
  const shippingChosen = !!cart.info.shipping_method;
  return (
    <dl className={styles.totals} data-testid="cart-totals">
      <dt>{t.subtotal.title}</dt><dd data-testid="total-subtotal">{t.subtotal.formatted}</dd>
      {t.discount.amount !== 0 ? (<><dt className={styles.discount}>{t.discount.title}{cart.info.coupon_code ? ` (${cart.info.coupon_code})` : ""}</dt><dd className={styles.discount} data-testid="total-discount">−{t.discount.formatted}</dd></>) : null}
      {t.fee.amount !== 0 ? (<><dt>{t.fee.title}</dt><dd>{t.fee.formatted}</dd></>) : null}
      <dt>{t.shipping.title}</dt><dd data-testid="total-shipping">{shippingChosen ? t.shipping.formatted : "Calculated at checkout"}</dd>
      <dt>{t.tax.title}</dt><dd data-testid="total-tax">{t.tax.formatted}</dd>
      <dt className={styles.grand}>{t.grand_total.title}</dt><dd className={styles.grand} data-testid="total-grand">{t.grand_total.formatted}</dd>
    </dl>
  );
}
