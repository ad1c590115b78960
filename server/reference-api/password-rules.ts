/**
 * The password rules the reference API enforces as the upstream (issue 13): the portal's rules of
 * app/domain/password.ts (length, the e-mail's name part) and the same common-password list
 * (@zxcvbn-ts/language-common). The portal checks them too, in app/.server/password-policy.ts, which the
 * reference API may not import (decision 016); password-rules.test.ts holds the two to the same answers.
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { PASSWORD_TOO_COMMON, passwordProblems } from "../../app/domain/password.ts";

let common: Set<string> | null = null;

/** Every rule the password breaks for the account with this e-mail (empty: it may be used). */
export function newPasswordProblems(password: string, email?: string | null): string[] {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  const problems = passwordProblems(password, email);
  if (common.has(password.toLowerCase())) problems.push(PASSWORD_TOO_COMMON);
  return problems;
}
