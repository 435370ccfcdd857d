"use client";

import { useId, useRef, useState } from "react";
import type { ReviewsPage } from "@store/contract";
import { clientGet, clientPathParam } from "@/lib/client-api";
import { shownPage, type ReviewsListPage } from "./days";
import Stars from "./Stars";
import { NO_MATCHING_REVIEWS, ORDER_LABELS, REVIEWS_LOAD_ERROR } from "./messages";
import styles from "./Reviews.module.css";

type Order = ReviewsPage["order"];
const ORDERS = Object.keys(ORDER_LABELS) as Order[];

/** The paged review list with its order and rating filter (GET /products/{id}/reviews). */
export default function ReviewsList({ productId, first }: { productId: string; first: ReviewsListPage }) {
  const id = useId();
  const [page, setPage] = useState<ReviewsListPage>(first);
  const [status, setStatus] = useState<"idle" | "pending" | "rejected">("idle");
  const listRef = useRef<HTMLHeadingElement>(null);
  const request = useRef(0);

  const load = async (next: { page?: number; order?: Order; rating?: number | null }, focus = false) => {
    const params = new URLSearchParams({ embed: "reviews", page: String(next.page ?? 1), order: next.order ?? page.order });
    const rating = next.rating === undefined ? page.rating : next.rating;
    if (rating) params.set("rating", String(rating));
    const mine = ++request.current;
    setStatus("pending");
    try {
      const answer = await clientGet<ReviewsPage>(`/products/${clientPathParam(productId)}/reviews?${params}`);
      if (mine !== request.current) return;
      setPage(shownPage(answer));
      setStatus("idle");
      if (focus) listRef.current?.focus();
    } catch {
      if (mine === request.current) setStatus("rejected");
    }
  };

  const { current, total_pages: totalPages, total } = page.page;
  return (
    <section className={styles.list} aria-labelledby={`${id}-heading`} aria-busy={status === "pending"}>
      <h3 id={`${id}-heading`} ref={listRef} tabIndex={-1} className={styles.listHeading}>
        {total} {total === 1 ? "review" : "reviews"}{page.rating ? ` rated ${page.rating} ${page.rating === 1 ? "star" : "stars"}` : ""}
      </h3>
      <div className={styles.controls}>
        <div>
          <label htmlFor={`${id}-order`}>Sort by</label>
          <select id={`${id}-order`} value={page.order} onChange={(event) => void load({ order: event.target.value as Order })}>
            {ORDERS.map((order) => <option key={order} value={order}>{ORDER_LABELS[order]}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-rating`}>Rating</label>
          <select
            id={`${id}-rating`}
            value={page.rating ?? ""}
            onChange={(event) => void load({ rating: event.target.value ? Number(event.target.value) : null })}
          >
            <option value="">All ratings</option>
            {[5, 4, 3, 2, 1].map((r) => <option key={r} value={r}>{r} {r === 1 ? "star" : "stars"}</option>)}
          </select>
        </div>
      </div>
      {status === "rejected" ? <p className={styles.error} role="alert">{REVIEWS_LOAD_ERROR}</p> : null}
      {page.reviews.length === 0 ? (
        <p>{NO_MATCHING_REVIEWS}</p>
      ) : (
        <ol className={styles.items}>
          {page.reviews.map((review) => (
            <li key={review.review_id} className={styles.item}>
              <article aria-labelledby={`${id}-r${review.review_id}`}>
                <Stars rating={review.rating} />
                <h4 id={`${id}-r${review.review_id}`} className={styles.reviewTitle}>{review.title}</h4>
                <p className={styles.reviewMeta}>
                  {review.nickname}{review.location ? `, ${review.location}` : ""} ·{" "}
                  <time dateTime={review.created_at}>{review.day}</time>
                </p>
                <p className={styles.reviewBody}>{review.body}</p>
                {review.is_recommended ? <p className={styles.recommends}>Recommends this product</p> : null}
                {review.helpful_yes + review.helpful_no > 0 ? (
                  <p className={styles.reviewMeta}>{review.helpful_yes} of {review.helpful_yes + review.helpful_no} found this helpful</p>
                ) : null}
              </article>
            </li>
          ))}
        </ol>
      )}
      {totalPages > 1 ? (
        <nav className={styles.pager} aria-label="Review pages">
          <button type="button" className="button button--secondary" disabled={current <= 1 || status === "pending"} onClick={() => void load({ page: current - 1, rating: page.rating }, true)}>
            Previous<span className="visually-hidden"> reviews</span>
          </button>
          <span>Page {current} of {totalPages}</span>
          <button type="button" className="button button--secondary" disabled={current >= totalPages || status === "pending"} onClick={() => void load({ page: current + 1, rating: page.rating }, true)}>
            Next<span className="visually-hidden"> reviews</span>
          </button>
        </nav>
      ) : null}
    </section>
  );
}
