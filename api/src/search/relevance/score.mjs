// Relevance of search, measured over the labelled shopper queries in judgements.json: for each
// query, how many of the first five results are what the shopper meant (precision@5), against
// the catalogue the api answers. Plain JavaScript through the public REST calls, so the test
// (relevance.test.ts, through app.inject) and `npm run bench` (over HTTP) compute the same score.
//
// A judgement names what is relevant, not which products: products of any of its categories
// (url keys) whose name matches its optional pattern. That holds for a store of any size. When a
// catalogue has fewer relevant products than five, precision is over what it has (R-capped:
// 3 water filters in the first 3 places score 1).

export const RESULTS = 5;

/**
 * `get(path)` answers the parsed JSON of GET /api/rest{path} (throws on a failure).
 * Answers { mean, worst, queries: [{ query, type, precision, relevant, top: [{ id, name, relevant }] }] }.
 */
export async function measureRelevance(get, judgements, { results = RESULTS } = {}) {
  // the products of every category a judgement names, by paging through its listing
  const members = new Map();
  const names = new Map();
  for (const key of new Set(judgements.flatMap((j) => j.categories))) {
    const ids = new Set();
    for (let page = 1; ; page++) {
      const listing = await get(`/categories/${encodeURIComponent(key)}?embed=products&limit=100&page=${page}`);
      for (const p of listing.products ?? []) {
        ids.add(p.entity_id);
        names.set(p.entity_id, p.name);
      }
      if (page >= listing.page_count || (listing.products ?? []).length === 0) break;
    }
    members.set(key, ids);
  }
  const queries = [];
  for (const j of judgements) {
    const pattern = j.name ? new RegExp(j.name, "i") : null;
    const relevant = new Set();
    for (const key of j.categories) for (const id of members.get(key)) if (!pattern || pattern.test(names.get(id))) relevant.add(id);
    if (relevant.size === 0) throw new Error(`judgement "${j.query}": no product of the catalogue is relevant (${j.categories.join(", ")}${j.name ? ` /${j.name}/` : ""})`);
    const answer = await get(`/search/${encodeURIComponent(j.query)}?embed=products&limit=${results}`);
    const top = (answer.products ?? []).slice(0, results).map((p) => ({ id: p.entity_id, name: p.name, relevant: relevant.has(p.entity_id) }));
    const precision = top.filter((p) => p.relevant).length / Math.min(results, relevant.size);
    queries.push({ query: j.query, type: j.type, precision, relevant: relevant.size, top });
  }
  const mean = queries.reduce((sum, q) => sum + q.precision, 0) / Math.max(1, queries.length);
  const worst = queries.reduce((min, q) => Math.min(min, q.precision), 1);
  return { mean, worst, queries };
}
