// Bundles the api (with the contract) into dist/main.js, its embedded database's thread into
// dist/pglite-worker.js, and the demo's sandbox card gateway into
// dist/sandbox.js (a separate process: production code never imports it); npm packages stay external.
import { build } from "esbuild";
import { cpSync, rmSync } from "node:fs";

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: { main: "src/main.ts", sandbox: "src/payments/sandbox/main.ts", "pglite-worker": "src/db/pglite-worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  // the contract is TypeScript source in the workspace: bundle it rather than import it at run time
  alias: { "@store/contract": "../contract/src" },
  logLevel: "warning",
});
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
cpSync("src/media/video", "dist/video", { recursive: true });
console.log("api built: dist/main.js, dist/pglite-worker.js, dist/sandbox.js");
