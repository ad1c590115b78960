import { defineConfig } from "@playwright/test";
import { portsFromEnv } from "./scripts/lib/portal-process";

/**
 * The shared portal's port and its reference API's: free ports, chosen once by Playwright's main process
 * (this file is an ES module: top-level await) and kept in its environment, which the workers inherit;
 * they load this file again and find the same ports there. So two checkouts, or a port some other program
 * holds, never collide with the suite. Set E2E_PORTAL_PORT / E2E_REFERENCE_API_PORT to pin them.
 */
const ports = await portsFromEnv(["E2E_PORTAL_PORT", "E2E_REFERENCE_API_PORT"]);
export const PORTAL_PORT = ports.E2E_PORTAL_PORT;
export const REFERENCE_API_PORT = ports.E2E_REFERENCE_API_PORT;

/** End-to-end tests against the production build and the bundled reference API (fresh database). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // 90 s: a sign-up, a reset and two sign-ins in one test measured 43 s with both workers busy on 2 cores. A passing
  // test ends when it is done; a stuck step still fails at its own expect timeout below.
  timeout: 90_000,
  // 10 s, not Playwright's 5 s: on a busy 2-core machine a page's re-render after a post (the toast) was
  // seen to take over 5 s. A passing expectation returns as soon as it holds; only a failure waits longer.
  expect: { timeout: 10_000 },
  forbidOnly: true,
  // No test may skip or be left out (a mutation spec never passes by not running): the second reporter fails
  // the run and names any test that was skipped or did not run. The last ends the output with why each failed test
  // failed (CI keeps the end of the output).
  reporter: [
    [process.env.CI ? "line" : "list"],
    ["./scripts/lib/no-skipped-tests.ts"],
    ["./scripts/lib/failure-digest.ts"],
    // Each test's duration, for the slowest tests `npm test` prints at its end (scripts/test.ts).
    ["./scripts/lib/test-timings.ts"],
  ],
  use: {
    baseURL: `http://localhost:${PORTAL_PORT}`,
    // A trace records every step of every test: about a quarter of the suite's time (ADR 042). E2E_TRACE=1 turns it
    // on again for a run being debugged (kept for the tests that fail); a failure's screenshot is always kept.
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      // Debian's Chromium headless shell (scripts/ensure-chromium.mjs installs it).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  // Specs that change shared demo accounts (contract requests, onboarding) run after the read-only ones.
  // The deploy check (200 clients) is not here: npm test runs `scripts/check-shutdown.ts` last, alone.
  projects: [
    { name: "read-only", testIgnore: /\.mutations\.spec\.ts$/ },
    { name: "mutations", testMatch: /\.mutations\.spec\.ts$/, dependencies: ["read-only"] },
  ],
  webServer: {
    // The compiled production server (npm run build), plain node: what `npm start` and the image run.
    command: "rm -rf .data/e2e && node build/server/index.js",
    // Ready, not merely listening: /readyz answers 200 once the portal's upstream (the reference API the
    // fixtures also call) answers its health check; Playwright polls it until then, up to `timeout`.
    url: `http://localhost:${PORTAL_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      DEMO: "1",
      PORT: String(PORTAL_PORT),
      LOG_LEVEL: "warn",
      REFERENCE_API_DB: ".data/e2e/reference-api.db",
      REFERENCE_API_PORT: String(REFERENCE_API_PORT),
      REFERENCE_API_ALLOW_RESET: "1",
    },
  },
});
