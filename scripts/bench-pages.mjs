// The page-cache part of `npm run bench`: what a bare server sending a page of the same size
// manages, pages while prices change, renders nobody has asked for before (with the storefront's
// CPU per render), and how long a database change takes to reach the pages of two storefronts.
import { readFileSync } from "node:fs";
import http from "node:http";
import { mulberry32 } from "./bench-workloads.mjs";

/** A bare node:http server answering every request with the same `bytes`-long HTML page. */
export function pageCeilingServer(bytes) {
  return `const page = Buffer.alloc(${bytes}, "<p>storefront</p>\\n");
require("node:http").createServer((q, s) => { s.writeHead(200, {"content-type": "text/html; charset=utf-8"}); s.end(page); }).listen(+process.env.PORT, "127.0.0.1");`;
}

const TICKS_PER_SECOND = 100; // USER_HZ on Linux
/** CPU time (user + system) a process has used so far, in ms; null where /proc is not there. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** Page URLs never asked for before: each product once, category pages with a new price range each. */
export function uniquePageUrls(data) {
  let product = 0;
  let category = 0;
  const random = mulberry32(11);
  return {
    product: () => `/product/${data.products[product++ % data.products.length]}?v=${Math.floor(product / data.products.length)}`,
    category: () => {
      const key = data.categories[Math.floor(random() * data.categories.length)];
      category += 1;
      return `/catalog/${key}?price=${category % 400}-${1000 + category}`;
    },
  };
}

/**
 * A mix of pages as a campaign's visitors reach them: each request the link of an advert, its own
 * click id (gclid) among the campaign's utm_* parameters.
 */
export function campaignClicks(urls) {
  let click = 0;
  return () => `${urls[click % urls.length]}?utm_source=tv&utm_medium=cpc&utm_campaign=sale&gclid=${(++click).toString(36)}`;
}

/**
 * Simple listed products whose price shows as it is stored (no sale price, not a bundle's piece):
 * the ones the price-change rows change.
 */
export async function plainProducts(db, n) {
  const { rows } = await db.query(
    `SELECT p.entity_id, p.url_key, p.price FROM products p WHERE p.status = 1 AND p.visibility = 4 AND p.type_id = 'simple'
       AND p.special_price IS NULL AND NOT p.poa AND EXISTS (SELECT 1 FROM product_categories c WHERE c.product_id = p.entity_id)
       AND NOT EXISTS (SELECT 1 FROM bundle_selections b WHERE b.product_id = p.entity_id)
     ORDER BY p.entity_id LIMIT ${Number(n)}`);
  if (rows.length === 0) throw new Error("no simple product with a plain price to change");
  return rows.map((r) => ({ id: Number(r.entity_id), urlKey: r.url_key, price: Number(r.price) }));
}

const setPrice = (db, id, cents) => db.query("UPDATE products SET price = $1, final_price = $1 WHERE entity_id = $2", [cents, id]);
const formatted = (cents) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/** Changes one of `products`' prices every `everyMs` until stopped; answers how many changes it made. */
export function changePricesEvery(db, products, everyMs) {
  let changes = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      if (stopped) break;
      const product = products[changes % products.length];
      await setPrice(db, product.id, product.price + 1 + (changes % 97));
      changes += 1;
    }
  })();
  // a failed change surfaces when the caller stops the loop (an unhandled rejection would end the
  // bench without stopping its processes)
  let failure = null;
  loop.catch((error) => { failure = error; stopped = true; });
  return async () => {
    stopped = true;
    await loop.catch(() => undefined);
    if (failure) throw failure;
    return changes;
  };
}

/**
 * Time from a price change in the database to the new price on the product page of every
 * storefront in `bases`, `rounds` times (each round after both served the page from their cache).
 */
export async function changeToPage(db, bases, product, rounds = 20) {
  const times = [];
  const path = `/product/${product.urlKey}`;
  for (let round = 1; round <= rounds; round++) {
    for (const base of bases) await fetch(`${base}${path}`).then((r) => r.text());
    const cents = product.price + round * 1_111;
    const started = performance.now();
    await setPrice(db, product.id, cents);
    const text = formatted(cents);
    const seen = await Promise.all(bases.map(async (base) => {
      for (;;) {
        const html = await fetch(`${base}${path}`).then((r) => r.text());
        if (html.includes(text)) return performance.now() - started;
        if (performance.now() - started > 10_000) return Infinity;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }));
    times.push(Math.max(...seen));
  }
  await setPrice(db, product.id, product.price);
  const sorted = [...times].sort((a, b) => a - b);
  return { rounds, median: Math.round(sorted[Math.floor(sorted.length / 2)]), max: Math.round(sorted.at(-1)) };
}

/** The bytes of one answer as sent: `encoding` asked for and nothing decoded (fetch would decode it). */
function sentBytes(url, encoding) {
  return new Promise((resolve, reject) => {
    http.get(url, { headers: { "accept-encoding": encoding } }, (response) => {
      let bytes = 0;
      response.on("data", (chunk) => { bytes += chunk.length; });
      response.on("end", () => (response.statusCode === 200 && (response.headers["content-encoding"] ?? "identity") === encoding
        ? resolve(bytes) : reject(new Error(`${url}: ${response.statusCode}, ${response.headers["content-encoding"] ?? "identity"} for ${encoding}`))));
    }).on("error", reject);
  });
}

/**
 * What every category page of the store weighs as sent, in brotli (what browsers ask for over
 * HTTPS) and gzip: per encoding the mean, the largest page and how many pages are over `limitKb`.
 * Each page is asked for once first, so its compressed copies are the page cache's.
 */
export async function categoryPageSizes(base, categories, limitKb = 30) {
  const rows = [];
  const sizes = { br: [], gzip: [] };
  for (const key of categories) {
    const url = `${base}/catalog/${encodeURIComponent(key)}`;
    await sentBytes(url, "identity");
    for (const encoding of ["br", "gzip"]) sizes[encoding].push({ key, bytes: await sentBytes(url, encoding) });
  }
  for (const [encoding, list] of Object.entries(sizes)) {
    const largest = list.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    rows.push({
      encoding, pages: list.length, meanKb: list.reduce((n, p) => n + p.bytes, 0) / list.length / 1024,
      largest: `${(largest.bytes / 1024).toFixed(1)} (${largest.key})`, over: list.filter((p) => p.bytes > limitKb * 1024).map((p) => p.key),
    });
  }
  return rows;
}
