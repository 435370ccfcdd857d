// `npm test`: typecheck, API tests on the embedded database (and on TEST_DATABASE_URL when set),
// then the browser journeys against production builds. Ends with one "N passed, N failed" line.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded, root, run } from "./lib.mjs";

const reports = mkdtempSync(path.join(os.tmpdir(), "store-tests-"));
const vitest = path.join(root, "node_modules", "vitest", "vitest.mjs");
let passed = 0;
let failed = 0;
let failure;
const failedTests = [];

async function step(title, fn) {
  console.error(`\n▶ ${title}`);
  try {
    await fn();
  } catch (error) {
    console.error(`✗ ${title}: ${error.message}`);
    failure ??= error;
  }
}

async function vitestRun(label, args, env = {}) {
  const out = path.join(reports, `${label}.json`);
  try {
    await run(process.execPath, [vitest, "run", ...args, "--reporter=default", "--reporter=json", `--outputFile.json=${out}`], {
      env: { ...process.env, ...env },
    });
  } finally {
    try {
      const result = JSON.parse(readFileSync(out, "utf8"));
      passed += result.numPassedTests;
      failed += result.numFailedTests;
      for (const file of result.testResults ?? []) {
        for (const test of file.assertionResults ?? []) {
          if (test.status === "failed") failedTests.push(`${label}: ${path.relative(root, file.name)} › ${test.fullName}`);
        }
        // A file that failed to load has no assertion results, only a message.
        if (file.status === "failed" && !(file.assertionResults ?? []).length) failedTests.push(`${label}: ${path.relative(root, file.name)} (${file.message})`);
      }
      if (result.numTotalTests === 0) throw new Error(`${label}: no test ran`);
    } catch (error) {
      if (error.message.includes("no test ran")) throw error;
    }
  }
}

const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.includes(name);

if (wants("typecheck")) await step("typecheck", () => run("npm", ["run", "typecheck", "--silent"]));
if (wants("api")) {
  const withoutServer = { ...process.env };
  delete withoutServer.TEST_DATABASE_URL;
  await step("API tests on embedded PGlite", () => vitestRun("api-pglite", ["--project", "api", "--project", "contract", "--project", "storefront"], { TEST_DATABASE_URL: "" }));
  // PGlite on the api's own thread (DATABASE_THREAD=0, README) is kept working: the database's own
  // tests and the ones that write money and stock run that way too
  await step("API tests on embedded PGlite without its thread (DATABASE_THREAD=0: db, cart, orders, payments, page versions)", () => vitestRun("api-pglite-no-thread",
    ["--project", "api", "api/src/db", "api/src/cart", "api/src/orders", "api/src/payments", "api/src/page-versions"], { TEST_DATABASE_URL: "", DATABASE_THREAD: "0" }));
  if (process.env.TEST_DATABASE_URL) {
    await step(`API tests on PostgreSQL server (${new URL(process.env.TEST_DATABASE_URL).host})`, () => vitestRun("api-postgres", ["--project", "api"]));
  } else {
    console.error("(TEST_DATABASE_URL not set: the API suite ran on PGlite only)");
  }
}
if (wants("e2e")) {
  await step("build for browser journeys", () => buildIfNeeded());
  await step("browser journeys (Chromium)", () => vitestRun("e2e", ["--config", "e2e/vitest.config.ts"]));
}

rmSync(reports, { recursive: true, force: true });
// The failures again at the very end, where a CI log's tail shows them.
if (failedTests.length) console.log(`\nfailed:\n${failedTests.map((name) => `  ✗ ${name}`).join("\n")}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failure || failed > 0 ? 1 : 0);
