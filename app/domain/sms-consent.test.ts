import { describe, expect, it } from "vitest";
import { smsAnswerOf, smsPromptShown } from "./sms-consent";

describe("spec §4: the SMS consent prompt shows while the prompt flag is on and smsConsent is unanswered", () => {
  const unanswered = { smsConsent: null };

  it("unanswered (null) and the flag on (or never set): shown", () => {
    expect(smsPromptShown({ promptFlag: true, profile: unanswered })).toBe(true);
    expect(smsPromptShown({ promptFlag: undefined, profile: unanswered })).toBe(true);
  });

  it("answered Yes or No: not shown", () => {
    expect(smsPromptShown({ promptFlag: true, profile: { smsConsent: true } })).toBe(false);
    expect(smsPromptShown({ promptFlag: true, profile: { smsConsent: false } })).toBe(false);
  });

  it("the flag off (answered in this session, or an admin signed in as the user): not shown", () => {
    expect(smsPromptShown({ promptFlag: false, profile: unanswered })).toBe(false);
  });

  it("no profile (not an agent or agency, or it could not be loaded): nothing is asked", () => {
    expect(smsPromptShown({ promptFlag: true, profile: null })).toBe(false);
  });
});

describe("spec §2: the prompt asks Yes or No", () => {
  it("only 'yes' and 'no' are answers", () => {
    expect(smsAnswerOf("yes")).toBe("yes");
    expect(smsAnswerOf("no")).toBe("no");
    for (const other of ["YES", "", null, undefined, "maybe", ["yes"]]) expect(smsAnswerOf(other)).toBeNull();
  });
});
