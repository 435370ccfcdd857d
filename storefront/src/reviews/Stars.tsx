import styles from "./Reviews.module.css";

/** Five stars filled to a rating; read out as "Rated n out of 5". */
export default function Stars({ rating }: { rating: number }) {
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0));
  return (
    <span className={styles.stars} role="img" aria-label={`Rated ${Math.round(value * 10) / 10} out of 5`}>
      <span className={styles.starsBase} aria-hidden="true">★★★★★</span>
      <span className={styles.starsFill} style={{ width: `${(value / 5) * 100}%` }} aria-hidden="true">★★★★★</span>
    </span>
  );
}
