import { describe, expect, it } from "vitest";
import { homeFor } from "~/domain/home";
import type { SessionUser } from "~/domain/user";
import { SEED_USERS } from "../../server/reference-api/accounts/seed";
import { userFor } from "../../tests/support/users";

const contractingIncomplete = { roleHasOnboardingProcess: true, onboardingPresent: true, onboardingComplete: false };
const contractingComplete = { roleHasOnboardingProcess: true, onboardingPresent: true, onboardingComplete: true };

describe("spec §2 Home per user, row by row", () => {
  it.each(["Agent", "Agency"] as const)("contracting required and onboarding incomplete → onboarding (%s)", (role) => {
    expect(homeFor(userFor({ role, ...contractingIncomplete }))).toBe("/onboarding");
  });

  it.each(["Agent", "Agency"] as const)("contracting required and onboarding complete → home (%s)", (role) => {
    expect(homeFor(userFor({ role, ...contractingComplete }))).toBe("/home");
  });

  it.each(["Agent", "Agency"] as const)("LOA user → dashboard (%s)", (role) => {
    expect(homeFor(userFor({ role, loa: true }))).toBe("/dashboard");
  });

  it("Carrier → carrier-tickets", () => {
    expect(homeFor(userFor({ role: "Carrier" }))).toBe("/carrier/tickets");
  });

  it("Admin → admin", () => {
    expect(homeFor(userFor({ role: "Admin" }))).toBe("/admin");
  });

  it.each(["Agent", "Agency"] as const)("Agent or Agency → dashboard (%s)", (role) => {
    expect(homeFor(userFor({ role }))).toBe("/dashboard");
    expect(homeFor(userFor({ role, existingActiveContracts: true, sunfireAccess: true }))).toBe("/dashboard");
  });
});

describe("spec §2 Home per user: the first matching row wins", () => {
  it("contracting rows come before LOA: an LOA user with contracting required and incomplete → onboarding", () => {
    expect(homeFor(userFor({ loa: true, ...contractingIncomplete }))).toBe("/onboarding");
  });

  it("contracting rows come before LOA: an LOA user with contracting required and complete → home", () => {
    expect(homeFor(userFor({ loa: true, ...contractingComplete }))).toBe("/home");
  });

  it("LOA comes before Carrier and Admin", () => {
    expect(homeFor(userFor({ role: "Carrier", loa: true }))).toBe("/dashboard");
    expect(homeFor(userFor({ role: "Admin", loa: true }))).toBe("/dashboard");
  });

  it("contracting is not required when skipOnboardingWithContracts and existingActiveContracts → dashboard", () => {
    expect(
      homeFor(userFor({ ...contractingIncomplete, skipOnboardingWithContracts: true, existingActiveContracts: true })),
    ).toBe("/dashboard");
  });

  it("skipOnboardingWithContracts alone (no active contracts) still requires contracting → onboarding", () => {
    expect(homeFor(userFor({ ...contractingIncomplete, skipOnboardingWithContracts: true }))).toBe("/onboarding");
  });

  it("without an onboarding process for the role, onboarding flags do not matter → dashboard", () => {
    expect(homeFor(userFor({ onboardingPresent: true, onboardingComplete: false }))).toBe("/dashboard");
  });
});

/** The flags of demo-data.md's accounts (those that matter for the home). */
const DEMO: Record<string, Partial<SessionUser>> = {
  "agent@demo.test": { role: "Agent", existingActiveContracts: true, sunfireAccess: true, onboardingComplete: true },
  "newagent@demo.test": { role: "Agent" },
  "loa@demo.test": { role: "Agent", loa: true, existingActiveContracts: true },
  "docs@demo.test": { role: "Agent", existingActiveContracts: true },
  "agency@demo.test": { role: "Agency", existingActiveContracts: true, sunfireAccess: true, hierarchyPresent: true },
  "beta@demo.test": { role: "Agency", existingActiveContracts: true },
  "onboarding@demo.test": {
    role: "Agent",
    roleHasOnboardingProcess: true,
    onboardingPresent: true,
    onboardingComplete: false,
  },
  "onboarded@demo.test": {
    role: "Agency",
    roleHasOnboardingProcess: true,
    onboardingPresent: true,
    onboardingComplete: true,
    existingActiveContracts: true,
  },
  "admin@demo.test": { role: "Admin" },
  "carrier@demo.test": { role: "Carrier" },
};

const DEMO_HOMES: Record<string, string> = {
  "agent@demo.test": "/dashboard",
  "newagent@demo.test": "/dashboard",
  "loa@demo.test": "/dashboard",
  "docs@demo.test": "/dashboard",
  "agency@demo.test": "/dashboard",
  "beta@demo.test": "/dashboard",
  "onboarding@demo.test": "/onboarding",
  "onboarded@demo.test": "/home",
  "admin@demo.test": "/admin",
  "carrier@demo.test": "/carrier/tickets",
};

describe("demo-data.md: each demo account lands on its home", () => {
  it.each(Object.entries(DEMO_HOMES))("%s → %s", (email, home) => {
    expect(homeFor(userFor({ email, ...DEMO[email] }))).toBe(home);
  });

  it.each(Object.entries(DEMO_HOMES))("the reference API's seed of %s lands on %s", (email, home) => {
    const seed = SEED_USERS.find((u) => u.email === email);
    expect(seed, `${email} is seeded`).toBeDefined();
    const user = userFor({
      userId: seed!.id,
      role: seed!.role,
      email: seed!.email,
      firstName: seed!.firstName,
      lastName: seed!.lastName,
      ...seed!.flags,
    });
    expect(homeFor(user)).toBe(home);
  });
});
