import { describe, expect, it } from "vitest";
import {
  arrivalEffects,
  holdMessage,
  holdReason,
  holdsRefusal,
  holdsRequests,
  isSellingLicense,
  statesOfSale,
} from "./nipr-holds";

const today = "2026-11-28";
const active = (state: string, expiresOn: string | null = "2027-06-30") => ({ state, status: "Active", expiresOn });

describe("issue 24 §7: NIPR holds block new contract requests in that state", () => {
  it("a request covers the active, unexpired licences' states, sorted and once each", () => {
    expect(statesOfSale([active("PA"), active("OH"), active("OH", null)], [], today)).toEqual({
      covered: ["OH", "PA"],
      held: [],
      refused: false,
    });
  });

  it("an expired or inactive licence covers nothing; a licence is good through its expiry day", () => {
    expect(isSellingLicense(active("PA", "2026-11-27"), today)).toBe(false);
    expect(isSellingLicense(active("PA", today), today)).toBe(true);
    expect(isSellingLicense({ state: "PA", status: "Expired", expiresOn: null }, today)).toBe(false);
    expect(isSellingLicense({ state: "PA", status: "ACTIVE", expiresOn: null }, today)).toBe(true);
  });

  it("a held state is left out while the others are covered", () => {
    expect(statesOfSale([active("PA"), active("OH")], [{ state: "PA" }], today)).toEqual({
      covered: ["OH"],
      held: ["PA"],
      refused: false,
    });
  });

  it("holds that leave no state refuse the request", () => {
    const lapsed = { state: "PA", status: "Expired", expiresOn: "2026-11-27" };
    expect(statesOfSale([lapsed], [{ state: "PA" }], today)).toEqual({ covered: [], held: ["PA"], refused: true });
    expect(statesOfSale([active("PA")], [{ state: "PA" }, { state: "PA" }], today).refused).toBe(true);
  });

  it("no licence and no hold: the request goes as the spec's flow has it (readiness is issue 25's)", () => {
    expect(statesOfSale([], [], today)).toEqual({ covered: [], held: [], refused: false });
  });

  it("the texts name the state", () => {
    expect(holdsRefusal(["PA", "TX"])).toBe(
      "New contract requests are on hold: NIPR holds PA, TX and you have no other active license. Contact your agency.",
    );
    expect(holdMessage({ kind: "license_lapsed", state: "PA", day: "2026-11-27", summary: "" })).toBe(
      "PA license lapsed per NIPR on 11/27/2026. New contract requests do not cover PA until it is resolved: contact your agency.",
    );
    expect(holdMessage({ kind: "regulatory_action", state: "TX", day: "2026-11-27", summary: "Fine of $500." })).toBe(
      "TX regulatory action per NIPR on 11/27/2026 (Fine of $500). New contract requests do not cover TX until it is resolved: contact your agency.",
    );
  });
});

describe("issue 37 §1: a licence NIPR says has lapsed stops selling the day it arrives", () => {
  const alert = (kind: string, state: string | null = "PA", detail: Record<string, string> = {}) => ({
    kind,
    state,
    day: "2026-12-04",
    summary: "PA license 889012 lapsed.",
    detail,
  });

  it("a lapse, a revocation or a regulatory action holds new contract requests in its state", () => {
    expect(["license_lapsed", "license_revoked", "regulatory_action"].every(holdsRequests)).toBe(true);
    for (const kind of ["license_expiry_changed", "appointment_added", "appointment_terminated", "address_changed"])
      expect(holdsRequests(kind)).toBe(false);
  });

  it("a lapse marks the license Expired as of the alert's day and holds the state from that day", () => {
    expect(arrivalEffects(alert("license_lapsed"))).toEqual({
      license: { state: "PA", status: "Expired", expiresOn: "2026-12-04" },
      hold: {
        state: "PA",
        since: "2026-12-04",
        message:
          "PA license lapsed per NIPR on 12/04/2026. New contract requests do not cover PA until it is resolved: contact your agency.",
      },
    });
  });

  it("a revocation marks the license Revoked; a regulatory action holds the state and leaves the license", () => {
    expect(arrivalEffects(alert("license_revoked")).license).toEqual({
      state: "PA",
      status: "Revoked",
      expiresOn: "2026-12-04",
    });
    expect(arrivalEffects(alert("license_revoked")).hold?.message).toMatch(
      /^PA license revoked per NIPR on 12\/04\/2026/,
    );
    const action = arrivalEffects(alert("regulatory_action"));
    expect(action.license).toBeNull();
    expect(action.hold?.state).toBe("PA");
  });

  it("an expiry change moves the license to NIPR's date and holds nothing; other alerts change nothing", () => {
    expect(arrivalEffects(alert("license_expiry_changed", "FL", { expiresOn: "2029-06-30" }))).toEqual({
      license: { state: "FL", status: "Active", expiresOn: "2029-06-30" },
      hold: null,
    });
    expect(arrivalEffects(alert("license_expiry_changed", "FL"))).toEqual({ license: null, hold: null });
    expect(arrivalEffects(alert("appointment_added"))).toEqual({ license: null, hold: null });
    expect(arrivalEffects(alert("address_changed", null))).toEqual({ license: null, hold: null });
    expect(arrivalEffects(alert("license_lapsed", null))).toEqual({ license: null, hold: null });
  });

  it("the hold's reason names the state, what NIPR reported and the day, MM/DD/YYYY", () => {
    expect(holdReason({ state: "PA", kind: "license_lapsed", since: "2026-12-04" })).toBe(
      "PA license lapsed per NIPR on 12/04/2026",
    );
    expect(holdReason({ state: "PA", kind: "license_revoked", since: "2026-12-04" })).toBe(
      "PA license revoked per NIPR on 12/04/2026",
    );
    expect(holdReason({ state: "NC", kind: "regulatory_action", since: "2026-12-04" })).toBe(
      "NC regulatory action per NIPR on 12/04/2026",
    );
    expect(holdReason({ state: "NC", kind: null, since: "2026-12-04" })).toBe(
      "NC: NIPR holds new contract requests since 12/04/2026",
    );
  });
});
