// Lighthouse (mobile, the default emulation) scores for a page, median of several runs.
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";

/** The Chromium Lighthouse drives (CHROME_PATH, else Debian's). */
export const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

const CHROME_FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
/**
 * chrome-launcher's own flags, with the address bar's popup pages added to the features they
 * disable. Chromium 156 loads those browser-UI pages in a renderer of their own as it starts,
 * also headless, and on a machine of two cores that renderer took the CPU from the page under
 * test while it loaded (a phone's browser has no such page). One `--disable-features` list: a
 * second would replace the launcher's.
 */
const LAUNCH_FLAGS = [
  ...chromeLauncher.Launcher.defaultFlags().map((flag) => (flag.startsWith("--disable-features=")
    ? `${flag},WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup`
    : flag)),
  ...CHROME_FLAGS,
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * `options.extraHeaders` go with every request (e.g. a shopper's session cookie).
 * `options.warmUp`: one run first that is not counted. A store in service has its pictures in the
 * image optimiser's cache and its build files read once; the first browser visit after the
 * storefront starts fills both (Next optimises each picture size on first request), and is timed
 * as a cold server, not as the page.
 */
export async function lighthouseScores(url, runs = 3, options = {}) {
  const performance = [];
  const accessibility = [];
  const lcp = [];
  const tbt = [];
  // Lighthouse's own measure of this machine's CPU (its docs rate device classes by it)
  const benchmarkIndex = [];
  for (let i = options.warmUp ? -1 : 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: LAUNCH_FLAGS, ignoreDefaultFlags: true });
    try {
      const result = await lighthouse(url, { port: chrome.port, extraHeaders: options.extraHeaders, onlyCategories: ["performance", "accessibility"], logLevel: "error", output: "json" });
      if (i < 0) continue; // the warm-up
      performance.push(Math.round(result.lhr.categories.performance.score * 100));
      accessibility.push(Math.round(result.lhr.categories.accessibility.score * 100));
      lcp.push(Math.round(result.lhr.audits["largest-contentful-paint"].numericValue));
      tbt.push(Math.round(result.lhr.audits["total-blocking-time"].numericValue));
      benchmarkIndex.push(Math.round(result.lhr.environment.benchmarkIndex));
    } finally {
      await chrome.kill();
    }
  }
  return {
    performance: median(performance), accessibility: median(accessibility), lcpMs: median(lcp), tbtMs: median(tbt),
    benchmarkIndex: median(benchmarkIndex), runs: { performance, accessibility, lcp, tbt },
  };
}

// Run directly: node scripts/lighthouse.mjs URL [runs] (no warm-up)
if (import.meta.url === `file://${process.argv[1]}`) {
  const [url, runs] = process.argv.slice(2);
  console.log(JSON.stringify(await lighthouseScores(url, Number(runs ?? 3)), null, 2));
}
