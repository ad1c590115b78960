/**
 * The servers' half of the password rules (app/domain/password.ts): the same length and e-mail checks, plus
 * the common-password list of @zxcvbn-ts/language-common (about 49,000 breached and common passwords,
 * shipped with the package, so the check works offline). One module for the portal's actions and for the
 * reference API, which enforces the rules as the upstream (it may import app/domain, not app/.server).
 * Server side only: no browser code imports it (the list is ≈ 235 KB gzip; the strength meter loads zxcvbn's
 * own copy lazily, app/components/forms/strength.client.ts).
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_TOO_COMMON, passwordProblems } from "./password";

let common: Set<string> | null = null;

/** The list, lower-cased, built on first use (a few milliseconds, once per process). */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Every rule the password breaks (empty when it may be used), for the account with this e-mail. */
export function newPasswordProblems(password: string, email?: string | null): string[] {
  const problems = passwordProblems(password, email);
  if (isCommonPassword(password)) problems.push(PASSWORD_TOO_COMMON);
  return problems;
}
