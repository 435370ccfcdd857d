// `npm run bench`: requests/s and latency of the store's hot paths beside a bare node:http
// ceiling measured in the same run, so ratios hold on a noisy machine. A benchmark, not a test.
//
//   npm run bench -- [--products N] [--duration S] [--connections C] [--postgres postgres://server/db]
//                    [--only config,home,category,search,autocomplete,product,pages,session,orders] [--no-lighthouse]
//                    [--lighthouse-runs N]
// --postgres seeds a fresh throw-away database on that server instead of the embedded one; the
// page rows that change prices in the database (pages while prices change, change to page) need it.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { BenchShopper, discover, shopperFlows, workloads } from "./bench-workloads.mjs";
import { chromePath, lighthouseScores } from "./lighthouse.mjs";
import { campaignClicks, categoryPageSizes, changePricesEvery, changeToPage, cpuMs, pageCeilingServer, plainProducts, uniquePageUrls } from "./bench-pages.mjs";
import { measureRelevance } from "../api/src/search/relevance/score.mjs";
import { buildNextFloor, floorUrls, startNextFloor } from "./next-floor.mjs";
import { buildIfNeeded, freePort, parseArgs, root, storefrontEntry, storefrontNodeFlags, startProcess, stopProcess, waitFor } from "./lib.mjs";

const args = parseArgs();
const products = Number(args.products ?? 1500);
const duration = Number(args.duration ?? 10);
const connections = Number(args.connections ?? 20);
const serverUrl = args.postgres;
const only = args.only ? new Set(args.only.split(",")) : null;
const wants = (group) => !only || only.has(group);
const log = (m) => console.error(m);

// said before minutes of measuring, not when Lighthouse's turn comes
if (wants("pages") && args["no-lighthouse"] === undefined && !existsSync(chromePath)) {
  console.error(`Lighthouse needs Chromium at ${chromePath} (CHROME_PATH): install it (apt-get install chromium) or pass --no-lighthouse`);
  process.exit(2);
}

/**
 * A flow run: `concurrency` shoppers (the bench's connections, 20 unless told) each repeating
 * `flow` (which answers how many requests it made) for `seconds`; latency is per flow. Answers the
 * same row shape as `measure`. `cpuPid`: the process whose CPU per flow is read from /proc over the
 * measured run (the api: both its threads), a figure that moves less with the machine's speed of
 * the moment than flows/s.
 */
async function measureFlow(name, flow, seconds = duration, concurrency = connections, calls = [], cpuPid = undefined) {
  let latencies = [];
  let errors = 0;
  let requests = 0;
  let firstError = "";
  const drive = async (runSeconds) => {
    const until = Date.now() + runSeconds * 1000;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const started = performance.now();
        try {
          // not `requests += await flow()`: that reads `requests` before the await and loses the other workers' counts
          const calls = await flow();
          requests += calls;
          latencies.push(performance.now() - started);
        } catch (error) {
          errors++;
          firstError ||= String(error?.message ?? error);
        }
      }
    }));
  };
  // a warm-up, as the repeating mixes get: the api's code paths compiled before the measured run
  await drive(Math.min(3, seconds));
  latencies = [];
  errors = 0;
  requests = 0;
  firstError = "";
  BenchShopper.timings = new Map();
  const cpuBefore = cpuPid === undefined ? null : cpuMs(cpuPid);
  await drive(seconds);
  const cpuAfter = cpuPid === undefined ? null : cpuMs(cpuPid);
  if (firstError) log(`  ${name}: ${errors} failed, first: ${firstError}`);
  const timings = BenchShopper.timings;
  BenchShopper.timings = null;
  const row = (label, list) => {
    list.sort((a, b) => a - b);
    const at = (q) => Math.round(list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0);
    return { name: label, rps: list.length / seconds, p50: at(0.5), p99: at(0.99), errors, requests, kb: 0 };
  };
  // per-call rows first (req/s counts that call alone), then the whole flow
  const whole = row(name, latencies);
  if (cpuBefore !== null && cpuAfter !== null && latencies.length > 0) whole.cpuPerFlow = (cpuAfter - cpuBefore) / latencies.length;
  return [...calls.map(([label, key]) => row(label, timings.get(key) ?? [])), whole];
}

