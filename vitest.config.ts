import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    setupFiles: ["./tests/vitest.setup.ts"],
    // Some tests hash demo passwords (scrypt) or start a server: on a busy 2-core CI machine 5 s is not enough.
    testTimeout: 20_000,
    // A file's beforeAll starts and seeds a reference API: under load (both cores busy) that passed vitest's 10 s.
    hookTimeout: 60_000,
    // Processed by Vite rather than loaded by Node, so that app/components/forms/conform-zod-mini.test.ts can
    // give conform's coercion zod mini, as the browser build does (vite.config.ts conformZodOnZodMini).
    server: { deps: { inline: ["@conform-to/zod"] } },
  },
});
