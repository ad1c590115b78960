import { getInputProps } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { serverFormMetadata } from "./use-server-form";

describe("a form the server alone checks (useServerForm)", () => {
  it("before any reply: conform's ids, no errors, required marked, inputs empty", () => {
    const [form, fields] = serverFormMetadata("sign-in", undefined, ["email", "password"], { required: ["email"] });
    expect(form).toMatchObject({ id: "sign-in", errorId: "sign-in-error", errors: undefined, valid: true });
    expect(getInputProps(fields.email, { type: "email", ariaAttributes: false })).toEqual({
      id: "sign-in-email",
      name: "email",
      form: "sign-in",
      type: "email",
      required: true,
    });
    expect(fields.password.required).toBeUndefined();
    expect(fields.email.errorId).toBe("sign-in-email-error");
    expect(fields.email.descriptionId).toBe("sign-in-email-description");
  });

  it("after a refusal: the field errors, the form's error, and only what the server sent back", () => {
    const [form, fields] = serverFormMetadata(
      "sign-in",
      {
        status: "error",
        initialValue: { email: "agent@demo.test" },
        error: { "": ["Invalid e-mail or password"], password: ["Enter your password"] },
      },
      ["email", "password"],
      { version: 2 },
    );
    expect(form.errors).toEqual(["Invalid e-mail or password"]);
    expect(form.valid).toBe(false);
    expect(fields.email.errors).toBeUndefined();
    expect(getInputProps(fields.email, { type: "email", ariaAttributes: false }).defaultValue).toBe("agent@demo.test");
    expect(fields.password.errors).toEqual(["Enter your password"]);
    // A hidden password is not sent back: the input starts empty again (remounted by the new key).
    expect(getInputProps(fields.password, { type: "password", ariaAttributes: false }).defaultValue).toBeUndefined();
    expect(fields.password.key).toBe("2");
  });

  it("an empty error list is no error", () => {
    const [form, fields] = serverFormMetadata("f", { status: "error", error: { "": [], email: null } }, ["email"]);
    expect(form.errors).toBeUndefined();
    expect(form.valid).toBe(true);
    expect(fields.email.errors).toBeUndefined();
  });
});
