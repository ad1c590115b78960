import type { FullResult, Reporter, Suite, TestCase } from "@playwright/test/reporter";

/**
 * A Playwright reporter (playwright.config.ts) that fails the run when a test was skipped or did not run:
 * `test.skip`/`test.fixme` (with or without a condition), a test left behind by a failed `beforeAll` or an
 * earlier failure in a serial file, or a whole project left out because a project it depends on failed (the
 * mutation specs after the read-only ones). The end-to-end suite has no test that may skip, so every such
 * test is named and the run fails: a mutation test never passes by not running. A run in which no test ran
 * at all (`--list`, or a start-up that already failed the run) is left alone.
 */

/** What the check needs to know of a test: its project, where it is, and how it ended. */
export interface TestOutcome {
  project: string;
  title: string;
  outcome: ReturnType<TestCase["outcome"]>;
  /** How many times it ran (0: never started). */
  runs: number;
}

/** The tests that were skipped or did not run, as "project › file › title"; none when no test ran at all. */
export function skippedTests(tests: readonly TestOutcome[]): string[] {
  const ran = tests.some((t) => t.runs > 0 && t.outcome !== "skipped");
  if (!ran) return [];
  return tests.filter((t) => t.outcome === "skipped").map((t) => [t.project, t.title].filter(Boolean).join(" › "));
}

export function outcomeOf(test: TestCase): TestOutcome {
  // titlePath: "", project, file, describe…, title.
  const [, project = "", ...rest] = test.titlePath();
  return {
    project,
    title: rest.filter(Boolean).join(" › "),
    outcome: test.outcome(),
    runs: test.results.length,
  };
}

export default class NoSkippedTests implements Reporter {
  private suite: Suite | null = null;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  /** Playwright takes the status this resolves to as the run's (its exit code follows). */
  async onEnd(result: FullResult): Promise<{ status: FullResult["status"] } | undefined> {
    // Stopped by hand (Ctrl+C) or by the global timeout: Playwright says so itself.
    if (!this.suite || result.status === "interrupted" || result.status === "timedout") return undefined;
    const skipped = skippedTests(this.suite.allTests().map(outcomeOf));
    if (skipped.length === 0) return undefined;
    console.error(
      `\n${skipped.length} end-to-end test(s) were skipped or did not run; no test may (scripts/lib/no-skipped-tests.ts):\n` +
        skipped.map((title) => `  - ${title}`).join("\n"),
    );
    return { status: "failed" };
  }

  printsToStdio(): boolean {
    return false;
  }
}
