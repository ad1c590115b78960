import { defineConfig } from "vitest/config";

/**
 * The hostile-input suite (issue 8): HTTP requests an attacker would send, against the production build
 * started by the global setup with its own reference API and database. `npm run test:hostile`.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/hostile/**/*.test.ts"],
    globalSetup: ["tests/hostile/global-setup.ts"],
    // One portal for the whole suite, and requests that measure time and memory: one file at a time.
    fileParallelism: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
