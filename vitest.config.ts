import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "api",
          root: "./api",
          include: ["src/**/*.test.ts"],
          // *.postgres.test.ts need a PostgreSQL server (e.g. another process on the same database): PostgreSQL pass only
          exclude: process.env.TEST_DATABASE_URL ? [] : ["src/**/*.postgres.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "contract",
          root: "./contract",
          include: ["src/**/*.test.ts"],
          environment: "node",
        },
      },
      "storefront/vitest.config.ts",
    ],
  },
});
