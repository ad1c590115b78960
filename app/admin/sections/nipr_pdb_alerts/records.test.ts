import { describe, expect, it } from "vitest";
import { toneOf } from "~/domain/statuses";
import { alertStatus, isBlockingKind } from "./records";

const hold = (resolvedAt: string | null = null) => ({ state: "PA", since: "2026-12-04", resolvedAt, resolvedBy: null });

describe("issue 37 §1: one status per NIPR alert, the list's and its page's", () => {
  it("a hold nobody reviewed is red and names the state; reviewed, orange", () => {
    expect(alertStatus({ handled: false, hold: hold() })).toEqual({
      status: "Not handled, on hold",
      label: "Not handled: PA on hold",
    });
    expect(alertStatus({ handled: true, hold: hold() })).toEqual({
      status: "Handled, on hold",
      label: "Handled: PA on hold",
    });
  });

  it("nothing held: yellow until handled, then green; a resolved hold holds nothing", () => {
    expect(alertStatus({ handled: false, hold: null })).toEqual({ status: "Not handled", label: "Not handled" });
    expect(alertStatus({ handled: true, hold: null })).toEqual({ status: "Handled", label: "Handled" });
    expect(alertStatus({ handled: true, hold: hold("2026-12-05T10:00:00.000Z") })).toEqual({
      status: "Handled",
      label: "Handled",
    });
    expect(alertStatus({ handled: false, hold: hold("2026-12-05T10:00:00.000Z") }).label).toBe("Not handled");
  });

  it("its colour is the shared vocabulary's: red, orange, yellow, green", () => {
    const tone = (handled: boolean, held: boolean) =>
      toneOf(alertStatus({ handled, hold: held ? hold() : null }).status);
    expect([tone(false, true), tone(true, true), tone(false, false), tone(true, false)]).toEqual([
      "red",
      "orange",
      "yellow",
      "green",
    ]);
  });

  it("lapses, revocations and regulatory actions hold requests", () => {
    expect(isBlockingKind("license_revoked")).toBe(true);
    expect(isBlockingKind("license_expiry_changed")).toBe(false);
  });
});
