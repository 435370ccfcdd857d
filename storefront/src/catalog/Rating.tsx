import { element, escapeHtml } from "@/lib/html";
import styles from "./ProductCard.module.css";

/** The rating's spoken sentence and its stars and count, as markup (Rating and cards' `ratingHtml`). */
function ratingParts(rating: number, count: number): { label: string; inner: string } {
  const value = Math.max(0, Math.min(5, Number.isFinite(rating) ? rating : 0));
  const rounded = Math.round(value * 10) / 10;
  const label = count > 0
    ? `Rated ${rounded} out of 5 stars, ${count} ${count === 1 ? "review" : "reviews"}`
    : "No reviews yet";
  const stars = element("span", { class: styles.stars, "aria-hidden": "true" },
    element("span", { class: styles.starsBase }, "★★★★★") +
    element("span", { class: styles.starsFill, style: `width:${(value / 5) * 100}%` }, "★★★★★"));
  return { label, inner: stars + element("span", { class: styles.ratingCount, "aria-hidden": "true" }, `(${escapeHtml(count)})`) };
}

/** Five stars filled to the rating, with the review count, as HTML (a card's details are markup). */
export function ratingHtml(rating: number, count: number): string {
  const { label, inner } = ratingParts(rating, count);
  return element("p", { class: styles.rating, role: "img", "aria-label": label }, inner);
}

/** Five stars filled to the rating, with the review count; read out as one sentence. */
export default function Rating({ rating, count }: { rating: number; count: number }) {
  const { label, inner } = ratingParts(rating, count);
  return <p className={styles.rating} role="img" aria-label={label} dangerouslySetInnerHTML={{ __html: inner }} />;
}
