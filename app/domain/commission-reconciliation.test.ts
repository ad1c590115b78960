import { describe, expect, it } from "vitest";
import {
  type BookPolicy,
  type PaidEntry,
  type PaidLine,
  expectedCommission,
  figuresThatDiffer,
  firstPayingPeriod,
  inquiryHrefFor,
  isPeriod,
  periodLabel,
  reconcile,
} from "./commission-reconciliation";

const PERIOD = "2026-09";
const TERMS = { carrierProductId: 101, initialCents: 45_000, renewalCents: 3_200 };

let nextId = 1;
function policy(overrides: Partial<BookPolicy> = {}): BookPolicy {
  const id = nextId++;
  return {
    id,
    policyNumber: `MA-${1000 + id}`,
    memberName: `Member ${id}`,
    status: "Active",
    effectiveDate: "2025-03-01",
    carrierProductId: 101,
    carrierId: 1,
    carrierName: "Blue Harbor Health",
    productName: "Medicare Advantage",
    ...overrides,
  };
}

function line(p: BookPolicy | null, amountCents: number, overrides: Partial<PaidLine> = {}): PaidLine {
  return {
    id: nextId++,
    policyId: p?.id ?? null,
    policyNumber: p?.policyNumber ?? "XX-1",
    memberName: p?.memberName ?? "Stranger",
    carrierId: 1,
    carrierName: "Blue Harbor Health",
    type: "Renewal",
    level: 0,
    amountCents,
    ...overrides,
  };
}

function entry(policyId: number | null, amountCents: number, kind = "correction"): PaidEntry {
  return { id: nextId++, policyId, kind, memo: "Correction: commission missing from the statement", amountCents };
}

describe("periods", () => {
  it("a period is YYYY-MM with a real month", () => {
    expect(isPeriod("2026-09")).toBe(true);
    for (const bad of ["2026-13", "2026-00", "2026-9", "26-09", "2026-09-01", " 2026-09", ""]) {
      expect(isPeriod(bad)).toBe(false);
    }
  });

  it("labels a period as the Commissions page does", () => {
    expect(periodLabel("2026-09")).toBe("September 2026");
    expect(periodLabel("nope")).toBe("nope");
  });

  it("a policy first pays in the period after its effective month (the statements' rule), across a year end", () => {
    expect(firstPayingPeriod("2026-08-01")).toBe("2026-09");
    expect(firstPayingPeriod("2025-12-15")).toBe("2026-01");
  });
});

describe("expectedCommission: issue 25 §3 'active, effective before the period, carrier's schedule'", () => {
  it("the first period after the effective month: the schedule's initial amount", () => {
    expect(expectedCommission({ status: "Active", effectiveDate: "2026-08-01" }, TERMS, PERIOD)).toEqual({
      due: true,
      kind: "initial",
      cents: 45_000,
      why: "Active, effective 08/01/2026: the carrier's schedule pays $450.00 in the first period after the effective month.",
    });
  });

  it("every later period: the schedule's renewal amount", () => {
    expect(expectedCommission({ status: "Active", effectiveDate: "2025-03-01" }, TERMS, PERIOD)).toEqual({
      due: true,
      kind: "renewal",
      cents: 3_200,
      why: "Active since 03/01/2025: the carrier's schedule pays a renewal of $32.00 each period.",
    });
  });

  it.each(["Terminated", "Canceled", "Pending"])("inactive (%s): nothing due", (status) => {
    expect(expectedCommission({ status, effectiveDate: "2025-03-01" }, TERMS, PERIOD)).toEqual({
      due: false,
      reason: "inactive",
      why: `The policy is ${status.toLowerCase()}: only active policies are paid.`,
    });
  });

  it("effective after the period: nothing due", () => {
    expect(expectedCommission({ status: "Active", effectiveDate: "2026-10-01" }, TERMS, PERIOD)).toEqual({
      due: false,
      reason: "effective-after-period",
      why: "Effective 10/01/2026, after September 2026.",
    });
  });

  it("effective within the period: not yet due (the first payment is the next period's)", () => {
    expect(expectedCommission({ status: "Active", effectiveDate: "2026-09-15" }, TERMS, PERIOD)).toEqual({
      due: false,
      reason: "not-yet-due",
      why: "Effective 09/15/2026: the first payment is due in the October 2026 statement.",
    });
  });

  it("no schedule for the carrier product: nothing to hold a payment against", () => {
    expect(expectedCommission({ status: "Active", effectiveDate: "2025-03-01" }, undefined, PERIOD)).toMatchObject({
      due: false,
      reason: "no-schedule",
    });
  });
});

