/**
 * Spec §3 profile.licenses as the profile shows them (issue 12), and the expiry rule licenses and certificates
 * share. Apart from profile.ts and compliance-documents.ts: onboarding's license table reads it too.
 */

/**
 * Licenses and certificates are marked this many days before they expire (issue 12); for licenses the NIPR settings'
 * warning window replaces it (issue 24 §6: the profile's licenseWarningDays).
 */
export const EXPIRY_WARNING_DAYS = 60;

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * "expired" once the expiry date has passed (a certificate is good through its expiry day), "expiring"
 * within EXPIRY_WARNING_DAYS of it, otherwise null. No date: null (it does not run out).
 */
export function expiryState(
  expiresOn: string | null | undefined,
  today: string,
  warningDays = EXPIRY_WARNING_DAYS,
): "expired" | "expiring" | null {
  if (!expiresOn) return null;
  const day = expiresOn.slice(0, 10);
  if (day < today.slice(0, 10)) return "expired";
  if (day <= addDays(today, warningDays)) return "expiring";
  return null;
}

export interface LicenseLike {
  state: string;
  licenseNumber: string;
  expiresOn: string | null;
}

/** Issue 12: the profile lists licenses sorted by state (then number, so the order is stable). */
export function sortLicensesByState<L extends LicenseLike>(licenses: readonly L[]): L[] {
  return [...licenses].sort((a, b) => a.state.localeCompare(b.state) || a.licenseNumber.localeCompare(b.licenseNumber));
}

/** Issue 12: a license expiring within the warning window (60 days unless the NIPR settings say), or expired, is marked. */
export function licenseMark(
  license: LicenseLike,
  today: string,
  warningDays = EXPIRY_WARNING_DAYS,
): "Expired" | "Expires soon" | null {
  const state = expiryState(license.expiresOn, today, warningDays);
  return state === "expired" ? "Expired" : state === "expiring" ? "Expires soon" : null;
}
