import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Unit tests of the storefront's pure modules (theme, menu, phone, metadata). */
export default defineConfig({
  resolve: { alias: { "@/": fileURLToPath(new URL("./src/", import.meta.url)) } },
  test: {
    name: "storefront",
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["src/**/*.test.ts"],
    environment: "node",
  },
});
