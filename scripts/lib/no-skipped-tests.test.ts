import type { FullResult, Suite, TestCase } from "@playwright/test/reporter";
import { afterEach, describe, expect, it, vi } from "vitest";
import NoSkippedTests, { type TestOutcome, outcomeOf, skippedTests } from "./no-skipped-tests.ts";

const ran = (title: string, outcome: TestOutcome["outcome"] = "expected", project = "read-only"): TestOutcome => ({
  project,
  title,
  outcome,
  runs: 1,
});
const notRun = (title: string, project = "mutations"): TestOutcome => ({ project, title, outcome: "skipped", runs: 0 });

/** A TestCase as the reporter sees it: where it is, its outcome, its runs. */
function testCase(titlePath: string[], outcome: TestOutcome["outcome"], runs: number): TestCase {
  return {
    titlePath: () => titlePath,
    outcome: () => outcome,
    results: Array.from({ length: runs }, () => ({ status: outcome === "skipped" ? "skipped" : "passed" })),
  } as unknown as TestCase;
}

function suiteOf(...tests: TestCase[]): Suite {
  return { allTests: () => tests } as unknown as Suite;
}

describe("skippedTests: a test that did not do its work is named", () => {
  it("none when every test ran (passed, failed or flaky)", () => {
    expect(skippedTests([ran("a"), ran("b", "unexpected"), ran("c", "flaky")])).toEqual([]);
  });

  it("a test.skip / test.fixme (it ran as skipped) and a test that never started, with their project", () => {
    expect(
      skippedTests([
        ran("sign-in.spec.ts › a wrong password"),
        ran("contract-flow.mutations.spec.ts › requests a contract", "skipped", "mutations"),
        notRun("faults.mutations.spec.ts › a ticket reply"),
      ]),
    ).toEqual([
      "mutations › contract-flow.mutations.spec.ts › requests a contract",
      "mutations › faults.mutations.spec.ts › a ticket reply",
    ]);
  });

  it("the mutation project left out because a read-only test failed: each of its tests is named", () => {
    const tests = [ran("layout.spec.ts › x", "unexpected"), notRun("onboarding.mutations.spec.ts › y")];
    expect(skippedTests(tests)).toEqual(["mutations › onboarding.mutations.spec.ts › y"]);
  });

  it("nothing when no test ran at all (--list, or the web server never started)", () => {
    expect(skippedTests([notRun("a"), notRun("b")])).toEqual([]);
    expect(skippedTests([])).toEqual([]);
  });
});

describe("outcomeOf: a Playwright TestCase as the check reads it", () => {
  it("project and title from its title path, its outcome and how many times it ran", () => {
    const test = testCase(
      ["", "mutations", "faults.mutations.spec.ts", "forms keep what was typed", "admin"],
      "skipped",
      0,
    );
    expect(outcomeOf(test)).toEqual({
      project: "mutations",
      title: "faults.mutations.spec.ts › forms keep what was typed › admin",
      outcome: "skipped",
      runs: 0,
    });
  });
});

describe("the reporter: a run with a skipped test fails", () => {
  afterEach(() => vi.restoreAllMocks());
  const passed = { status: "passed" } as FullResult;

  it("fails a passing run in which a mutation test did not run, and names it", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const reporter = new NoSkippedTests();
    reporter.onBegin(
      {},
      suiteOf(
        testCase(["", "read-only", "a.spec.ts", "a"], "expected", 1),
        testCase(["", "mutations", "b.mutations.spec.ts", "b"], "skipped", 0),
      ),
    );
    expect(await reporter.onEnd(passed)).toEqual({ status: "failed" });
    expect(error.mock.calls.join("\n")).toContain("mutations › b.mutations.spec.ts › b");
  });

  it("leaves a run alone in which every test ran", async () => {
    const reporter = new NoSkippedTests();
    reporter.onBegin({}, suiteOf(testCase(["", "read-only", "a.spec.ts", "a"], "expected", 1)));
    expect(await reporter.onEnd(passed)).toBeUndefined();
  });

  it("leaves an interrupted run alone (Playwright reports that itself)", async () => {
    const reporter = new NoSkippedTests();
    reporter.onBegin(
      {},
      suiteOf(
        testCase(["", "read-only", "a.spec.ts", "a"], "expected", 1),
        testCase(["", "mutations", "b.mutations.spec.ts", "b"], "skipped", 0),
      ),
    );
    expect(await reporter.onEnd({ status: "interrupted" } as FullResult)).toBeUndefined();
  });

  it("prints nothing itself (the list or line reporter does)", () => {
    expect(new NoSkippedTests().printsToStdio()).toBe(false);
  });
});
