/**
 * After `next build`: React DOM's sentinel exceptions are made without a stack.
 *
 * React DOM's client makes five `Error`s while its module is evaluated. They are never shown to
 * anyone: React throws them to unwind a render and recognises them by identity (SuspenseException
 * #460, SelectiveHydrationException #461, SuspenseyCommitException #474, HydrationMismatchException
 * #519, SuspenseActionException #542). A browser with DevTools attached (Lighthouse, any automated
 * measure) records where each `Error` is made, and to do so V8 parses again the function that made
 * it: here React DOM's whole module, one 203 KB function. That took 13 to 76 ms of the task in
 * which a page starts hydrating, and Lighthouse counts that task at four times its length as
 * blocking time (BENCHMARKS.md). A shopper's browser never pays it.
 *
 * Each `Error(f(N))` (or `new Error(f(N))`) of those five codes becomes an object made from Error.prototype with the same
 * message: still an Error to `instanceof` and the same single object React compares with, made
 * without capturing a stack. Every other `Error` (an invariant thrown at run time) keeps its stack.
 * Only startup chunks are read (compile-hints.mjs finds them); running it again changes nothing.
 *
 * Run: node src/pagecache/stackless-sentinels.mjs [storefront dir] (the storefront's build script does).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startupChunks } from "./compile-hints.mjs";

/** React DOM's module-level sentinels, by their minified error code. */
const SENTINEL_CODES = [460, 461, 474, 519, 542];

// `Error(f(N))` or `new Error(f(N))`: the `new` goes too (`new Object.assign(…)` would throw)
const SENTINEL = new RegExp(String.raw`(?:\bnew\s+)?\bError\(([A-Za-z_$][\w$]*)\((${SENTINEL_CODES.join("|")})\)\)`, "g");

/** The source with each sentinel made without a stack, and how many were. */
export function stacklessSentinels(source) {
  let replaced = 0;
  const out = source.replace(SENTINEL, (_, format, code) => {
    replaced++;
    return `Object.assign(Object.create(Error.prototype),{message:${format}(${code})})`;
  });
  return { source: out, replaced };
}

/** Rewrites the startup chunks that make sentinels; answers how many sentinels in how many files. */
export function makeSentinelsStackless(nextDir) {
  let replaced = 0;
  let files = 0;
  for (const file of startupChunks(nextDir)) {
    const full = path.join(nextDir, file);
    const result = stacklessSentinels(readFileSync(full, "utf8"));
    if (result.replaced === 0) continue;
    writeFileSync(full, result.source);
    replaced += result.replaced;
    files++;
  }
  return { replaced, files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const storefront = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
  const { replaced, files } = makeSentinelsStackless(path.join(storefront, ".next"));
  console.log(`stackless sentinels: ${replaced} of React DOM's sentinel errors made without a stack, in ${files} startup chunk${files === 1 ? "" : "s"}`);
}
