import { describe, expect, it } from "vitest";
import { PASSWORD_CONTAINS_EMAIL, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "./password";
import { isCommonPassword, newPasswordProblems } from "./common-passwords";

describe("the server's password rules", () => {
  it("knows the common passwords of the list, whatever their case", () => {
    expect(isCommonPassword("qwerty123456")).toBe(true);
    expect(isCommonPassword("QWERTY123456")).toBe(true);
    expect(isCommonPassword("1qaz2wsx3edc")).toBe(true);
    expect(isCommonPassword("violet staple harbor 42")).toBe(false);
  });

  it("adds the list to the browser's rules", () => {
    expect(newPasswordProblems("qwerty123456")).toEqual([PASSWORD_TOO_COMMON]);
    expect(newPasswordProblems("password", "x@y.test")).toEqual([PASSWORD_TOO_SHORT, PASSWORD_TOO_COMMON]);
    expect(newPasswordProblems("agent passphrase 1", "agent@demo.test")).toEqual([PASSWORD_CONTAINS_EMAIL]);
    expect(newPasswordProblems("violet staple harbor 42", "agent@demo.test")).toEqual([]);
  });
});
