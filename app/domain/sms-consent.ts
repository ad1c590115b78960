/** What the SMS consent prompt reads: the session's prompt flag and the profile's answer. */
export interface SmsPromptState {
  /** Off once answered in this session, or while an admin is signed in as the user; unset means on. */
  promptFlag: boolean | undefined;
  /** Agent or Agency only (spec §4 "Session"); null for others or when the profile could not be loaded. */
  profile: { smsConsent: boolean | null } | null;
}

/**
 * Spec §4 "SMS consent prompt: shown while the prompt flag is on and smsConsent is unanswered"
 * (spec §3: smsConsent null means not yet answered). Without a profile nothing is asked.
 */
export function smsPromptShown({ promptFlag, profile }: SmsPromptState): boolean {
  return profile !== null && profile.smsConsent === null && promptFlag !== false;
}

/** Spec §2 "asks whether the user wants text-message alerts (Yes or No)": the posted answer, or null. */
export function smsAnswerOf(value: unknown): "yes" | "no" | null {
  return value === "yes" || value === "no" ? value : null;
}

export const SMS_YES = "You will receive text-message alerts.";
export const SMS_NO = "You will not receive text-message alerts.";
export const SMS_CHOOSE = "Choose Yes or No.";
export const SMS_BROKERS_ONLY = "Text-message alerts are only for agents and agencies.";

/** Issue 12: the profile's current answer to the SMS question (spec §3: null means not yet answered). */
export function smsAnswerText(smsConsent: boolean | null): string {
  if (smsConsent === null) return "Current answer: not answered yet.";
  return smsConsent
    ? "Current answer: Yes, you receive text-message alerts."
    : "Current answer: No, you do not receive text-message alerts.";
}
