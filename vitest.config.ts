import { defineConfig } from "vitest/config";

const shared = {
  setupFiles: ["./tests/vitest.setup.ts"],
  // Some tests hash demo passwords (scrypt) or start a server: on a busy 2-core CI machine 5 s is not enough.
  testTimeout: 20_000,
  // A file's beforeAll starts and seeds a reference API: under load (both cores busy) that passed vitest's 10 s.
  hookTimeout: 60_000,
};

/**
 * Two projects (issue 36): the unit files share their workers' module cache (`isolate: false`: 2,400 tests in about
 * a third of the time isolated files took: most of that time was importing the same modules again for every file),
 * and the one file that mocks a module (`vi.mock`) runs isolated, since a mock would leak into the files after it.
 * A new test file that uses vi.mock goes into the isolated project's list.
 */
const MOCKING = ["app/components/forms/conform-zod-mini.test.ts"];

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Every core: left to itself vitest ran these files on one worker of this 2-core machine (129 s; 76 s on two).
    maxWorkers: "100%",
    projects: [
      {
        extends: true,
        test: {
          ...shared,
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: [...MOCKING, "**/node_modules/**"],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          ...shared,
          name: "unit (mocks)",
          include: MOCKING,
          // Processed by Vite rather than loaded by Node, so that conform-zod-mini.test.ts can give conform's
          // coercion zod mini, as the browser build does (vite.config.ts conformZodOnZodMini).
          server: { deps: { inline: ["@conform-to/zod"] } },
        },
      },
    ],
  },
});
