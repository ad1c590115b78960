import { checkShutdown, formatShutdownReport } from "../../scripts/check-shutdown";
import { expect, test } from "./fixtures";

/**
 * `npm run check:shutdown` as a test. It runs its own portal (production build, demo mode, temporary
 * database) under 200 keep-alive clients, so it runs alone, after the other projects (playwright.config.ts):
 * its load would slow every test beside it.
 */
test("a deploy loses nothing: SIGTERM under 200 keep-alive clients (npm run check:shutdown)", async () => {
  test.setTimeout(180_000);
  const { report, stderr } = await checkShutdown();
  console.log(formatShutdownReport(report));
  expect(report.failures, stderr).toEqual([]);
  expect(report.resets).toBe(0);
  expect(report.failed).toBe(0);
  expect(report.exitCode).toBe(0);
});
