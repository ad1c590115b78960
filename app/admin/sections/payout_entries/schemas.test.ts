import { describe, expect, it } from "vitest";
import { VERSION_MISSING } from "~/domain/record-version";
import { AMOUNT_POSITIVE, AMOUNT_ZERO, approveSchema, entryBody, entrySchema, rejectSchema } from "./schemas";

const form = (over: Record<string, string> = {}) => ({
  userId: "1",
  kind: "bonus",
  direction: "payment",
  amount: "$1,234.50",
  period: "03/2025",
  memo: "Bonus",
  ...over,
});

describe("a payout entry's form (issue 23 §3)", () => {
  it("cleans the amount as spec §5 says, into whole cents, signed by the direction", () => {
    const paid = entrySchema.parse(form());
    expect(paid.amount).toBe(123450);
    expect(entryBody(paid)).toMatchObject({ amountCents: 123450, policyNumber: null });
    expect(entryBody(entrySchema.parse(form({ direction: "deduction", amount: " 12.3 " }))).amountCents).toBe(-1230);
    // Left empty, the kind's usual direction: a fee is a deduction, a bonus a payment.
    expect(entryBody(entrySchema.parse(form({ direction: "", kind: "fee" }))).amountCents).toBe(-123450);
    expect(entryBody(entrySchema.parse(form({ direction: "", kind: "bonus" }))).amountCents).toBe(123450);
  });

  it("refuses zero, negatives, more than two decimals and anything that is not an amount", () => {
    const problem = (amount: string) => entrySchema.safeParse(form({ amount })).error?.issues[0]?.message;
    expect(problem("0.00")).toBe(AMOUNT_ZERO);
    expect(problem("-5")).toBe(AMOUNT_POSITIVE);
    expect(problem("1.234")).toMatch(/two decimals/);
    expect(problem("N/A")).toMatch(/not a number/);
    expect(problem("")).toBe("Enter the amount");
  });

  it("refuses a malformed period, a missing agent and a long memo", () => {
    expect(entrySchema.safeParse(form({ period: "13/2025" })).success).toBe(false);
    expect(entrySchema.safeParse(form({ period: "2025-03" })).success).toBe(false);
    expect(entrySchema.safeParse(form({ userId: "" })).success).toBe(false);
    expect(entrySchema.safeParse(form({ memo: "x".repeat(501) })).success).toBe(false);
  });

  it("a rejection needs a note", () => {
    expect(rejectSchema.safeParse({ note: "  ", version: "1" }).success).toBe(false);
    expect(rejectSchema.parse({ note: "Duplicate", version: "1" }).note).toBe("Duplicate");
  });

  it("Approve and Reject carry the entry's version the page showed (issue 35 §2), a positive whole number", () => {
    expect(approveSchema.parse({ version: "7" })).toEqual({ version: 7, note: null });
    expect(rejectSchema.parse({ note: "No", version: "12" }).version).toBe(12);
    for (const version of [undefined, "", "0", "-1", "1.5", "x", "1234567890"]) {
      const refused = approveSchema.safeParse({ version });
      expect(refused.error?.issues[0]?.message, String(version)).toBe(VERSION_MISSING);
    }
  });
});