describe("reconcile: missing, short, over and unexpected payments", () => {
  const schedule = [TERMS];

  it("classifies every case and lists the discrepancies with what was expected and why", () => {
    const paid = policy();
    const missing = policy();
    const short = policy();
    const over = policy({ effectiveDate: "2026-08-01" });
    const terminatedPaid = policy({ status: "Terminated" });
    const notYetDue = policy({ effectiveDate: "2026-09-01" });
    const later = policy({ effectiveDate: "2026-12-01" });
    const inactive = policy({ status: "Canceled" });
    const result = reconcile({
      period: PERIOD,
      policies: [paid, missing, short, over, terminatedPaid, notYetDue, later, inactive],
      schedule,
      lines: [
        line(paid, 3_200),
        line(short, 1_600),
        line(over, 45_000, { type: "Initial" }),
        line(over, 9_900, { type: "True-up" }),
        line(terminatedPaid, 3_200),
        line(null, 2_500),
      ],
      entries: [],
    });
    const byPolicy = new Map(result.rows.map((r) => [r.policyNumber, r]));
    expect(byPolicy.get(paid.policyNumber)).toMatchObject({ status: "paid", expectedCents: 3_200, differenceCents: 0 });
    expect(byPolicy.get(missing.policyNumber)).toMatchObject({
      status: "missing",
      expectedCents: 3_200,
      receivedCents: 0,
      differenceCents: -3_200,
      why: "Active since 03/01/2025: the carrier's schedule pays a renewal of $32.00 each period.",
      receivedAs: [],
    });
    expect(byPolicy.get(short.policyNumber)).toMatchObject({
      status: "short",
      expectedCents: 3_200,
      receivedCents: 1_600,
      differenceCents: -1_600,
      receivedAs: ["Renewal $16.00"],
    });
    expect(byPolicy.get(over.policyNumber)).toMatchObject({
      status: "over",
      expectedCents: 45_000,
      receivedCents: 54_900,
      differenceCents: 9_900,
    });
    expect(byPolicy.get(terminatedPaid.policyNumber)).toMatchObject({
      status: "unexpected",
      expectedCents: 0,
      receivedCents: 3_200,
      differenceCents: 3_200,
      why: "Not expected: the policy is terminated: only active policies are paid.",
    });
    expect(byPolicy.get("XX-1")).toMatchObject({
      status: "unexpected",
      policyId: null,
      why: "Not expected: the policy is not in your book of business.",
    });
    // Nothing due and nothing paid: listed apart, with the reason.
    expect(result.notExpected.map((n) => [n.policy.id, n.reason])).toEqual([
      [notYetDue.id, "not-yet-due"],
      [later.id, "effective-after-period"],
      [inactive.id, "inactive"],
    ]);
    expect(result.counts).toEqual({ missing: 1, short: 1, unexpected: 2, over: 1, paid: 1 });
    // What is owed first.
    expect(result.discrepancies.map((r) => r.status)).toEqual(["missing", "short", "unexpected", "unexpected", "over"]);
  });

  it("a payment on a policy not yet due, or effective after the period, is unexpected", () => {
    const early = policy({ effectiveDate: "2026-09-01" });
    const future = policy({ effectiveDate: "2027-01-01" });
    const result = reconcile({
      period: PERIOD,
      policies: [early, future],
      schedule,
      lines: [line(early, 45_000, { type: "Initial" }), line(future, 3_200)],
      entries: [],
    });
    expect(result.rows.map((r) => [r.policyId, r.status])).toEqual([
      [early.id, "unexpected"],
      [future.id, "unexpected"],
    ]);
    expect(result.notExpected).toEqual([]);
  });

  it("a chargeback on a due policy is short; a payment and its reversal on a policy with nothing due is not listed", () => {
    const charged = policy();
    const reversed = policy({ status: "Terminated" });
    const result = reconcile({
      period: PERIOD,
      policies: [charged, reversed],
      schedule,
      lines: [line(charged, -15_000, { type: "Chargeback" }), line(reversed, 3_200), line(reversed, -3_200)],
      entries: [],
    });
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ policyId: charged.id, status: "short", differenceCents: -18_200 });
    expect(result.notExpected.map((n) => n.policy.id)).toEqual([reversed.id]);
  });

  it("an approved entry about a policy counts as its payment; other entries are received but no policy's", () => {
    const corrected = policy();
    const result = reconcile({
      period: PERIOD,
      policies: [corrected],
      schedule,
      lines: [],
      entries: [entry(corrected.id, 3_200), entry(null, 25_000, "bonus"), entry(99_999, -1_000, "fee")],
    });
    expect(result.rows[0]).toMatchObject({ status: "paid", receivedAs: ["Correction $32.00"] });
    expect(result.otherEntries.map((e) => e.amountCents)).toEqual([25_000, -1_000]);
  });

  it("the received totals are the Commissions page's: street, overrides and entries, each counted once", () => {
    const own = policy();
    const lines = [
      line(own, 3_200),
      line(null, 1_111),
      line(null, 320, { level: 1 }),
      line(null, 160, { level: 2 }),
      line(null, -50, { level: 1, type: "Chargeback" }),
    ];
    const entries = [entry(own.id, 100), entry(null, 5_000, "bonus")];
    const { totals } = reconcile({ period: PERIOD, policies: [own], schedule, lines, entries });
    expect(totals).toEqual({
      expectedCents: 3_200,
      receivedOnPoliciesCents: 3_300 + 1_111,
      differenceCents: 1_111 + 100,
      streetCents: 4_311,
      overridesCents: 430,
      entriesCents: 5_100,
      receivedCents: 4_311 + 430 + 5_100,
    });
    expect(figuresThatDiffer(totals, { streetCents: 4_311, overridesCents: 430, entriesCents: 5_100 })).toEqual([]);
    expect(figuresThatDiffer(totals, { streetCents: 4_310, overridesCents: 430, entriesCents: 0 })).toEqual([
      "street commission",
      "payout entries",
    ]);
  });

  it("an empty book and no payments: nothing to check, zero totals", () => {
    const result = reconcile({ period: PERIOD, policies: [], schedule, lines: [], entries: [] });
    expect(result.rows).toEqual([]);
    expect(result.totals.receivedCents).toBe(0);
    expect(result.counts.missing).toBe(0);
  });
});

describe("inquiryHrefFor: one click to a pre-filled Commission Inquiry", () => {
  it("carries the carrier, the policy, the period and the difference in cents", () => {
    const [row] = reconcile({
      period: PERIOD,
      policies: [policy({ policyNumber: "MS-1134623", carrierId: 2 })],
      schedule: [TERMS],
      lines: [],
      entries: [],
    }).rows;
    expect(inquiryHrefFor(row!, PERIOD)).toBe(
      "/commission_inquiry?new&carrierId=2&policy=MS-1134623&period=2026-09&difference=-3200",
    );
  });
});
