import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import {
  ACCEPT_PRIVACY_POLICY,
  SAME_AS_CURRENT,
  changePasswordSchema,
  emailRequestSchema,
  invitedRegistrationForm,
  invitedRegistrationSchema,
  registrationForm,
  registrationSchema,
  setPasswordSchema,
} from "./accounts";
import { PASSWORDS_DIFFER, PASSWORD_CONTAINS_EMAIL, PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "./password";

const errorsOf = (result: { success: boolean; error?: z.core.$ZodError }) =>
  Object.fromEntries(
    (result.error?.issues ?? []).map((i) => [
      i.path.join("."),
      result.error!.issues.filter((j) => j.path.join(".") === i.path.join(".")).map((j) => j.message),
    ]),
  );

const good = {
  firstName: " Nora ",
  lastName: "Recruit",
  npn: "1900-0001",
  phone: "(555) 123-4567",
  password: "violet staple harbor 42",
  passwordConfirmation: "violet staple harbor 42",
  terms: "on",
};

describe("the registration forms", () => {
  it("sends the upstream trimmed names, the NPN's and the phone's digits and termsAccepted, without the confirmation", () => {
    const parsed = invitedRegistrationSchema("nora@example.com").safeParse(good);
    expect(parsed.success && parsed.data).toEqual({
      firstName: "Nora",
      lastName: "Recruit",
      npn: "19000001",
      phone: "5551234567",
      password: "violet staple harbor 42",
      termsAccepted: true,
    });
  });

  it("refuses a short password, one holding the e-mail's name, a different confirmation and unaccepted terms", () => {
    const parsed = registrationSchema().safeParse({
      ...good,
      email: "harbor.master@example.com",
      password: "harbor",
      passwordConfirmation: "harbour",
      terms: undefined,
    });
    const errors = errorsOf(parsed);
    expect(errors.password).toEqual([PASSWORD_TOO_SHORT, PASSWORD_CONTAINS_EMAIL]);
    expect(errors.passwordConfirmation).toEqual([PASSWORDS_DIFFER]);
    expect(errors.terms).toEqual([ACCEPT_PRIVACY_POLICY]);
  });

  it("refuses a common password only where the list is given (the server)", () => {
    const common = { ...good, password: "qwerty123456", passwordConfirmation: "qwerty123456" };
    expect(invitedRegistrationSchema("a@b.test").safeParse(common).success).toBe(true);
    const parsed = invitedRegistrationSchema("a@b.test", { isCommon: (p) => p === "qwerty123456" }).safeParse(common);
    expect(errorsOf(parsed).password).toEqual([PASSWORD_TOO_COMMON]);
  });

  it("refuses an NPN that is not digits and a phone without 10 digits", () => {
    const errors = errorsOf(invitedRegistrationSchema("a@b.test").safeParse({ ...good, npn: "12ab", phone: "555" }));
    expect(errors.npn).toEqual(["Enter your NPN: up to 10 digits"]);
    expect(errors.phone).toEqual(["Enter a 10-digit phone number (an extension may follow)"]);
  });
});

describe("the password forms", () => {
  it("checks a new password against the account's e-mail", () => {
    const parsed = setPasswordSchema("pat.pending@demo.test").safeParse({
      password: "my pending password!",
      passwordConfirmation: "my pending password!",
    });
    expect(errorsOf(parsed).password).toEqual([PASSWORD_CONTAINS_EMAIL]);
  });

  it("refuses the current password as the new one", () => {
    const parsed = changePasswordSchema("agent@demo.test").safeParse({
      currentPassword: "violet staple harbor 42",
      password: "violet staple harbor 42",
      passwordConfirmation: "violet staple harbor 42",
    });
    expect(errorsOf(parsed).password).toEqual([SAME_AS_CURRENT]);
  });

  it("asks for a valid e-mail", () => {
    expect(errorsOf(emailRequestSchema.safeParse({ email: "nope" })).email).toEqual(["Enter a valid e-mail address"]);
    expect(emailRequestSchema.safeParse({ email: " a@b.test " }).data).toEqual({ email: "a@b.test" });
  });
});

describe("issue 20: the registration forms mark their required fields from the first render", () => {
  it("the forms' schemas give conform every field's constraint (required)", () => {
    const fields = ["firstName", "lastName", "npn", "phone", "password", "passwordConfirmation", "terms"];
    const plain = getZodConstraint(registrationForm());
    for (const name of ["email", ...fields]) expect(plain[name]?.required, name).toBe(true);
    const invited = getZodConstraint(invitedRegistrationForm("a@b.test"));
    for (const name of fields) expect(invited[name]?.required, name).toBe(true);
    // The transforming pipe the server parses with is what conform cannot read.
    expect(() => getZodConstraint(registrationSchema())).toThrow();
  });
});
