import type { ReviewsPage, Review } from "@store/contract";
import Stars from "./Stars";
import { shownPage } from "./days";
import ReviewsList from "./ReviewsList";
import { NO_REVIEWS, RATING_WORDS } from "./messages";
import styles from "./Reviews.module.css";

function HelpfulCard({ review, kind }: { review: Review; kind: "positive" | "negative" }) {
  return (
    <article className={styles.helpful} aria-labelledby={`helpful-${kind}`}>
      <h3 id={`helpful-${kind}`} className={styles.helpfulKind}>Most helpful {kind} review</h3>
      <Stars rating={review.rating} />
      <p className={styles.reviewTitle}>{review.title}</p>
      <p className={styles.reviewBody}>{review.body}</p>
      <p className={styles.reviewMeta}>{review.nickname}{review.location ? `, ${review.location}` : ""}</p>
    </article>
  );
}

/**
 * Reviews of a product (spec 002 §3 Review summary): average and count, the distribution of
 * ratings five to one as bars, percent recommended, the most helpful positive and negative
 * reviews, then the paged list with order and rating filter.
 */
export default function ReviewsSection({ productId, first }: { productId: string; first: ReviewsPage }) {
  const summary = first.summary;
  const count = summary.review_summary.count;
  const average = Math.round(summary.review_summary.rating * 10) / 10;
  if (count === 0) return <p className={styles.none}>{NO_REVIEWS}</p>;
  const { positive, negative } = summary.most_helpful_reviews;
  return (
    <div className={styles.reviews}>
      <div className={styles.summary}>
        <div className={styles.average}>
          <p className={styles.averageValue}>{average.toFixed(1)}<span className="visually-hidden"> out of 5</span></p>
          <Stars rating={average} />
          <p className={styles.count}>{count} {count === 1 ? "review" : "reviews"}</p>
          <p className={styles.recommended}><strong>{summary.percent_recommended}%</strong> would recommend this product</p>
        </div>
        <table className={styles.distribution}>
          <caption className="visually-hidden">Ratings distribution</caption>
          <tbody>
            {RATING_WORDS.map((word, i) => {
              const stars = 5 - i;
              const n = summary.ratings_distribution[word];
              const percent = count ? Math.round((n / count) * 100) : 0;
              return (
                <tr key={word}>
                  <th scope="row">{stars} {stars === 1 ? "star" : "stars"}</th>
                  <td className={styles.barCell}>
                    <span className={styles.bar} aria-hidden="true"><span style={{ width: `${percent}%` }} /></span>
                  </td>
                  <td className={styles.barCount}>{n}<span className="visually-hidden"> reviews ({percent}%)</span></td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {positive || negative ? (
        <div className={styles.helpfulPair}>
          {positive ? <HelpfulCard review={positive} kind="positive" /> : null}
          {negative ? <HelpfulCard review={negative} kind="negative" /> : null}
        </div>
      ) : null}
      <ReviewsList productId={productId} first={shownPage(first)} />
    </div>
  );
}
