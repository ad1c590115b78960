import { describe, expect, it } from "vitest";
import { fieldLabel, labelsOf } from "./history";

describe("a history's field names (issue 22)", () => {
  const labels = labelsOf([
    { name: "transferPolicy", label: "Transfer policy" },
    { name: "active", label: "Active" },
  ]);

  it("names a field by the record's form label, else a user's label, else as stored", () => {
    expect(fieldLabel("active", labels)).toBe("Active");
    expect(fieldLabel("firstName", labels)).toBe("First name");
    expect(fieldLabel("somethingElse", labels)).toBe("somethingElse");
    expect(fieldLabel("email")).toBe("E-mail");
  });

  it("keeps the part of the record a field belongs to (a carrier product's resource)", () => {
    expect(fieldLabel("Medicare Advantage: transferPolicy", labels)).toBe("Medicare Advantage: Transfer policy");
    expect(fieldLabel("Dental: unknownField", labels)).toBe("Dental: unknownField");
  });
});
