import { describe, expect, it } from "vitest";
import { holdMessage, holdsRefusal, isSellingLicense, statesOfSale } from "./nipr-holds";

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
      "NIPR reports your PA license lapsed on 11/27/2026. New contract requests do not cover PA until it is resolved: contact your agency.",
    );
    expect(
      holdMessage({ kind: "regulatory_action", state: "TX", day: "2026-11-27", summary: "Fine of $500" }),
    ).toContain("regulatory action in TX (Fine of $500). New contract requests do not cover TX");
  });
});
