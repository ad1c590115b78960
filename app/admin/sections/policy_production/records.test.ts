import { describe, expect, it } from "vitest";
import { agencyChoicesOf } from "./records";

describe("policy production's agency choices (issue 37 §5: tell brokers of the same name apart)", () => {
  it("names an agency by its name, and by its name and NPN where another agency has the same name", () => {
    expect(
      agencyChoicesOf([
        { id: 5, name: "Chen Senior Benefits Group", npnNumber: "17000005" },
        { id: 111, name: "Margaret Scott", npnNumber: "30004107" },
        { id: 161, name: "Margaret Scott", npnNumber: "30005957" },
        { id: 121, name: "Deborah Thomas", npnNumber: "30004477" },
      ]),
    ).toEqual([
      { value: "5", label: "Chen Senior Benefits Group" },
      { value: "111", label: "Margaret Scott (NPN 30004107)" },
      { value: "161", label: "Margaret Scott (NPN 30005957)" },
      { value: "121", label: "Deborah Thomas" },
    ]);
  });

  it("keeps the bare name of a namesake without an NPN (nothing better to tell it by)", () => {
    expect(
      agencyChoicesOf([
        { id: 1, name: "Ann Lee", npnNumber: null },
        { id: 2, name: "Ann Lee", npnNumber: "1" },
      ]).map((c) => c.label),
    ).toEqual(["Ann Lee", "Ann Lee (NPN 1)"]);
  });
});
