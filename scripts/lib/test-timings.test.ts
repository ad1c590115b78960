import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTimings, slowest, vitestTimings } from "./test-timings";

describe("the slowest tests npm test prints (issue 36)", () => {
  it("reads vitest's JSON report: each test with its file, relative to the checkout", () => {
    const report = {
      testResults: [
        {
          name: "/repo/app/domain/menu.test.ts",
          assertionResults: [
            { fullName: "menu › agents", duration: 12.4 },
            { fullName: "menu › admins", duration: null },
          ],
        },
      ],
    };
    expect(vitestTimings("unit", report, "/repo")).toEqual([
      { tier: "unit", title: "app/domain/menu.test.ts › menu › agents", ms: 12 },
      { tier: "unit", title: "app/domain/menu.test.ts › menu › admins", ms: 0 },
    ]);
  });

  it("merges every tier's file, skips an unreadable one, and orders the slowest first", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "timings-"));
    writeFileSync(path.join(dir, "e2e.json"), JSON.stringify([{ tier: "e2e", title: "read-only › a", ms: 9000 }]));
    writeFileSync(
      path.join(dir, "hostile.json"),
      JSON.stringify({
        testResults: [{ name: "/r/tests/hostile/x.test.ts", assertionResults: [{ fullName: "x", duration: 12000 }] }],
      }),
    );
    writeFileSync(path.join(dir, "unit.json"), "{ not json");
    const all = readTimings(dir, "/r");
    expect(slowest(all, 1)).toEqual([{ tier: "hostile", title: "tests/hostile/x.test.ts › x", ms: 12000 }]);
    expect(slowest(all, 5).map((t) => t.ms)).toEqual([12000, 9000]);
    expect(readTimings(path.join(dir, "missing"), "/r")).toEqual([]);
  });
});
