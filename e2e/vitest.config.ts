import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Browser journeys against the production builds. Build first:
 *   npm run build -w api && npm run build -w storefront
 * then run:
 *   npx vitest run --config e2e/vitest.config.ts
 */
export default defineConfig({
  test: {
    name: "e2e",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["**/*.e2e.ts"],
    environment: "node",
    globalSetup: ["./global-setup.ts"],
    // one stack, one browser per file: files run one after another
    fileParallelism: false,
    testTimeout: 60_000,
    // a page's client-side fetches can take over a second on a loaded machine (the default poll
    // gives up after one): a condition that never holds still fails, only later
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 300_000,
    teardownTimeout: 60_000,
  },
});