/** One load run: `urls` is a fixed list cycled through, or a function giving the next URL. */
async function measure(name, base, urls, seconds = duration, headers = undefined) {
  const next = typeof urls === "function" ? urls : ((i) => () => urls[i++ % urls.length])(0);
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
  });
  const errors = result.non2xx + result.errors;
  // average response size (uncompressed: autocannon sends no accept-encoding), e.g. a page's HTML with its flight data
  const kb = result.requests.total ? result.throughput.total / result.requests.total / 1024 : 0;
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, requests: result.requests.total, kb };
}

/** `measure` of pages nobody asked for before, with the CPU per render of the process `pid` that serves them. */
async function measureRenders(name, base, urls, seconds, pid) {
  const before = cpuMs(pid);
  const row = await measure(name, base, urls, seconds);
  const after = cpuMs(pid);
  return { ...row, cpuPerRender: before === null || after === null || !row.requests ? null : (after - before) / row.requests };
}

/** Asks for each of `urls` once, four at a time (a page cache then holds them all); answers their mean size in bytes. */
async function primePages(base, urls) {
  let bytes = 0;
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < urls.length) {
      const html = await fetch(`${base}${urls[next++]}`).then((r) => r.text());
      bytes += Buffer.byteLength(html); // not `bytes += await …`: that reads `bytes` before the await
    }
  }));
  return bytes / urls.length;
}

function ceilingServer() {
  // The fastest a Node process can answer a small JSON GET here: our upper bound.
  const code = `require("node:http").createServer((q, s) => { s.writeHead(200, {"content-type": "application/json"}); s.end('{"ok":true}'); }).listen(+process.env.PORT, "127.0.0.1");`;
  return code;
}

await buildIfNeeded({ log });
const dataDir = mkdtempSync(path.join(os.tmpdir(), "store-bench-"));
const apiPort = await freePort();
const webPort = await freePort();
const ceilingPort = await freePort();
const sandboxPort = await freePort();
const children = [];
let databaseUrl;
let benchDatabase;
if (serverUrl) {
  benchDatabase = `bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${benchDatabase}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}
const cleanup = async () => {
  await Promise.all(children.map((c) => stopProcess(c)));
  rmSync(dataDir, { recursive: true, force: true });
  if (benchDatabase) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${benchDatabase} WITH (FORCE)`);
    await admin.end();
  }
};
process.on("SIGINT", () => cleanup().then(() => process.exit(130)));
// whatever ends the bench (a crash included), its servers do not outlive it
process.on("exit", () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) try { process.kill(-child.pid, "SIGKILL"); } catch {}
});

