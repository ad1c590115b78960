import { describe, expect, it } from "vitest";
import {
  PASSWORD_CONTAINS_EMAIL,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
  emailNameParts,
  passwordProblems,
  roughStrength,
} from "./password";

describe("password rules", () => {
  it("reads the e-mail's name part: the local part without a +tag, and its pieces of 4 or more", () => {
    expect(emailNameParts("Nora.Recruit+work@Example.com")).toEqual(["nora.recruit", "nora", "recruit"]);
    expect(emailNameParts("al@example.com")).toEqual([]);
    expect(emailNameParts(undefined)).toEqual([]);
  });

  it("wants 12 to 128 characters", () => {
    expect(passwordProblems("a".repeat(11))).toEqual([PASSWORD_TOO_SHORT]);
    expect(passwordProblems("a".repeat(12))).toEqual([]);
    expect(passwordProblems("a".repeat(129))).toEqual([PASSWORD_TOO_LONG]);
  });

  it("refuses the e-mail's name in any case", () => {
    expect(passwordProblems("my RECRUIT passphrase", "nora.recruit@example.com")).toEqual([PASSWORD_CONTAINS_EMAIL]);
    expect(passwordProblems("violet staple harbor", "nora.recruit@example.com")).toEqual([]);
  });

  it("scores roughly before zxcvbn loads: a broken rule never above weak, longer and more varied is stronger", () => {
    expect(roughStrength("")).toBe(0);
    expect(roughStrength("short")).toBe(0);
    expect(roughStrength("nora.recruit-2024", "nora.recruit@example.com")).toBe(1);
    expect(roughStrength("abcdefghijkl")).toBe(1);
    expect(roughStrength("Abcdefghij1!")).toBe(2);
    expect(roughStrength("Violet staple harbor 42!")).toBe(4);
  });
});
