import { describe, expect, it } from "vitest";
import { fieldLabel, labelHistory, labelsOf } from "./history-labels";

describe("a history's field names (issue 22)", () => {
  const labels = labelsOf([
    { name: "transferPolicy", label: "Transfer policy" },
    { name: "active", label: "Active" },
  ]);

  it("names a field by a user's label, else the record's form label, else as stored", () => {
    expect(fieldLabel("active", labels)).toBe("Active");
    expect(fieldLabel("firstName", labels)).toBe("First name");
    expect(fieldLabel("somethingElse", labels)).toBe("somethingElse");
    expect(fieldLabel("email")).toBe("E-mail");
  });

  it("keeps the part of the record a field belongs to (a carrier product's resource)", () => {
    expect(fieldLabel("Medicare Advantage: transferPolicy", labels)).toBe("Medicare Advantage: Transfer policy");
    expect(fieldLabel("Dental: unknownField", labels)).toBe("Dental: unknownField");
  });

  it("labels every change of every entry, the rest of the entry as it was", () => {
    const entry = {
      id: 1,
      at: "2026-11-26T10:00:00.000Z",
      actor: { userId: 9, name: "Grace Harper" },
      action: "updated",
      changes: [{ field: "Dental: transferPolicy", from: null, to: "<p>Yes</p>" }],
      note: null,
    };
    expect(labelHistory([entry], labels)).toEqual([
      { ...entry, changes: [{ field: "Dental: Transfer policy", from: null, to: "<p>Yes</p>" }] },
    ]);
  });
});