try {
  const ceiling = startProcess("ceiling", process.execPath, ["-e", ceilingServer()], { PORT: String(ceilingPort) }, { quiet: true });
  children.push(ceiling);
  log(`seeding a ${products}-product store${databaseUrl ? " on the PostgreSQL server" : " on the embedded database"} and starting the api…`);
  const api = startProcess("api", process.execPath, [path.join(root, "api", "dist", "main.js")], {
    API_PORT: String(apiPort), DATA_DIR: dataDir, SEED_PRODUCTS: String(products), NODE_ENV: "production", LOG_LEVEL: "error",
    DATABASE_URL: databaseUrl ?? "", CARD_GATEWAY_URL: `http://127.0.0.1:${sandboxPort}/xml/v1/request.api`,
  }, { quiet: true });
  children.push(api);
  if (wants("orders")) {
    // the card gateway's local stand-in (sandbox), for card checkouts
    children.push(startProcess("sandbox", process.execPath, [path.join(root, "api", "dist", "sandbox.js")], {
      SANDBOX_CARD_GATEWAY_PORT: String(sandboxPort), API_PORT: String(apiPort),
    }, { quiet: true }));
  }
  const apiBase = `http://127.0.0.1:${apiPort}`;
  await waitFor(`${apiBase}/health`, { child: api, timeoutMs: 30 * 60_000 });
  const web = startProcess("storefront", process.execPath, [...storefrontNodeFlags, storefrontEntry, "-p", String(webPort), "-H", "127.0.0.1"], {
    API_URL: apiBase, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1",
  }, { quiet: true, cwd: path.join(root, "storefront") });
  children.push(web);
  const webBase = `http://127.0.0.1:${webPort}`;
  await waitFor(`${webBase}/`, { child: web });
  await waitFor(`http://127.0.0.1:${ceilingPort}/`, { child: ceiling });

  log("reading the catalogue to build the workloads…");
  const data = await discover(apiBase);
  const w = workloads(data);
  const uniqueSeconds = Number(args["unique-duration"] ?? Math.min(duration, 8));
  const scenarios = [
    ["ceiling: bare node:http", "ceiling", `http://127.0.0.1:${ceilingPort}`, ["/"]],
    ["GET /api/rest/config", "config", apiBase, ["/api/rest/config"]],
    // one URL: the home page is the same page for every shopper (pages runs it too, beside its mixes)
    ["GET / (home, page cache)", "home", webBase, ["/"]],
    ["category + facets, 200-combination mix", "category", apiBase, w.category.repeat],
    ["category + facets, every request new", "category", apiBase, w.category.unique, uniqueSeconds],
    ["search, 200-term mix", "search", apiBase, w.search.repeat],
    ["search, every request new", "search", apiBase, w.search.unique, uniqueSeconds],
    ["autocomplete, 200-prefix mix", "autocomplete", apiBase, w.autocomplete.repeat],
    ["autocomplete, every request new", "autocomplete", apiBase, w.autocomplete.unique, uniqueSeconds],
    ["product detail + all embeds, 200-product mix", "product", apiBase, w.product.repeat],
    ["product detail + all embeds, every request new", "product", apiBase, w.product.unique, uniqueSeconds],
    ["GET /catalog/{key}, 200-page mix (page cache)", "pages", webBase, w.categoryPage],
    ["GET /product/{key}, 200-page mix (page cache)", "pages", webBase, w.productPage],
    // the same pages, each request a new advert click: campaign parameters are not part of a page's key
    ["GET /product/{key}?utm_…&gclid={new each request}, the 200-page mix (page cache)", "pages", webBase, campaignClicks(w.productPage)],
  ].filter(([, group]) => group === "ceiling" || wants(group) || (group === "home" && wants("pages")));

  const rows = [];
  for (const [name, , base, urls, seconds] of scenarios) {
    log(`measuring ${name}…`);
    // warm-up on the repeating mixes only: a unique stream must stay unseen. Each page of a page
    // mix is asked for once first, so the measured run sees what a warm page cache serves
    if (Array.isArray(urls) && base === webBase) await primePages(base, urls);
    if (Array.isArray(urls)) await measure(name, base, urls, Math.min(3, duration));
    rows.push(await measure(name, base, urls, seconds ?? duration));
  }
  const renders = [];
  let changeTimes = null;
  let pageSizes = null;
  if (wants("pages")) {
    // a bare node:http server sending a page as large as a category page (the mix's mean): the ceiling for pages
    const size = Math.round(await primePages(webBase, w.categoryPage));
    const pagePort = await freePort();
    const pageCeiling = startProcess("page ceiling", process.execPath, ["-e", pageCeilingServer(size)], { PORT: String(pagePort) }, { quiet: true });
    children.push(pageCeiling);
    await waitFor(`http://127.0.0.1:${pagePort}/`, { child: pageCeiling });
    log("measuring the same-size page ceiling…");
    rows.push(await measure(`ceiling: bare node:http, a ${(size / 1024).toFixed(0)} KB page`, `http://127.0.0.1:${pagePort}`, ["/"]));
    await stopProcess(pageCeiling);

    let db = null;
    if (databaseUrl) {
      db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
    }
    try {
      if (db) {
        // a sale: one of the mix's products changes price every 3 s while shoppers read the pages
        const inMix = new Set(w.productPage.map((p) => p.slice("/product/".length)));
        const plain = await plainProducts(db, 2000);
        const changing = plain.filter((p) => inMix.has(p.urlKey)).concat(plain).slice(0, 20);
        for (const [label, urls] of [["GET /catalog/{key}", w.categoryPage], ["GET /product/{key}", w.productPage]]) {
          log(`measuring ${label} while a price changes every 3 s…`);
          const stop = changePricesEvery(db, changing, 3000);
          const row = await measure(`${label}, 200-page mix while a price changes every 3 s`, webBase, urls);
          row.name += ` (${await stop()} changes)`;
          rows.push(row);
        }
      } else {
        log("pages while prices change and change-to-page times need --postgres (the bench changes prices in the database)");
      }

      // renders nobody asked for before: no cache can answer; CPU per render from the storefront process
      const unique = uniquePageUrls(data);
      for (const [label, next] of [["GET /catalog/{key}?price=…", unique.category], ["GET /product/{key}", unique.product]]) {
        log(`measuring ${label}, every request new (renders)…`);
        renders.push(await measureRenders(`${label}, every request new (renders)`, webBase, next, uniqueSeconds, web.pid));
      }

      // the framework's floor: a one-paragraph page on the same Next, React, Node and flags, every request new
      await buildNextFloor(log);
      const floorPort = await freePort();
      const floor = startNextFloor(floorPort);
      children.push(floor);
      await waitFor(`http://127.0.0.1:${floorPort}/page`, { child: floor });
      log("measuring the Next floor (a one-paragraph page, every request new)…");
      const floorUrl = floorUrls();
      await measure("warm-up", `http://127.0.0.1:${floorPort}`, floorUrl, Math.min(3, uniqueSeconds));
      renders.push(await measureRenders("floor: a one-paragraph Next page, same Next, React, Node and flags, every request new",
        `http://127.0.0.1:${floorPort}`, floorUrl, uniqueSeconds, floor.pid));
      await stopProcess(floor);

      log(`weighing every category page (${data.categories.length}) as sent, brotli and gzip…`);
      pageSizes = await categoryPageSizes(webBase, data.categories);

      if (db) {
        log("measuring time from a price change to the page on two storefront processes (20 changes)…");
        const secondPort = await freePort();
        const second = startProcess("storefront 2", process.execPath, [...storefrontNodeFlags, storefrontEntry, "-p", String(secondPort), "-H", "127.0.0.1"], {
          API_URL: apiBase, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1",
        }, { quiet: true, cwd: path.join(root, "storefront") });
        children.push(second);
        const secondBase = `http://127.0.0.1:${secondPort}`;
        await waitFor(`${secondBase}/`, { child: second });
        const [product] = await plainProducts(db, 1);
        changeTimes = await changeToPage(db, [webBase, secondBase], product, 20);
        // only this measure needs it: stopped so that it does not share the CPU with what follows (Lighthouse)
        await stopProcess(second);
      }
    } finally {
      await db?.end();
    }
  }
  if (wants("session")) {
    // the session call every page makes from the browser: a shopper's known session (one row read)
    // and a crawler's (no row: matched by user_agents_bots_regex)
    const known = await new BenchShopper(apiBase).start();
    log("measuring GET /customers/self/session…");
    rows.push(await measure("GET /customers/self/session, known session", apiBase, ["/api/rest/customers/self/session"], duration, { cookie: known.cookie }));
    rows.push(await measure("GET /customers/self/session, crawler (no row)", apiBase, ["/api/rest/customers/self/session"], duration, { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" }));
  }
  if (wants("orders")) {
    // shoppers writing: flows per second, latency per whole flow (requests counts every call)
    const flows = shopperFlows(apiBase, data);
    log("measuring add to cart (sessions of 5 adds)…");
    rows.push(...await measureFlow("flow: new session + 5 adds to cart", () => flows.addToCart(), duration, undefined,
      [["POST /cart/items (sessions of 5 adds; per call)", "POST /cart/items"]], api.pid));
    log("measuring GET /cart with every embed…");
    const readers = await Promise.all(Array.from({ length: 20 }, () => flows.cartReader()));
    let r = 0;
    rows.push(...await measureFlow("GET /cart, every embed (3-line carts)", async () => { await readers[r++ % readers.length](); return 1; }));
    for (const method of ["checkmo", "authorizenet"]) {
      log(`measuring guest checkout with ${method}…`);
      rows.push(...await measureFlow(`flow: guest checkout, ${method} (8 calls, ends in POST /cart/place)`, () => flows.checkout(method), duration, undefined,
        [[`POST /cart/place, ${method} (orders/s; per call)`, "POST /cart/place"]], api.pid));
    }
    log("measuring the category mix while orders are placed…");
    const ordering = Date.now() + duration * 1000;
    const orderLoad = Promise.all(Array.from({ length: 4 }, async () => {
      while (Date.now() < ordering) await flows.checkout("checkmo").catch(() => undefined);
    }));
    rows.push(await measure("category + facets mix, while 4 shoppers place orders", apiBase, w.category.repeat, duration));
    await orderLoad;
  }
  // search relevance beside its throughput: the labelled shopper queries the api test scores (api/src/search/relevance)
  let relevance = null;
  if (wants("search")) {
    log("scoring search relevance (precision@5 of the labelled shopper queries)…");
    const judgements = JSON.parse(readFileSync(path.join(root, "api", "src", "search", "relevance", "judgements.json"), "utf8"));
    const get = async (p) => {
      const response = await fetch(`${apiBase}/api/rest${p}`);
      if (!response.ok) throw new Error(`GET ${p}: ${response.status}`);
      return response.json();
    };
    relevance = await measureRelevance(get, judgements).catch((error) => ({ error: String(error?.message ?? error) }));
  }
  const ceilingRps = rows[0].rps;
  console.log(`\n${products} products (${data.products.length} listed), ${databaseUrl ? "PostgreSQL server" : "embedded PGlite"}, ${connections} connections, node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}\n`);
  console.log("| scenario | req/s | p50 ms | p99 ms | of ceiling | requests | errors | KB/response |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) {
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${((r.rps / ceilingRps) * 100).toFixed(1)}% | ${r.requests} | ${r.errors} | ${r.kb.toFixed(1)} |`);
  }

  const costed = rows.filter((r) => r.cpuPerFlow !== undefined);
  if (costed.length) {
    console.log("\n| flows (api process CPU from /proc, both its threads) | flows/s | api CPU ms per flow |");
    console.log("|---|---:|---:|");
    for (const r of costed) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.cpuPerFlow.toFixed(1)} |`);
  }

  if (renders.length) {
    console.log("\n| renders (every request new; storefront CPU from /proc) | req/s | p50 ms | p99 ms | CPU ms per render | KB/response |");
    console.log("|---|---:|---:|---:|---:|---:|");
    for (const r of renders) {
      console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.cpuPerRender === null ? "n/a" : r.cpuPerRender.toFixed(1)} | ${r.kb.toFixed(1)} |`);
    }
  }
  if (pageSizes) {
    console.log(`\n| category pages as sent (every one, from the page cache) | pages | mean KB | largest KB | pages over 30 KB |`);
    console.log("|---|---:|---:|---:|---|");
    for (const r of pageSizes) {
      console.log(`| ${r.encoding} | ${r.pages} | ${r.meanKb.toFixed(1)} | ${r.largest} | ${r.over.length}${r.over.length ? ` (${r.over.join(", ")})` : ""} |`);
    }
  }
  if (changeTimes) {
    console.log(`\n| price change in the database → new page on both of two storefront processes (${changeTimes.rounds} changes) | median ms | max ms |`);
    console.log("|---|---:|---:|");
    console.log(`| product page | ${changeTimes.median} | ${changeTimes.max} |`);
  }

  if (relevance) {
    if (relevance.error) console.log(`\nsearch relevance: not measured (${relevance.error})`);
    else {
      const below = relevance.queries.filter((q) => q.precision < 0.6).map((q) => q.query);
      console.log(`\n| search relevance (${relevance.queries.length} labelled queries) | mean precision@5 | lowest query | queries below 60% |`);
      console.log("|---|---:|---:|---|");
      console.log(`| this store | ${(relevance.mean * 100).toFixed(1)}% | ${(relevance.worst * 100).toFixed(0)}% | ${below.length ? below.join(", ") : "none"} |`);
    }
  }

  if (wants("pages") && args["no-lighthouse"] === undefined) {
    const runs = Number(args["lighthouse-runs"] ?? 3);
    log(`Lighthouse (mobile), ${runs} runs each after one not counted…`);
    console.log(`\n| Lighthouse (mobile), median of ${runs} after a warm-up run | performance | accessibility | LCP ms | performance per run (LCP ms, TBT ms) |`);
    console.log("|---|---:|---:|---:|---|");
    // the cart and checkout as a shopper with two products in the cart sees them (the session's cookie on every request)
    const shopper = await new BenchShopper(apiBase).start();
    for (const id of data.stocked.slice(0, 2)) await shopper.call("POST", "/cart/items", { product_id: id });
    const withCart = { extraHeaders: { Cookie: shopper.cookie } };
    for (const [label, path, options] of [
      ["home page", "/"], ["category page", w.categoryPage[0]], ["product page", w.productPage[0]],
      ["cart (2 products)", "/checkout/cart", withCart], ["checkout (2 products)", "/checkout", withCart],
    ]) {
      const scores = await lighthouseScores(`${webBase}${path}`, runs, { ...options, warmUp: true });
      const perRun = scores.runs.performance.map((score, i) => `${score} (${scores.runs.lcp[i]}, ${scores.runs.tbt[i]})`);
      console.log(`| ${label} ${path} | ${scores.performance} | ${scores.accessibility} | ${scores.lcpMs} | ${perRun.join(", ")} |`);
    }
  }
} finally {
  await cleanup();
}
