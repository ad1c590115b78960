import { describe, expect, it } from "vitest";
import {
  CONTRACT_REQUEST_BLOCKED,
  DEFAULT_PRODUCT_NAME,
  type StatusesLike,
  contractRequestedMessage,
  contractStateOf,
  contractStateText,
  defaultProductId,
  viewContractHref,
} from "~/domain/contract-state";
import { userFor } from "../../tests/support/users";

const empty: StatusesLike = { pending: [], denied: [], approved: [], active: [] };
const entry = (carrierProductId: number, lastPublicNote: string | null = null) => ({
  carrierProductId,
  lastPublicNote,
});

describe("spec §3/§4: contract request state per carrier product from the status lists", () => {
  it("none when no list holds the carrier product", () => {
    expect(contractStateOf(7, empty)).toEqual({ state: "none", lastPublicNote: null });
    expect(contractStateOf(7, { ...empty, active: [entry(8)] }).state).toBe("none");
  });

  it.each(["pending", "denied", "approved", "active"] as const)("%s when that list holds it", (list) => {
    expect(contractStateOf(7, { ...empty, [list]: [entry(3), entry(7)] }).state).toBe(list);
  });

  it("denied entries carry the lastPublicNote (spec §3)", () => {
    expect(contractStateOf(7, { ...empty, denied: [entry(7, "Missing license")] })).toEqual({
      state: "denied",
      lastPublicNote: "Missing license",
    });
  });

  it("precedence when several lists hold it: active > approved > pending > denied", () => {
    const all: StatusesLike = {
      pending: [entry(7)],
      denied: [entry(7, "no")],
      approved: [entry(7)],
      active: [entry(7)],
    };
    expect(contractStateOf(7, all).state).toBe("active");
    expect(contractStateOf(7, { ...all, active: [] }).state).toBe("approved");
    expect(contractStateOf(7, { ...all, active: [], approved: [] }).state).toBe("pending");
    expect(contractStateOf(7, { ...all, active: [], approved: [], pending: [] })).toEqual({
      state: "denied",
      lastPublicNote: "no",
    });
  });
});

describe("spec §4: what each state shows", () => {
  it("active: shows View Contract", () => expect(contractStateText("active", null)).toBe("View Contract"));
  it("pending: shows 'Pending contract'", () => expect(contractStateText("pending", null)).toBe("Pending contract"));
  it("approved: shows 'Request being processed'", () =>
    expect(contractStateText("approved", null)).toBe("Request being processed"));
  it("denied: shows the last public note", () =>
    expect(contractStateText("denied", "License expired")).toBe("License expired"));
  it("denied without a note falls back to 'Request denied'", () => {
    expect(contractStateText("denied", null)).toBe("Request denied");
    expect(contractStateText("denied", "  ")).toBe("Request denied");
  });
  it("none: shows a Contract Now button", () => expect(contractStateText("none", null)).toBe("Contract Now"));
});

describe("spec §2: a 'View Contract' link goes to contracts_pending if contracting is required and complete, otherwise to contracts", () => {
  it("contracting required and complete → /contracts_pending", () => {
    expect(viewContractHref(userFor({ roleHasOnboardingProcess: true, onboardingComplete: true }))).toBe(
      "/contracts_pending",
    );
  });
  it("contracting required and incomplete → /contracts", () => {
    expect(viewContractHref(userFor({ roleHasOnboardingProcess: true }))).toBe("/contracts");
  });
  it("contracting not required → /contracts", () => {
    expect(viewContractHref(userFor({ onboardingComplete: true }))).toBe("/contracts");
    expect(
      viewContractHref(
        userFor({
          roleHasOnboardingProcess: true,
          onboardingComplete: true,
          skipOnboardingWithContracts: true,
          existingActiveContracts: true,
        }),
      ),
    ).toBe("/contracts");
  });
});

describe("spec §8 texts", () => {
  it("alert text: 'You cannot request new contracts until your documentation is up to date. …'", () => {
    expect(CONTRACT_REQUEST_BLOCKED).toBe(
      "You cannot request new contracts until your documentation is up to date. Please visit the User Profile to find this icon next to any documentation that requires your attention.",
    );
  });
  it("success message: 'We will be in touch shortly to get you contracting with {carrier}'", () => {
    expect(contractRequestedMessage("Humana")).toBe("We will be in touch shortly to get you contracting with Humana");
  });
});

describe("spec §2: the product list defaults to Medicare Advantage", () => {
  it("the default product name", () => expect(DEFAULT_PRODUCT_NAME).toBe("Medicare Advantage"));
  it("Medicare Advantage when present", () => {
    expect(
      defaultProductId([
        { id: 1, name: "Dental" },
        { id: 4, name: "Medicare Advantage" },
      ]),
    ).toBe(4);
  });
  it("otherwise the first product", () => {
    expect(
      defaultProductId([
        { id: 9, name: "Dental" },
        { id: 2, name: "Life" },
      ]),
    ).toBe(9);
  });
  it("null when there are no products", () => expect(defaultProductId([])).toBeNull());
});
