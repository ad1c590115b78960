import { describe, expect, it } from "vitest";
import {
  NEGATIVE_PAYMENT,
  NO_POLICY_NUMBER,
  POSITIVE_CHARGEBACK,
  columnsOf,
  kindOf,
  readRow,
  unknownKind,
  unmappedFields,
} from "./lines.ts";

describe("a carrier's commission type reads as a kind (issue 23 §1)", () => {
  it.each([
    ["Initial", "initial"],
    ["NEW", "initial"],
    ["First Year", "initial"],
    ["first-year", "initial"],
    ["True-Up", "true_up"],
    ["true up", "true_up"],
    ["TRUEUP", "true_up"],
    ["Renewal", "renewal"],
    [" renewal ", "renewal"],
    ["Chargeback", "chargeback"],
    ["charge-back", "chargeback"],
    ["CB", "chargeback"],
    ["Reversal", "chargeback"],
  ])("%s → %s", (text, kind) => {
    expect(kindOf(text)).toBe(kind);
  });

  it.each(["", "bonus", "=1+2", "true", "renewals please"])("%j is no kind", (text) => {
    expect(kindOf(text)).toBeNull();
  });
});

describe("a row of the file becomes a line or names its problem", () => {
  const headers = ["Policy", "Member", "Type", "Amount"];
  const columns = columnsOf(headers, { policyNumber: "policy", memberName: "Member", kind: "Type", amount: "Amount" });

  it("maps columns by header, without case; names the fields whose column is missing", () => {
    expect(columns).toEqual({ policyNumber: 0, memberName: 1, kind: 2, amount: 3 });
    expect(
      unmappedFields(headers, { policyNumber: "Policy #", memberName: "Member", kind: "Kind", amount: "Amount" }),
    ).toEqual(["policyNumber", "kind"]);
  });

  it("reads a good row, a chargeback in brackets, a formula kept as text", () => {
    expect(readRow(["MA-1", "Ann Lee", "Renewal", "$1,250.50"], columns)).toMatchObject({
      policyNumber: "MA-1",
      kind: "renewal",
      amountCents: 125050,
      problem: null,
    });
    expect(readRow(["MA-1", "Ann", "CB", "(80.00)"], columns)).toMatchObject({
      kind: "chargeback",
      amountCents: -8000,
    });
    expect(readRow(["=HYPERLINK(1)", "@SUM(A1)", "new", "1"], columns)).toMatchObject({
      policyNumber: "=HYPERLINK(1)",
      memberName: "@SUM(A1)",
      problem: null,
    });
  });

  it("names each problem", () => {
    expect(readRow(["", "Ann", "new", "1"], columns).problem).toBe(NO_POLICY_NUMBER);
    expect(readRow(["MA-1", "Ann", "new", "N/A"], columns).problem).toBe("The amount is not a number: “N/A”.");
    expect(readRow(["MA-1", "Ann", "new", "=1+2"], columns).problem).toBe("The amount is not a number: “=1+2”.");
    expect(readRow(["MA-1", "Ann", "new"], columns).problem).toBe("The amount is blank.");
    expect(readRow(["MA-1", "Ann", "bonus", "1"], columns).problem).toBe(unknownKind("bonus"));
    expect(readRow(["MA-1", "Ann", "chargeback", "12.00"], columns).problem).toBe(POSITIVE_CHARGEBACK);
    expect(readRow(["MA-1", "Ann", "renewal", "-12.00"], columns).problem).toBe(NEGATIVE_PAYMENT);
    expect(readRow(["MA-1", "Ann", "renewal", "1.234"], columns).problem).toBe(
      "The amount has more than two decimals: “1.234”.",
    );
  });
});
