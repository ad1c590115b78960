/**
 * The password rules of every form that sets a password (issue 13): at least PASSWORD_MIN_LENGTH characters,
 * not a commonly used password, not containing the name part of the account's e-mail address. Browser-safe:
 * the forms show these rules as the user types; the portal's actions and the upstream enforce the same rules
 * (app/domain/common-passwords.ts, server side only, adds the common-password list, which the browser never loads up front).
 */
export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase, short enough that hashing one costs nothing unusual. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_TOO_SHORT = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
export const PASSWORD_TOO_LONG = `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
export const PASSWORD_CONTAINS_EMAIL = "Do not use the name part of your e-mail address in the password.";
export const PASSWORD_TOO_COMMON = "This password is too common. Choose one that is harder to guess.";
export const PASSWORDS_DIFFER = "The two passwords are not the same.";

/**
 * The pieces of an e-mail's name part a password may not contain: the whole local part (without a
 * "+tag") and each piece of it separated by . _ - + of 4 or more characters, lower-cased.
 */
export function emailNameParts(email: string | null | undefined): string[] {
  const local = (email ?? "").trim().toLowerCase().split("@")[0] ?? "";
  const base = local.split("+")[0] ?? "";
  const parts = new Set<string>();
  if (base.length >= 3) parts.add(base);
  for (const piece of base.split(/[._+-]+/)) if (piece.length >= 4) parts.add(piece);
  return [...parts];
}

/** The rules a password breaks that need no list: its length and the e-mail's name part. */
export function passwordProblems(password: string, email?: string | null): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_TOO_SHORT);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_TOO_LONG);
  const lower = password.toLowerCase();
  if (emailNameParts(email).some((part) => lower.includes(part))) problems.push(PASSWORD_CONTAINS_EMAIL);
  return problems;
}

/** What the strength meter says for a zxcvbn score (0–4), and its colour. */
export const STRENGTH_LABELS = [
  { label: "Very weak", color: "red" },
  { label: "Weak", color: "red" },
  { label: "Fair", color: "orange" },
  { label: "Good", color: "teal" },
  { label: "Strong", color: "green" },
] as const;

export type StrengthScore = 0 | 1 | 2 | 3 | 4;

/**
 * The meter's score before zxcvbn has loaded (or without it): from the length and the kinds of character
 * used, so the meter moves from the first key. A password breaking a rule never scores above "Weak".
 */
export function roughStrength(password: string, email?: string | null): StrengthScore {
  if (password === "") return 0;
  if (passwordProblems(password, email).length > 0) return password.length >= 8 ? 1 : 0;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  const points = (password.length >= 16 ? 2 : 1) + (kinds >= 3 ? 1 : 0) + (password.length >= 20 ? 1 : 0);
  return Math.min(4, Math.max(1, points)) as StrengthScore;
}
