import { describe, expect, it } from "vitest";
import { newPasswordProblems as portalRules } from "../../app/.server/password-policy.ts";
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "../../app/domain/password.ts";
import { newPasswordProblems } from "./password-rules.ts";

describe("the reference API's password rules", () => {
  it("answer as the portal's, password by password", () => {
    const email = "nora.recruit@example.com";
    for (const password of [
      "",
      "short",
      "qwerty123456",
      "QWERTY123456",
      "Tulip-Harbor-Lantern-92",
      "recruit-is-my-name-1",
      "x".repeat(129),
      "password",
    ]) {
      expect(newPasswordProblems(password, email), password).toEqual(portalRules(password, email));
    }
    expect(newPasswordProblems("password", email)).toEqual([PASSWORD_TOO_SHORT, PASSWORD_TOO_COMMON]);
    expect(newPasswordProblems("Tulip-Harbor-Lantern-92", email)).toEqual([]);
  });
});
