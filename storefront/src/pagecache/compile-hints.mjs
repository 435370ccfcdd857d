/**
 * After `next build`: the chunks every page runs at startup begin with V8's compile hint
 * (`//# allFunctionsCalledOnLoad`).
 *
 * Without it, Chromium compiles a function on the main thread the first time it is called, so
 * hydrating a page compiled most of React and the page's components in the middle of its longest
 * tasks (most of one 299 ms task on a category page with a phone's CPU emulated: BENCHMARKS.md). With it,
 * Chromium 136 and later compile the file's functions on the background thread that streams the
 * script in; other browsers ignore the comment. It is added only to startup chunks (the build's
 * root main files and each route's entry chunks): a chunk loaded on demand (the account panel,
 * say) keeps lazy compilation, so nothing is compiled that a page may never call.
 *
 * The chunk's name stays: it is an address for caching, and nothing checks it against the
 * content. The build writes no browser source maps that a shifted line would break.
 *
 * Run: node src/pagecache/compile-hints.mjs [storefront dir] (the storefront's build script does).
 */
import { readFileSync, readdirSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { fileURLToPath } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The `static/chunks/…js` files a page loads at startup, from the build's manifests. */
export function startupChunks(nextDir) {
  const files = new Set();
  const build = JSON.parse(readFileSync(path.join(nextDir, "build-manifest.json"), "utf8"));
  for (const file of build.rootMainFiles ?? []) files.add(file);
  for (const manifest of clientReferenceManifests(path.join(nextDir, "server", "app"))) {
    for (const chunks of Object.values(manifest.entryJSFiles ?? {})) for (const file of chunks) files.add(file);
  }
  return [...files].filter((file) => file.startsWith("static/chunks/") && file.endsWith(".js")).sort();
}

/** Every route's client reference manifest: a script that assigns it on `globalThis.__RSC_MANIFEST`. */
function clientReferenceManifests(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith("_client-reference-manifest.js")) continue;
    const sandbox = {};
    sandbox.globalThis = sandbox;
    vm.runInNewContext(readFileSync(path.join(entry.parentPath, entry.name), "utf8"), sandbox, { timeout: 1000 });
    out.push(...Object.values(sandbox.__RSC_MANIFEST ?? {}));
  }
  return out;
}

/** Prepends the hint to each startup chunk that lacks it; answers how many files and bytes were hinted. */
export function addCompileHints(nextDir) {
  let hinted = 0;
  let bytes = 0;
  for (const file of startupChunks(nextDir)) {
    const full = path.join(nextDir, file);
    if (!existsSync(full)) throw new Error(`compile hints: ${file} is in the build's manifests but not on disk`);
    const source = readFileSync(full, "utf8");
    bytes += Buffer.byteLength(source);
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(full, COMPILE_HINT + source);
    hinted++;
  }
  return { hinted, bytes };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const storefront = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), "..", ".."));
  const { hinted, bytes } = addCompileHints(path.join(storefront, ".next"));
  console.log(`compile hints: ${hinted} startup chunk${hinted === 1 ? "" : "s"} hinted (${(bytes / 1024).toFixed(0)} KB of startup script)`);
}
