import type { SessionUser } from "./user";

/** The onboarding steps a user's role flags call for (issue: contracting and onboarding). */
export interface OnboardingStep {
  key: string;
  title: string;
}

export function onboardingStepsFor(user: SessionUser): OnboardingStep[] {
  return [
    { key: "personal", title: user.roleRequiresSsnOrTin ? "Personal details, with SSN or TIN" : "Personal details" },
    { key: "licenses", title: "Licenses" },
    { key: "legal", title: "Legal questions" },
    ...(user.roleHasShowAchInfo ? [{ key: "banking", title: "Banking (ACH) details" }] : []),
    { key: "documents", title: "Documents" },
    { key: "signature", title: "Signature" },
    ...(user.roleHasOptoutProcess ? [{ key: "optout", title: "Opt-out choices" }] : []),
  ];
}
