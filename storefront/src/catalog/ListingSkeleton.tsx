import styles from "./Skeleton.module.css";

/** The loading state of a listing route: heading, toolbar and tile placeholders of the real sizes. */
export default function ListingSkeleton() {
  return (
    <div className={styles.skeleton} aria-busy="true" role="status" aria-label="Loading products">
      <div className={styles.title} />
      <div className={styles.layout}>
        <div className={styles.sidebar}>
          {Array.from({ length: 6 }, (_, i) => <div key={i} className={styles.line} />)}
        </div>
        <div>
          <div className={styles.toolbar} />
          <ul className={styles.grid}>
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i} className={styles.tile}>
                <div className={styles.image} />
                <div className={styles.line} />
                <div className={styles.lineShort} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <span className="visually-hidden">Loading products…</span>
    </div>
  );
}
