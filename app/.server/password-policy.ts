/**
 * The server's half of the password rules (app/domain/password.ts): the same length and e-mail checks, plus
 * the common-password list of @zxcvbn-ts/language-common (about 49,000 breached and common passwords,
 * shipped with the package, so the check works offline). Used by the portal's actions; the reference API,
 * which enforces the rules as the upstream, has its twin in server/reference-api/password-rules.ts (it may not
 * import app/.server, decision 016), held to the same answers by its test.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_TOO_COMMON, passwordProblems } from "~/domain/password";

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
