/**
 * What each test of a run cost (issue 36): the test runners write their tests' durations to `.test-timings/`
 * (Playwright through the reporter below, vitest through its JSON reporter), and `npm test` (scripts/test.ts) ends
 * by printing the slowest, so the next person sees the cost of what they add.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export const TIMINGS_DIR = ".test-timings";

export interface TestTiming {
  /** The tier and its run: "e2e", "unit", "hostile". */
  tier: string;
  title: string;
  ms: number;
  /** When the test started (ms since the epoch) and on which of the runner's parallel slots: e2e only, to see where a
   * worker stood idle (the mutations project waits for read-only). */
  start?: number;
  slot?: number;
}

/** vitest's JSON reporter's shape, as far as the timings need it. */
interface VitestJson {
  testResults?: Array<{
    name?: string;
    assertionResults?: Array<{ fullName?: string; title?: string; duration?: number | null }>;
  }>;
}

/** The tests of one vitest JSON report, with their file (relative to `root`). */
export function vitestTimings(tier: string, report: VitestJson, root: string): TestTiming[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      tier,
      title: `${path.relative(root, file.name ?? "")} › ${test.fullName ?? test.title ?? ""}`,
      ms: Math.round(test.duration ?? 0),
    })),
  );
}

/** Every timing the run wrote (a missing or unreadable file is a tier that did not run). */
export function readTimings(dir: string, root: string): TestTiming[] {
  let files: string[];
  try {
    files = readdirSync(dir);
  } catch {
    return [];
  }
  return files.flatMap((file) => {
    try {
      const content: unknown = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
      const tier = path.basename(file, ".json");
      return Array.isArray(content) ? (content as TestTiming[]) : vitestTimings(tier, content as VitestJson, root);
    } catch {
      return [];
    }
  });
}

/** The `count` slowest tests, slowest first. */
export function slowest(timings: readonly TestTiming[], count: number): TestTiming[] {
  return [...timings].sort((a, b) => b.ms - a.ms).slice(0, count);
}

/** A Playwright reporter (playwright.config.ts): each test's duration (every attempt) to .test-timings/e2e.json. */
export default class TestTimings implements Reporter {
  private readonly timings: TestTiming[] = [];

  onTestEnd(test: TestCase, result: TestResult): void {
    // titlePath: "", project, file, describe…, title.
    const [, project = "", ...rest] = test.titlePath();
    this.timings.push({
      tier: "e2e",
      title: `${project} › ${rest.filter(Boolean).join(" › ")}`,
      ms: result.duration,
      start: result.startTime.getTime(),
      slot: result.parallelIndex,
    });
  }

  onEnd(): void {
    mkdirSync(TIMINGS_DIR, { recursive: true });
    writeFileSync(path.join(TIMINGS_DIR, "e2e.json"), JSON.stringify(this.timings));
  }

  printsToStdio(): boolean {
    return false;
  }
}
