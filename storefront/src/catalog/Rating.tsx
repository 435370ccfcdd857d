import styles from "./ProductCard.module.css";

/** Five stars filled to the rating, with the review count; read out as one sentence. */
export default function Rating({ rating, count }: { rating: number; count: number }) {
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0));
  const rounded = Math.round(value * 10) / 10;
  const label = count > 0
    ? `Rated ${rounded} out of 5 stars, ${count} ${count === 1 ? "review" : "reviews"}`
    : "No reviews yet";
  return (
    <p className={styles.rating} role="img" aria-label={label}>
      <span className={styles.stars} aria-hidden="true">
        <span className={styles.starsBase}>★★★★★</span>
        <span className={styles.starsFill} style={{ width: `${(value / 5) * 100}%` }}>★★★★★</span>
      </span>
      <span className={styles.ratingCount} aria-hidden="true">({count})</span>
    </p>
  );
}
