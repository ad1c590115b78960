import { describe, expect, it } from "vitest";
import { alertStatus, isBlockingKind } from "./records";

const hold = (resolvedAt: string | null = null) => ({ state: "PA", since: "2026-12-04", resolvedAt, resolvedBy: null });

describe("issue 37 §1: one status per NIPR alert, the list's and its page's", () => {
  it("a hold nobody reviewed is red and names the state; reviewed, orange", () => {
    expect(alertStatus({ handled: false, hold: hold() })).toEqual({ label: "Not handled: PA on hold", color: "red" });
    expect(alertStatus({ handled: true, hold: hold() })).toEqual({ label: "Handled: PA on hold", color: "orange" });
  });

  it("nothing held: yellow until handled, then green; a resolved hold holds nothing", () => {
    expect(alertStatus({ handled: false, hold: null })).toEqual({ label: "Not handled", color: "yellow" });
    expect(alertStatus({ handled: true, hold: null })).toEqual({ label: "Handled", color: "green" });
    expect(alertStatus({ handled: true, hold: hold("2026-12-05T10:00:00.000Z") })).toEqual({
      label: "Handled",
      color: "green",
    });
    expect(alertStatus({ handled: false, hold: hold("2026-12-05T10:00:00.000Z") }).label).toBe("Not handled");
  });

  it("lapses, revocations and regulatory actions hold requests", () => {
    expect(isBlockingKind("license_revoked")).toBe(true);
    expect(isBlockingKind("license_expiry_changed")).toBe(false);
  });
});
