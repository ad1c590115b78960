import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { faultHandlers, requestContext } from "./process-faults";

const FIXTURE = path.join(import.meta.dirname, "process-faults.fixture.ts");

/** Runs the fixture (server/process-faults.fixture.ts) with a fault; its exit code and printed lines. */
function runFixture(fault: "rejection" | "exception") {
  const run = spawnSync(process.execPath, ["--import", "tsx", FIXTURE], {
    env: { ...process.env, FIXTURE_FAULT: fault },
    encoding: "utf8",
    timeout: 20_000,
  });
  return { code: run.status, lines: run.stdout.trim().split("\n"), stderr: run.stderr };
}

describe("a fault no code handled (issue 35, ADR 040)", () => {
  it("a promise left without a handler is reported once, at error level with its request id, and the process goes on", () => {
    const { code, lines, stderr } = runFixture("rejection");
    expect(lines).toEqual([
      JSON.stringify({
        level: "error",
        message: "Error: refused: 403",
        fault: "unhandledRejection",
        requestId: "request-35",
      }),
      "still serving",
    ]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
  });

  it("an uncaught exception is reported once with its request id, then the process drains and exits 1", () => {
    const { code, lines } = runFixture("exception");
    expect(lines).toEqual([
      JSON.stringify({
        level: "error",
        message: "Error: thrown from a timer",
        fault: "uncaughtException",
        requestId: "request-35",
        action: "draining, then exit 1",
      }),
      "draining",
    ]);
    expect(code).toBe(1);
  });

  it("a second exception while draining is reported and does not start a second drain", () => {
    const reports: unknown[] = [];
    let drains = 0;
    const handlers = faultHandlers(
      (_error, context) => reports.push(context),
      () => drains++,
    );
    requestContext.run({ requestId: "a" }, () => handlers.uncaughtException(new Error("one")));
    handlers.uncaughtException(new Error("two"));
    expect(drains).toBe(1);
    expect(reports).toEqual([
      { fault: "uncaughtException", requestId: "a", action: "draining, then exit 1" },
      { fault: "uncaughtException", requestId: undefined, action: "draining, then exit 1" },
    ]);
  });
});
