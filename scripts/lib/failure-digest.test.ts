import type { TestCase } from "@playwright/test/reporter";
import { describe, expect, it } from "vitest";
import { MESSAGE_LINES, digestOf, failureOf } from "./failure-digest.ts";

function testCase(outcome: ReturnType<TestCase["outcome"]>, errors: Array<{ message?: string; file?: string }>) {
  return {
    titlePath: () => ["", "mutations", "readiness.mutations.spec.ts", "reminders", "agent@ is reminded"],
    outcome: () => outcome,
    results: [
      { status: "failed", errors: [] },
      {
        status: outcome === "expected" ? "passed" : "failed",
        errors: errors.map((e) => ({
          message: e.message,
          location: e.file ? { file: `${process.cwd()}/${e.file}`, line: 54, column: 84 } : undefined,
        })),
      },
    ],
  } as unknown as TestCase;
}

describe("the failure digest: why each failed test failed, at the end of the output", () => {
  it("names a failed test with its project, where it stopped and its last run's first error, colours removed", () => {
    const failure = failureOf(
      testCase("unexpected", [
        {
          message: "\u001b[31mError: expect(received).toBe(expected)\u001b[39m\n\nExpected: 1\nReceived: 2",
          file: "tests/e2e/a.spec.ts",
        },
        { message: "a second error" },
      ]),
    );
    expect(failure).toEqual({
      title: "mutations › readiness.mutations.spec.ts › reminders › agent@ is reminded",
      location: "tests/e2e/a.spec.ts:54:84",
      message: "\u001b[31mError: expect(received).toBe(expected)\u001b[39m\n\nExpected: 1\nReceived: 2",
    });
    expect(digestOf([failure!])).toBe(
      [
        "",
        "Why the 1 failed end-to-end test(s) failed (scripts/lib/failure-digest.ts):",
        "  - mutations › readiness.mutations.spec.ts › reminders › agent@ is reminded",
        "    at tests/e2e/a.spec.ts:54:84",
        "      Error: expect(received).toBe(expected)",
        "      Expected: 1",
        "      Received: 2",
      ].join("\n"),
    );
  });

  it("leaves out passed, flaky and skipped tests; nothing is printed when nothing failed", () => {
    for (const outcome of ["expected", "flaky", "skipped"] as const)
      expect(failureOf(testCase(outcome, []))).toBeNull();
    expect(digestOf([])).toBe("");
  });

  it("keeps the first lines of a long message and says how many are left out", () => {
    const message = Array.from({ length: MESSAGE_LINES + 3 }, (_, i) => `line ${i + 1}`).join("\n");
    const digest = digestOf([{ title: "t", message }]);
    expect(digest).toContain(`line ${MESSAGE_LINES}`);
    expect(digest).not.toContain(`line ${MESSAGE_LINES + 1}`);
    expect(digest).toContain("… 3 more line(s)");
  });

  it("a test that ended without an error (a timeout in a hook) still says how it ended", () => {
    expect(failureOf(testCase("unexpected", []))?.message).toBe("ended failed");
  });
});
