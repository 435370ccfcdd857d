import type { Review, ReviewsPage } from "@store/contract";
import { formatDate } from "@/lib/format";

/** A review as the list shows it, with its day written out ("January 2, 2026", Los Angeles time). */
export type ShownReview = Review & { day: string };
/** A page of reviews without the summary (the section shows that once). */
export type ReviewsListPage = Omit<ReviewsPage, "summary" | "reviews"> & { reviews: ShownReview[] };

/**
 * Writes out each review's day. The server does it for the page's first reviews, so that a
 * browser does not build a Los Angeles date format while it hydrates (loading the zone's rules
 * takes it 50–80 ms on one task); the browser does it only for the pages it fetches later.
 */
export function shownPage({ reviews, page, order, rating }: Pick<ReviewsPage, "reviews" | "page" | "order" | "rating">): ReviewsListPage {
  return { page, order, rating, reviews: reviews.map((review) => ({ ...review, day: formatDate(review.created_at) })) };
}
