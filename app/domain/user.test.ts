import { describe, expect, it } from "vitest";
import {
  type SessionUser,
  contractingComplete,
  contractingIncomplete,
  contractingRequired,
  fullName,
  isBroker,
  levelCaption,
  levelLabel,
} from "~/domain/user";
import { userFor } from "../../tests/support/users";

describe("spec §4: contracting is required when the role has an onboarding process and not (skipOnboardingWithContracts and existing contracts)", () => {
  const cases: Array<[string, Partial<SessionUser>, boolean]> = [
    ["no onboarding process", {}, false],
    [
      "no onboarding process, even with other flags",
      { onboardingPresent: true, skipOnboardingWithContracts: true },
      false,
    ],
    ["onboarding process", { roleHasOnboardingProcess: true }, true],
    [
      "onboarding process, active contracts, no skip",
      { roleHasOnboardingProcess: true, existingActiveContracts: true },
      true,
    ],
    [
      "onboarding process, skip, no active contracts",
      { roleHasOnboardingProcess: true, skipOnboardingWithContracts: true },
      true,
    ],
    [
      "onboarding process, skip and active contracts",
      { roleHasOnboardingProcess: true, skipOnboardingWithContracts: true, existingActiveContracts: true },
      false,
    ],
    [
      "expired contracts are not active contracts",
      { roleHasOnboardingProcess: true, skipOnboardingWithContracts: true, existingExpiredContracts: true },
      true,
    ],
  ];

  it.each(cases)("%s → %s", (_name, flags, required) => {
    expect(contractingRequired(userFor({ role: "Agent", ...flags }))).toBe(required);
    expect(contractingRequired(userFor({ role: "Agency", ...flags }))).toBe(required);
  });
});

describe("spec §2: contracting required and onboarding incomplete / complete", () => {
  it("incomplete: required and onboarding not complete", () => {
    const user = userFor({ roleHasOnboardingProcess: true, onboardingPresent: true, onboardingComplete: false });
    expect(contractingIncomplete(user)).toBe(true);
    expect(contractingComplete(user)).toBe(false);
  });

  it("complete: required and onboarding complete", () => {
    const user = userFor({ roleHasOnboardingProcess: true, onboardingPresent: true, onboardingComplete: true });
    expect(contractingIncomplete(user)).toBe(false);
    expect(contractingComplete(user)).toBe(true);
  });

  it("neither when contracting is not required", () => {
    for (const onboardingComplete of [true, false]) {
      const user = userFor({ onboardingComplete, onboardingPresent: true });
      expect(contractingIncomplete(user)).toBe(false);
      expect(contractingComplete(user)).toBe(false);
    }
  });

  it("admin and carrier never have contracting (spec §6: admin sees everything except contracting)", () => {
    for (const role of ["Admin", "Carrier"] as const) {
      const user = userFor({ role, roleHasOnboardingProcess: true, onboardingPresent: true });
      expect(contractingRequired(user)).toBe(false);
      expect(contractingIncomplete(user)).toBe(false);
    }
  });
});

describe("spec §6: the LOA flag shows the level as LOA", () => {
  it("LOA users show LOA whatever their level", () => {
    expect(levelLabel({ loa: true, npnCurrentMaxLevel: "Level 2" })).toBe("LOA");
    expect(levelLabel({ loa: true, npnCurrentMaxLevel: null })).toBe("LOA");
  });

  it("others show their level", () => {
    expect(levelLabel({ loa: false, npnCurrentMaxLevel: "Level 3" })).toBe("Level 3");
  });

  it("the dashboard captions the level only where the value does not say it is one", () => {
    expect(levelCaption("Level 3")).toBeNull();
    expect(levelCaption("Agency Level 5")).toBeNull();
    expect(levelCaption("LOA")).toBe("Level");
    expect(levelCaption("—")).toBe("Level");
  });

  it("others without a level show a dash", () => {
    expect(levelLabel({ loa: false, npnCurrentMaxLevel: null })).toBe("—");
  });
});

describe("spec §3 session user helpers", () => {
  it("agents and agencies are the brokers", () => {
    expect(isBroker({ role: "Agent" })).toBe(true);
    expect(isBroker({ role: "Agency" })).toBe(true);
    expect(isBroker({ role: "Admin" })).toBe(false);
    expect(isBroker({ role: "Carrier" })).toBe(false);
  });

  it("the full name is first and last name", () => {
    expect(fullName({ firstName: "Priya", lastName: "Raman" })).toBe("Priya Raman");
    expect(fullName({ firstName: "Priya", lastName: "" })).toBe("Priya");
  });
});
