import type { FullResult, Reporter, Suite, TestCase } from "@playwright/test/reporter";
import { outcomeOf } from "./no-skipped-tests.ts";

/**
 * A Playwright reporter (playwright.config.ts) that ends the run's output with why each failed test failed: its
 * title, where it stopped and the first lines of its error. CI keeps only the end of a run's output, and the line
 * reporter prints a failure where it happened, hundreds of lines before the end; this digest is what the end shows.
 */

/** Lines of an error message kept in the digest. */
export const MESSAGE_LINES = 8;

export interface Failure {
  title: string;
  /** "file:line:column" where the error was thrown, when Playwright knows it. */
  location?: string;
  message: string;
}

// eslint-disable-next-line no-control-regex -- the terminal colours in Playwright's messages
const COLOURS = /\u001b\[[0-9;]*m/g;

/** The digest printed at the end of a run with failures; empty when nothing failed. */
export function digestOf(failures: readonly Failure[]): string {
  if (failures.length === 0) return "";
  const entries = failures.map((f) => {
    const lines = f.message
      .replace(COLOURS, "")
      .split("\n")
      .map((l) => l.trimEnd())
      .filter(Boolean);
    const shown = lines.slice(0, MESSAGE_LINES).map((l) => `      ${l}`);
    if (lines.length > MESSAGE_LINES) shown.push(`      … ${lines.length - MESSAGE_LINES} more line(s)`);
    return [`  - ${f.title}`, ...(f.location ? [`    at ${f.location}`] : []), ...shown].join("\n");
  });
  return `\nWhy the ${failures.length} failed end-to-end test(s) failed (scripts/lib/failure-digest.ts):\n${entries.join("\n")}`;
}

/** A failed test's digest entry: its last run's first error. */
export function failureOf(test: TestCase): Failure | null {
  if (test.outcome() !== "unexpected") return null;
  const last = test.results.at(-1);
  const error = last?.errors[0] ?? last?.error;
  const { project, title } = outcomeOf(test);
  const where = error?.location;
  return {
    title: [project, title].filter(Boolean).join(" › "),
    ...(where ? { location: `${where.file.replace(`${process.cwd()}/`, "")}:${where.line}:${where.column}` } : {}),
    message: error?.message ?? error?.value ?? `ended ${last?.status ?? "without a result"}`,
  };
}

export default class FailureDigest implements Reporter {
  private suite: Suite | null = null;

  onBegin(_config: unknown, suite: Suite): void {
    this.suite = suite;
  }

  onEnd(_result: FullResult): void {
    if (!this.suite) return;
    const digest = digestOf(
      this.suite
        .allTests()
        .map(failureOf)
        .filter((f): f is Failure => f !== null),
    );
    if (digest) console.error(digest);
  }

  printsToStdio(): boolean {
    return false;
  }
}
