/** The session user as the upstream's GET /api/me returns it (spec §3 "Session user"). */
export type Role = "Agent" | "Agency" | "Admin" | "Carrier";

export const ROLES = ["Agent", "Agency", "Admin", "Carrier"] as const satisfies readonly Role[];

/** The session user's boolean flags (spec §3), all off. */
export const NO_USER_FLAGS = {
  loa: false,
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
};

export type UserFlags = Record<keyof typeof NO_USER_FLAGS, boolean>;

export interface SessionUser extends UserFlags {
  userId: number;
  role: Role;
  firstName: string;
  lastName: string;
  email: string;
  npnCurrentMaxLevel: string | null;
  npnId: number | null;
  npnNumber: string | null;
  /** Set while an admin is impersonating this user. */
  returnToUserId: number | null;
}

/** Agents and agencies are the brokers of the spec ("broker pending tasks"). */
export function isBroker(user: Pick<SessionUser, "role">): boolean {
  return user.role === "Agent" || user.role === "Agency";
}

export function fullName(user: Pick<SessionUser, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/**
 * Spec §4 "The contracting screen is shown when the role has an onboarding process, onboarding is
 * incomplete, and not (skipOnboardingWithContracts and existing contracts)."
 */
export function contractingRequired(
  user: Pick<
    SessionUser,
    "roleHasOnboardingProcess" | "skipOnboardingWithContracts" | "existingActiveContracts" | "role"
  >,
): boolean {
  return (
    isBroker(user) &&
    user.roleHasOnboardingProcess &&
    !(user.skipOnboardingWithContracts && user.existingActiveContracts)
  );
}

/** Contracting required and onboarding incomplete: the locked state of spec §2. */
export function contractingIncomplete(user: SessionUser): boolean {
  return contractingRequired(user) && !user.onboardingComplete;
}

/** Contracting required and onboarding complete. */
export function contractingComplete(user: SessionUser): boolean {
  return contractingRequired(user) && user.onboardingComplete;
}

/** Spec §6: the LOA flag shows the level as LOA. */
export function levelLabel(user: Pick<SessionUser, "loa" | "npnCurrentMaxLevel">): string {
  if (user.loa) return "LOA";
  return user.npnCurrentMaxLevel ?? "—";
}

/**
 * The caption above the level on the dashboard: "Level", unless the level names itself one ("Level 3",
 * "Agency Level 5"), which would read "Level / Level 3" (issue 11).
 */
export function levelCaption(level: string): string | null {
  return /\blevel\b/i.test(level) ? null : "Level";
}
