// Two storefront builds (or two start flags) compared on what an uncached render costs: the same
// URL mix sent to both at once, so that whatever else loads the machine (and its slow drift over a
// run) loads both alike. Runs of render-cost.mjs one after another on a noisy machine can differ
// by a fifth. Measured together, one build against itself still differed by up to a tenth in the
// mean of four rounds here: run several rounds, and swap the sides before believing a small
// difference. A measurement, not a test.
//
//   STOREFRONT_PAGE_CACHE=off API_URL=http://127.0.0.1:4000 node storefront/server.mjs -p 3000   (build A)
//   STOREFRONT_PAGE_CACHE=off API_URL=http://127.0.0.1:4000 node server.mjs -p 3001               (build B, its own folder)
//   node scripts/render-ab.mjs --api http://127.0.0.1:4000 --a http://127.0.0.1:3000 --pid-a <pid> \
//                              --b http://127.0.0.1:3001 --pid-b <pid> [--page category|product|category-new|product-new|home|/a/path]
//                              [--duration 15] [--rounds 4] [--connections 3]
//
// With the page cache off, a render streams straight to the client. The bench's renders go through
// the page cache, which costs about a fifth more (BENCHMARKS.md, thirty-sixth session): to compare
// those, start both with the cache on and use `--page category-new` or `product-new`, which no
// cache can answer.
//
// Each round loads both for `duration` seconds after an 8 s warm-up; CPU ms per render = the
// process's user+system time over the round / pages it served. The rounds are printed side by side
// and then their means.
import autocannon from "autocannon";
import { cpuMs, uniquePageUrls } from "./bench-pages.mjs";
import { discover, workloads } from "./bench-workloads.mjs";
import { parseArgs } from "./lib.mjs";

const args = parseArgs();
const sides = ["a", "b"].map((side) => {
  const web = (args[side] ?? "").replace(/\/+$/, "");
  const pid = Number(args[`pid-${side}`]);
  if (!web || !pid) throw new Error(`--${side} <storefront URL> and --pid-${side} <its process id> are required`);
  return { side: side.toUpperCase(), web, pid, perRender: [] };
});
const api = (args.api ?? "http://127.0.0.1:4000").replace(/\/+$/, "");
const page = args.page ?? "category";
const seconds = Number(args.duration ?? 15);
const rounds = Number(args.rounds ?? 4);
const connections = Number(args.connections ?? 3);
// a shopper's browser: the storefront answers some agents differently
const headers = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36" };

const data = ["category", "product", "category-new", "product-new"].includes(page) ? await discover(api) : null;
const mixes = page === "category" || page === "product" ? workloads(data) : null;
const urls = page === "home" ? ["/"] : page === "category" ? mixes.categoryPage : page === "product" ? mixes.productPage : [page];
// "…-new": the bench's pages nobody asked for before, the same stream to each side (a page cache never answers them)
const fresh = page.endsWith("-new") ? sides.map(() => uniquePageUrls(data)[page.slice(0, -"-new".length)]) : null;

function load(side, duration) {
  let i = 0;
  const next = fresh ? fresh[side] : () => urls[i++ % urls.length];
  return autocannon({ url: sides[side].web, connections, duration, headers, requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }] });
}

console.error(fresh ? "warming both up on pages nobody asked for before…" : `warming both up on ${urls.length} URL(s)…`);
await Promise.all(sides.map((_, side) => load(side, 8)));
for (let round = 1; round <= rounds; round++) {
  const before = sides.map(({ pid }) => cpuMs(pid));
  const results = await Promise.all(sides.map((_, side) => load(side, seconds)));
  const line = sides.map((s, i) => {
    const served = results[i].requests.total;
    const failed = results[i].non2xx + results[i].errors;
    const ms = (cpuMs(s.pid) - before[i]) / served;
    s.perRender.push(ms);
    return `${s.side} ${ms.toFixed(1)} ms/render (${served} pages${failed ? `, ${failed} failed` : ""})`;
  });
  console.log(`round ${round}: ${line.join("   ")}`);
}
const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
const [a, b] = sides.map((s) => mean(s.perRender));
console.log(`mean: A ${a.toFixed(1)}   B ${b.toFixed(1)}   B/A ${(b / a).toFixed(3)}`);
