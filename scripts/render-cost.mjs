// What one uncached page render costs: storefront CPU per render, and what a page weighs (plain,
// gzip, brotli; the share of the RSC payload inlined as self.__next_f pushes). A measurement, not a
// test. Against a storefront already running with its page cache off, on this machine (its CPU time
// is read from /proc):
//
//   STOREFRONT_PAGE_CACHE=off API_URL=http://127.0.0.1:4000 node storefront/server.mjs -p 3000
//   node scripts/render-cost.mjs --web http://127.0.0.1:3000 --api http://127.0.0.1:4000 --pid <storefront pid>
//                                [--pages home,category,product] [--duration 10] [--connections 10]
//
// Category and product pages cycle through the bench's 200-URL mixes (bench-workloads.mjs), each
// after a 5 s warm-up. CPU ms per render = the process's user+system time over the run / pages
// served. Sizes are the mean of the first ten URLs of a mix, compressed here at gzip level 6 and
// brotli quality 5. With the page cache off, renders stream to the client: about a fifth cheaper
// than the bench's renders, which go through the cache (scripts/render-ab.mjs says how to compare).
import { readFileSync } from "node:fs";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { discover, workloads } from "./bench-workloads.mjs";
import { parseArgs } from "./lib.mjs";

const args = parseArgs();
const web = (args.web ?? "http://127.0.0.1:3000").replace(/\/+$/, "");
const api = (args.api ?? "http://127.0.0.1:4000").replace(/\/+$/, "");
const pid = Number(args.pid);
if (!pid) throw new Error("--pid <storefront process id> is required (its CPU time is what is measured)");
const seconds = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 10);
const pages = (args.pages ?? "home,category,product").split(",");

/** user + system CPU time of the process, in ms (clock ticks of 10 ms, as Linux reports them) */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function load(urls, duration) {
  let i = 0;
  return autocannon({ url: web, connections, duration, requests: [{ setupRequest: (request) => ({ ...request, path: urls[i++ % urls.length] }) }] });
}

async function weigh(urls) {
  let plain = 0, gzip = 0, brotli = 0, payload = 0;
  for (const url of urls) {
    const html = await (await fetch(web + url)).text();
    const bytes = Buffer.from(html);
    plain += bytes.length;
    gzip += zlib.gzipSync(bytes, { level: 6 }).length;
    brotli += zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
    for (const push of html.matchAll(/<script[^>]*>self\.__next_f\.push\(.*?\)<\/script>/gs)) payload += Buffer.byteLength(push[0]);
  }
  const kb = (n) => (n / urls.length / 1024).toFixed(1);
  return { plain: kb(plain), gzip: kb(gzip), brotli: kb(brotli), payloadShare: `${Math.round((100 * payload) / plain)}%` };
}

const mixes = pages.some((p) => p !== "home") ? workloads(await discover(api)) : null;
const urlsOf = (page) => (page === "home" ? ["/"] : page === "category" ? mixes.categoryPage : page === "product" ? mixes.productPage : [page]);

const rows = [];
for (const page of pages) {
  const urls = urlsOf(page);
  await load(urls, 5);
  const before = cpuMs();
  const result = await load(urls, seconds);
  const renders = result.requests.total;
  rows.push({
    page, "req/s": result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors,
    "CPU ms/render": renders ? ((cpuMs() - before) / renders).toFixed(1) : "-",
    ...(await weigh(urls.slice(0, 10))),
  });
}
console.table(rows);
