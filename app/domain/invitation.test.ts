import { describe, expect, it } from "vitest";
import { invitationSchema } from "./invitation";

const LEVELS = ["Agent", "Agency Level 1"];

describe("the downline invitation form (issue 4 /register_downlines/new)", () => {
  it("needs a valid e-mail, both names and one of the upstream's levels", () => {
    const result = invitationSchema(LEVELS).safeParse({ email: "nope", firstName: " ", lastName: "", level: "Boss" });
    expect(Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]))).toEqual({
      email: "Enter a valid e-mail address",
      firstName: "Enter the first name",
      lastName: "Enter the last name",
      level: "Choose a level",
    });
  });
  it("accepts a complete invitation, trimmed", () => {
    expect(
      invitationSchema(LEVELS).parse({ email: " a@b.co ", firstName: "Nora ", lastName: "Lee", level: "Agent" }),
    ).toEqual({
      email: "a@b.co",
      firstName: "Nora",
      lastName: "Lee",
      level: "Agent",
    });
  });
});
