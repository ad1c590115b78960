import { describe, expect, it } from "vitest";
import { layoutFor } from "./layout";

describe("the default layout reads the matched routes' handles, never the path (spec §2 default layout)", () => {
  it("by default: the pending-tasks banner, not full screen", () => {
    expect(layoutFor([undefined, { other: 1 }, null])).toEqual({ fullScreen: false, pendingTasksBanner: true });
  });

  it("a page that lists the pending tasks itself (the dashboard) has no banner above it", () => {
    expect(layoutFor([undefined, { listsPendingTasks: true }])).toEqual({
      fullScreen: false,
      pendingTasksBanner: false,
    });
  });

  it("the Contract Now dialog is full screen", () => {
    expect(layoutFor([{ fullScreen: true }]).fullScreen).toBe(true);
  });
});
