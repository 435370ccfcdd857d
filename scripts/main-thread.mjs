// What loading a page costs the browser's main thread, read from Chromium's own trace. A
// measurement, not a test; steadier than a Lighthouse score, whose blocking time is these same
// tasks, each counted at four times its length (its simulated slow phone), over 50 ms.
//
//   node scripts/main-thread.mjs --web http://127.0.0.1:3000[,http://127.0.0.1:3001]
//                                [--pages /,/catalog/dining-chairs] [--runs 5]
//
// Each task is counted by its thread time (the trace's tdur), not its wall-clock length: on a
// shared machine the renderer's thread is paused at random, and that made the same build's
// wall-clock blocking differ threefold between runs.
//
// Each run is a fresh headless Chromium (no cache, as Lighthouse starts) with a phone's viewport,
// loading the page and staying 3 s after its load event. With two storefronts (two builds of the
// same store, on one api) their runs alternate, so both see the same machine. Per storefront and
// page, the median over runs of:
//   after FCP    main-thread time in tasks from the first contentful paint on
//   longest      the longest task from the first contentful paint on
//   blocking ×4  the sum over those tasks of (4 × length − 50 ms), where positive: Lighthouse's
//                total blocking time, without its network simulation
//   longest script task  the longest of them that evaluates or calls into the build's scripts
//                (/_next/static/): hydration, effects, store updates
import { chromium } from "playwright-core";
import { parseArgs } from "./lib.mjs";

const args = parseArgs();
const webs = (args.web ?? "http://127.0.0.1:3000").split(",").map((w) => w.replace(/\/+$/, ""));
const pages = (args.pages ?? "/").split(",");
const runs = Number(args.runs ?? 5);

const CHROME_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const PHONE = {
  viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true,
  userAgent: "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
};

/** One load; a browser that fails to start or trace is tried once more, then the error stands. */
async function load(url, attempt = 1) {
  try {
    return await loadOnce(url);
  } catch (error) {
    if (attempt > 1) throw error;
    process.stderr.write(`\n${url}: ${error.message}; trying again\n`);
    return load(url, attempt + 1);
  }
}

async function loadOnce(url) {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium", args: CHROME_ARGS });
  try {
    const page = await (await browser.newContext(PHONE)).newPage();
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"] });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(3000);
    const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
    const renderer = events.find((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain" && events.some((x) => x.pid === e.pid && x.name === "ParseHTML"));
    const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === renderer.pid);
    if (!fcp) throw new Error(`${url}: no first contentful paint in the trace`);
    const tasks = events.filter((e) => e.pid === renderer.pid && e.tid === renderer.tid && e.ph === "X" && e.name === "RunTask" && e.ts + e.dur > fcp.ts);
    // a task's thread time (tdur): its length less any time the thread was not running, the part a
    // busy machine adds at random; a task under way at the paint counts from it
    const ms = tasks.map((t) => ((t.tdur ?? t.dur) * (t.ts + t.dur - Math.max(t.ts, fcp.ts))) / t.dur / 1000);
    const calls = events.filter((e) => e.pid === renderer.pid && e.tid === renderer.tid && e.ph === "X"
      && (e.name === "FunctionCall" || e.name === "EvaluateScript") && e.args?.data?.url?.includes("/_next/static/"));
    const runsScript = (t) => calls.some((c) => c.ts >= t.ts && c.ts < t.ts + t.dur);
    return {
      afterFcp: ms.reduce((a, b) => a + b, 0),
      longest: Math.max(0, ...ms),
      longestScript: Math.max(0, ...ms.filter((_, i) => runsScript(tasks[i]))),
      blocking: ms.reduce((sum, d) => sum + Math.max(0, 4 * d - 50), 0),
    };
  } finally {
    await browser.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`| page | storefront | after FCP ms | longest task ms | longest script task ms | blocking ×4 ms | blocking ×4 per run |`);
console.log("|---|---|---:|---:|---:|---:|---|");
for (const path of pages) {
  const results = webs.map(() => []);
  for (const web of webs) await load(web + path); // warm-up: the server's caches, the image optimiser
  for (let run = 0; run < runs; run++) {
    const order = run % 2 ? [...webs.keys()].reverse() : [...webs.keys()];
    for (const i of order) {
      results[i].push(await load(webs[i] + path));
      process.stderr.write(".");
    }
  }
  process.stderr.write("\n");
  webs.forEach((web, i) => {
    const r = results[i];
    const round = (key) => Math.round(median(r.map((x) => x[key])));
    console.log(`| ${path} | ${web} | ${round("afterFcp")} | ${round("longest")} | ${round("longestScript")} | ${round("blocking")} | ${r.map((x) => Math.round(x.blocking)).join(", ")} |`);
  });
}
