import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Unit tests of the storefront's pure modules (theme, menu, phone, metadata) and server-rendered components. */
export default defineConfig({
  resolve: { alias: { "@/": fileURLToPath(new URL("./src/", import.meta.url)) } },
  test: {
    name: "storefront",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
    environment: "node",
  },
});
