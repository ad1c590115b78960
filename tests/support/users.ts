import type { SessionUser } from "~/domain/user";

/** A session user with every flag off and every optional value null, changed by `overrides`. */
export function userFor(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    userId: 1,
    role: "Agent",
    firstName: "Test",
    lastName: "User",
    email: "someone@demo.test",
    loa: false,
    npnCurrentMaxLevel: null,
    npnId: null,
    npnNumber: null,
    sunfireAccess: false,
    existingActiveContracts: false,
    existingExpiredContracts: false,
    onboardingComplete: false,
    onboardingInProgress: false,
    onboardingPresent: false,
    onboardingActivated: false,
    hierarchyPresent: false,
    skipOnboardingWithContracts: false,
    roleHasOnboardingProcess: false,
    roleHasShowAchInfo: false,
    roleHasOptoutProcess: false,
    roleRequiresSsnOrTin: false,
    returnToUserId: null,
    ...overrides,
  };
}
