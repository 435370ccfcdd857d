import { describe, expect, it } from "vitest";
import { PRODUCT_NOT_FOUND, personalProducts, reviewsPage, reviewSummary } from "@store/contract";
import { useTestApp } from "../test/app";
import { F, insertProductFixtures } from "./test-fixtures";

const t = useTestApp(insertProductFixtures);

async function get(url: string) {
  const response = await t.app.inject(`/api/rest${url}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("GET /products/{id}/reviews/summary", () => {
  it("sums up ratings, votes and recommendations, and picks the most helpful good and bad review", async () => {
    const summary = reviewSummary.parse(await get(`/products/${F.configurable}/reviews/summary`));
    expect(summary).toMatchObject({
      review_summary: { rating: 3.33, count: 3 },
      votes_yes: 20,
      votes_no: 3,
      percent_recommended: 67,
      ratings_distribution: { five: 1, four: 1, three: 0, two: 0, one: 1 },
    });
    expect(summary.most_helpful_reviews.positive).toMatchObject({ title: "Love it", rating: 5, helpful_yes: 10 });
    expect(summary.most_helpful_reviews.negative).toMatchObject({ title: "Broke", rating: 1, is_recommended: false });
  });

  it("answers zeros and no reviews for a product nobody reviewed, by url key too", async () => {
    const summary = await get("/products/PF-FILTER/reviews/summary");
    expect(summary).toEqual({
      review_summary: { rating: 0, count: 0 }, votes_yes: 0, votes_no: 0, percent_recommended: 0,
      ratings_distribution: { five: 0, four: 0, three: 0, two: 0, one: 0 },
      most_helpful_reviews: { positive: null, negative: null },
    });
  });

  it("answers 404 for an unknown or disabled product", async () => {
    for (const id of ["nope", String(F.disabled)]) {
      const response = await t.app.inject(`/api/rest/products/${id}/reviews/summary`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ messages: { error: [{ message: PRODUCT_NOT_FOUND }] } });
    }
  });
});

describe("GET /products/{id}/reviews", () => {
  const titles = (page: { reviews: Array<{ title: string }> }) => page.reviews.map((r) => r.title);

  it("pages newest first by default, ten to a page, with the summary", async () => {
    const first = reviewsPage.parse(await get(`/products/${F.dishwasher}/reviews?embed=reviews`));
    expect(first.page).toEqual({ current: 1, size: 10, total: 23, total_pages: 3 });
    expect(first.order).toBe("newest");
    expect(titles(first).slice(0, 3)).toEqual(["Review 22", "Review 21", "Review 20"]);
    expect(first.reviews).toHaveLength(10);
    expect(first.summary.review_summary.count).toBe(23);
    const third = await get(`/products/${F.dishwasher}/reviews?page=3`);
    expect(titles(third)).toEqual(["Review 2", "Review 1", "Review 0"]);
    const beyond = await get(`/products/${F.dishwasher}/reviews?page=4`);
    expect(beyond.reviews).toEqual([]);
    expect(beyond.page).toEqual({ current: 4, size: 10, total: 23, total_pages: 3 });
  });

  it("orders oldest, most helpful, highest and lowest rating", async () => {
    const url = `/products/${F.dishwasher}/reviews?order=`;
    expect(titles(await get(`${url}oldest`))[0]).toBe("Review 0");
    expect(titles(await get(`${url}most_helpful`)).slice(0, 2)).toEqual(["Review 22", "Review 21"]);
    const highest = await get(`${url}highest_rating`);
    expect(highest.reviews.slice(0, 4).map((r: { rating: number; title: string }) => [r.rating, r.title])).toEqual([
      [5, "Review 19"], [5, "Review 14"], [5, "Review 9"], [5, "Review 4"],
    ]);
    const lowest = await get(`${url}lowest_rating`);
    expect(lowest.reviews[0]).toMatchObject({ rating: 1, title: "Review 20" });
  });

  it("keeps one rating with the rating filter", async () => {
    const five = await get(`/products/${F.dishwasher}/reviews?rating=5`);
    expect(five.reviews.map((r: { rating: number }) => r.rating)).toEqual([5, 5, 5, 5]);
    expect(five.page).toMatchObject({ total: 4, total_pages: 1 });
    expect(five.rating).toBe(5);
    const emptyPage = await get(`/products/${F.dishwasher}/reviews?rating=5&page=2`);
    expect(emptyPage.page.total).toBe(4);
  });

  it("answers 400 in the error shape for a bad page, order, rating or embed", async () => {
    for (const query of ["page=0", "page=x", "page=1.5", "order=best", "rating=6", "rating=0", "rating=five", "embed=photos"]) {
      const response = await t.app.inject(`/api/rest/products/${F.dishwasher}/reviews?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.error[0].message).toEqual(expect.any(String));
    }
    expect((await t.app.inject("/api/rest/products/nope/reviews")).statusCode).toBe(404);
  });
});

describe("GET /personal/products", () => {
  const ids = (body: { products: Array<{ entity_id: string }> }) => body.products.map((p) => p.entity_id);

  it("answers a sku's related products, then upsells and add-ons, never the sku itself", async () => {
    const body = personalProducts.parse(await get("/personal/products?sku=FL-FD"));
    expect(body.source).toBe("related");
    // the install kit is an add-on without a page of its own, the disabled product is gone
    expect(ids(body)).toEqual(["120", "112", "150", "110"]);
  });

  it("falls back from promotion-related to related when no other product shares the promotion", async () => {
    const body = await get("/personal/products?sku=FL-FD&display_linq_related_products=1");
    expect(body.source).toBe("related");
  });

  it("answers products sharing a running promotion when asked", async () => {
    const body = await get(`/personal/products?sku=FL-DW&display_linq_related_products=true`);
    // the dishwasher runs no promotion: its add-on instead
    expect(body).toMatchObject({ source: "related" });
    expect(ids(body)).toEqual(["110"]);
  });

  it("answers the best rated in the product type's or collection's category", async () => {
    const byType = await get("/personal/products?product_type=Refrigerators");
    expect(byType.source).toBe("product_type");
    expect(ids(byType)).toEqual(["100"]);
    const byCollection = await get("/personal/products?collection_name=appliances");
    expect(byCollection.source).toBe("collection");
    // the whole appliances branch, best rated first
    expect(ids(byCollection)[0]).toBe("100");
    expect(ids(byCollection)).toEqual(expect.arrayContaining(["120", "110", "112"]));
  });

  it("answers the best rated overall otherwise, in stock at the given store first", async () => {
    const top = await get("/personal/products?limit=3");
    expect(top.source).toBe("top_rated");
    expect(ids(top)).toEqual(["100", "120", "110"]);
    const atBellevue = await get("/personal/products?limit=3&location=HHO-SEA");
    expect(ids(atBellevue)[0]).toBe("120");
    for (const query of ["limit=0", "limit=51", "sku=%00", "product_type=a%00"]) {
      const response = await t.app.inject(`/api/rest/personal/products?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.error).toHaveLength(1);
    }
  });
});
