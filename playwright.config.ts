import { defineConfig } from "@playwright/test";

/** E2E_PORT_OFFSET lets two checkouts run their suites side by side on one machine. */
export const PORT_OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);
export const PORTAL_PORT = 3100 + PORT_OFFSET;
export const REFERENCE_API_PORT = 4110 + PORT_OFFSET;

/** End-to-end tests against the production build and the bundled reference API (fresh database). */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 40_000,
  expect: { timeout: 5_000 },
  forbidOnly: true,
  reporter: process.env.CI ? "line" : [["list"]],
  use: {
    baseURL: `http://localhost:${PORTAL_PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
    url: `http://localhost:${PORTAL_PORT}/healthz`,
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
