import { describe, expect, it } from "vitest";
import { csvOf, dueSlots, slotWindow } from "./build.ts";
import { firstRecords } from "./routes.ts";

describe("a schedule's due slots", () => {
  const now = new Date("2026-11-26T10:00:00.000Z"); // a Thursday

  it("daily: 06:00 UTC each day after the schedule was set, up to now", () => {
    expect(dueSlots("daily", "2026-11-23T12:00:00.000Z", now)).toEqual([
      "2026-11-24T06:00:00.000Z",
      "2026-11-25T06:00:00.000Z",
      "2026-11-26T06:00:00.000Z",
    ]);
    // Before 06:00: today's slot is not due yet.
    expect(dueSlots("daily", "2026-11-25T12:00:00.000Z", new Date("2026-11-26T05:59:00.000Z"))).toEqual([]);
  });

  it("weekly: Mondays at 06:00 UTC, at most four weeks back; off: none", () => {
    expect(dueSlots("weekly", "2026-01-01T00:00:00.000Z", now)).toEqual([
      "2026-11-02T06:00:00.000Z",
      "2026-11-09T06:00:00.000Z",
      "2026-11-16T06:00:00.000Z",
      "2026-11-23T06:00:00.000Z",
    ]);
    expect(dueSlots("off", "2026-01-01T00:00:00.000Z", now)).toEqual([]);
  });

  it("a run covers the day or the week before its slot", () => {
    expect(slotWindow("weekly", "2026-11-23T06:00:00.000Z")).toEqual({
      from: "2026-11-16T06:00:00.000Z",
      to: "2026-11-23T06:00:00.000Z",
    });
    expect(slotWindow("daily", "2026-11-23T06:00:00.000Z").from).toBe("2026-11-22T06:00:00.000Z");
  });
});

describe("a file's CSV", () => {
  it("neutralises formulas, quotes what needs it, and reads back the same cells", () => {
    const rows = [['=HYPERLINK("x")', "+1 555", "a, b", "-2", "@SUM(A1)", "Plain"]];
    const csv = csvOf("terminations", rows);
    expect(csv.split("\r\n")[0]).toBe("Agent,NPN,Writing number,Effective date,Reason,Recorded at");
    const [, row] = firstRecords(csv, 2);
    expect(row).toEqual(['\'=HYPERLINK("x")', "'+1 555", "a, b", "'-2", "'@SUM(A1)", "Plain"]);
  });
});
