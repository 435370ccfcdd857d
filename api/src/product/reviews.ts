import { sql, type SQL } from "drizzle-orm";
import { REVIEWS_PAGE_SIZE, type Review, type ReviewSummary, type ReviewsPage } from "@store/contract";
import type { Db } from "../db/client";
import { rowsOf } from "./list-item";

type ReviewOrder = ReviewsPage["order"];

interface ReviewRow {
  reviewId: number;
  rating: number;
  title: string;
  body: string;
  nickname: string;
  location: string;
  isRecommended: boolean;
  helpfulYes: number;
  helpfulNo: number;
  createdAt: number;
}

const REVIEW_COLUMNS = sql.raw(`r.review_id as "reviewId", r.rating as "rating", r.title as "title", r.body as "body",
  r.nickname as "nickname", r.location as "location", r.is_recommended as "isRecommended", r.helpful_yes as "helpfulYes",
  r.helpful_no as "helpfulNo", (extract(epoch from r.created_at) * 1000)::float8 as "createdAt"`);

const ORDER_BY: Record<ReviewOrder, SQL> = {
  newest: sql.raw("r.created_at desc, r.review_id desc"),
  oldest: sql.raw("r.created_at asc, r.review_id asc"),
  most_helpful: sql.raw("r.helpful_yes desc, r.helpful_no asc, r.created_at desc, r.review_id desc"),
  highest_rating: sql.raw("r.rating desc, r.created_at desc, r.review_id desc"),
  lowest_rating: sql.raw("r.rating asc, r.created_at desc, r.review_id desc"),
};

function toReview(r: ReviewRow): Review {
  return {
    review_id: String(r.reviewId),
    rating: r.rating,
    title: r.title,
    body: r.body,
    nickname: r.nickname,
    location: r.location,
    is_recommended: r.isRecommended,
    helpful_yes: r.helpfulYes,
    helpful_no: r.helpfulNo,
    created_at: new Date(Number(r.createdAt)).toISOString(),
  };
}

/** Review summary and pages of reviews of one product (the caller resolves the product). */
export class ReviewService {
  constructor(private readonly db: Db) {}

  async summary(productId: number): Promise<ReviewSummary> {
    const [totals] = await rowsOf<Record<string, number | string | null>>(this.db, sql`
      select count(*)::int as "count", coalesce(avg(r.rating), 0)::float8 as "average",
        coalesce(sum(r.helpful_yes), 0)::int as "yes", coalesce(sum(r.helpful_no), 0)::int as "no",
        (count(*) filter (where r.is_recommended))::int as "recommended",
        (count(*) filter (where r.rating = 5))::int as "five", (count(*) filter (where r.rating = 4))::int as "four",
        (count(*) filter (where r.rating = 3))::int as "three", (count(*) filter (where r.rating = 2))::int as "two",
        (count(*) filter (where r.rating = 1))::int as "one"
      from reviews r where r.product_id = ${productId}`);
    const helpful = await rowsOf<ReviewRow & { band: string }>(this.db, sql`
      (select 'positive' as "band", ${REVIEW_COLUMNS} from reviews r where r.product_id = ${productId} and r.rating >= 4
        order by ${ORDER_BY.most_helpful} limit 1)
      union all
      (select 'negative', ${REVIEW_COLUMNS} from reviews r where r.product_id = ${productId} and r.rating <= 2
        order by ${ORDER_BY.most_helpful} limit 1)`);
    const n = (k: string) => Number(totals?.[k] ?? 0);
    const count = n("count");
    const band = (name: string) => {
      const row = helpful.find((h) => h.band === name);
      return row ? toReview(row) : null;
    };
    return {
      review_summary: { rating: Math.round(n("average") * 100) / 100, count },
      votes_yes: n("yes"),
      votes_no: n("no"),
      percent_recommended: count === 0 ? 0 : Math.round((n("recommended") / count) * 100),
      ratings_distribution: { five: n("five"), four: n("four"), three: n("three"), two: n("two"), one: n("one") },
      most_helpful_reviews: { positive: band("positive"), negative: band("negative") },
    };
  }

  async page(productId: number, query: { page: number; order: ReviewOrder; rating?: number }): Promise<ReviewsPage> {
    const filter = query.rating === undefined ? sql`` : sql` and r.rating = ${query.rating}`;
    const [list, summary] = await Promise.all([
      rowsOf<ReviewRow & { total: number }>(this.db, sql`
        select ${REVIEW_COLUMNS}, (count(*) over ())::int as "total"
        from reviews r where r.product_id = ${productId}${filter}
        order by ${ORDER_BY[query.order]} limit ${REVIEWS_PAGE_SIZE} offset ${(query.page - 1) * REVIEWS_PAGE_SIZE}`),
      this.summary(productId),
    ]);
    // past the last page the window count is unknown: fall back to the summary's numbers
    const total = list[0]?.total ?? (query.rating === undefined
      ? summary.review_summary.count
      : summary.ratings_distribution[(["one", "two", "three", "four", "five"] as const)[query.rating - 1]!]);
    return {
      reviews: list.map(toReview),
      summary,
      page: { current: query.page, size: REVIEWS_PAGE_SIZE, total, total_pages: Math.ceil(total / REVIEWS_PAGE_SIZE) },
      order: query.order,
      rating: query.rating ?? null,
    };
  }
}
