/**
 * Expected against received commissions (issue 25 §3; docs/decisions/037-commission-reconciliation.md).
 *
 * The issue: "For a period: every policy in the book of business that should have paid (active, effective before the
 * period, carrier's schedule) against the published statement lines and payout entries; missing, short and
 * unexpected payments listed with the amount expected and why it was expected; […] The totals reconcile to the
 * Commissions page exactly."
 *
 * Pure: no I/O, whole cents (cents.ts). The route reads the carriers' schedule and the period's book, splits and
 * approved entries from the upstream and draws what `reconcile` returns.
 */
import { formatCents, sumCents } from "./cents";
import { formatDate, formatPeriod } from "./formats";

/** A monthly statement period, YYYY-MM (the Commissions page's `period`). */
export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isPeriod(value: string): boolean {
  return PERIOD_PATTERN.test(value);
}

/** "2026-09" → "September 2026": the portal's one way to show a period (formats.ts); anything else as it is. */
export const periodLabel = formatPeriod;

/** The period after a period (YYYY-MM). */
export function nextPeriod(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}

/**
 * The first period a policy pays: the one after its effective month. The statements' rule (the reference API's
 * commission-statements/seed.ts: "each Active policy pays from the period after its effective month"); a carrier
 * pays a month in arrears.
 */
export function firstPayingPeriod(effectiveDate: string): string {
  return nextPeriod(effectiveDate.slice(0, 7));
}

/** A policy of the book, as the reconciliation reads it. */
export interface BookPolicy {
  id: number;
  policyNumber: string;
  memberName: string;
  status: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  carrierProductId: number;
  carrierId: number;
  carrierName: string;
  productName: string;
}

/** The carrier's schedule for one carrier product: what a policy pays per period. */
export interface ScheduleTerms {
  carrierProductId: number;
  initialCents: number;
  renewalCents: number;
}

/** Why a policy was not expected to pay in the period. */
export type NotExpectedReason = "inactive" | "not-yet-due" | "effective-after-period" | "no-schedule";

export type Expectation =
  | { due: true; kind: "initial" | "renewal"; cents: number; why: string }
  | { due: false; reason: NotExpectedReason; why: string };

/**
 * What one policy should pay in `period` by its carrier's schedule, and why (issue 25 §3: "active, effective before
 * the period, carrier's schedule"):
 * - only an Active policy pays (spec §1's rewards disclaimer: "policies must be active at payment");
 * - a policy effective after the period has nothing due in it;
 * - a policy effective within the period is not yet due: its first payment is in the next period's statement;
 * - else the schedule's initial amount in the first paying period, its renewal amount in every later one;
 * - a carrier product without a schedule sets no expectation (nothing to hold the statement against).
 */
export function expectedCommission(
  policy: Pick<BookPolicy, "status" | "effectiveDate">,
  terms: Pick<ScheduleTerms, "initialCents" | "renewalCents"> | undefined,
  period: string,
): Expectation {
  const effective = formatDate(policy.effectiveDate);
  if (policy.status !== "Active") {
    return {
      due: false,
      reason: "inactive",
      why: `The policy is ${policy.status.toLowerCase()}: only active policies are paid.`,
    };
  }
  const effectiveMonth = policy.effectiveDate.slice(0, 7);
  if (effectiveMonth > period) {
    return {
      due: false,
      reason: "effective-after-period",
      why: `Effective ${effective}, after ${periodLabel(period)}.`,
    };
  }
  if (effectiveMonth === period) {
    return {
      due: false,
      reason: "not-yet-due",
      why: `Effective ${effective}: the first payment is due in the ${periodLabel(nextPeriod(period))} statement.`,
    };
  }
  if (!terms) {
    return { due: false, reason: "no-schedule", why: "The carrier has no commission schedule for this product." };
  }
  if (firstPayingPeriod(policy.effectiveDate) === period) {
    return {
      due: true,
      kind: "initial",
      cents: terms.initialCents,
      why: `Active, effective ${effective}: the carrier's schedule pays ${formatCents(terms.initialCents)} in the first period after the effective month.`,
    };
  }
  return {
    due: true,
    kind: "renewal",
    cents: terms.renewalCents,
    why: `Active since ${effective}: the carrier's schedule pays a renewal of ${formatCents(terms.renewalCents)} each period.`,
  };
}

/** What one published statement line paid the caller (a split): level 0 is street, 1 and 2 are overrides. */
export interface PaidLine {
  id: number;
  policyId: number | null;
  policyNumber: string;
  memberName: string;
  carrierId: number;
  carrierName: string;
  type: string;
  level: number;
  amountCents: number;
}

/** An approved payout entry of the period; policyId when it is about one policy. */
export interface PaidEntry {
  id: number;
  policyId: number | null;
  kind: string;
  memo: string;
  amountCents: number;
}

/** A policy's payment against its expectation. */
export type PaymentStatus = "missing" | "short" | "over" | "unexpected" | "paid";

/** The order discrepancies are listed in: what is owed first. */
export const PAYMENT_STATUS_ORDER: readonly PaymentStatus[] = ["missing", "short", "unexpected", "over", "paid"];

export const PAYMENT_STATUS_LABEL: Record<PaymentStatus, string> = {
  missing: "Missing",
  short: "Short",
  over: "Over",
  unexpected: "Unexpected",
  paid: "Paid as expected",
};

export interface ReconciliationRow {
  /** policy-<id>, or line-<id> for a line of no policy of the book. */
  key: string;
  policyId: number | null;
  policyNumber: string;
  memberName: string;
  carrierId: number;
  carrierName: string;
  productName: string;
  status: PaymentStatus;
  expectedCents: number;
  receivedCents: number;
  /** received − expected: negative when the carrier owes. */
  differenceCents: number;
  /** Why it was expected (or, for an unexpected payment, why it was not). */
  why: string;
  /** What was received: the statement lines' kinds and the entries, e.g. "Renewal $12.88". */
  receivedAs: string[];
}

export interface NotExpectedPolicy {
  policy: BookPolicy;
  reason: NotExpectedReason;
  why: string;
}

export interface ReconciliationTotals {
  /** What the book should have paid by the schedule. */
  expectedCents: number;
  /** What the book's policies received (street lines and entries about them) plus street lines of no policy. */
  receivedOnPoliciesCents: number;
  /** receivedOnPolicies − expected. */
  differenceCents: number;
  /** The Commissions page's figures for the period: street (level 0), overrides (level ≥ 1), approved entries. */
  streetCents: number;
  overridesCents: number;
  entriesCents: number;
  /** street + overrides + entries: the Commissions page's earned for the period. */
  receivedCents: number;
}

export interface Reconciliation {
  /** Every due policy and every unexpected payment, discrepancies first (PAYMENT_STATUS_ORDER). */
  rows: ReconciliationRow[];
  /** The rows that are not paid as expected. */
  discrepancies: ReconciliationRow[];
  /** Policies with nothing due in the period, and why. */
  notExpected: NotExpectedPolicy[];
  /** Approved entries about no policy of the book (a bonus, a fee): received, but not a policy's payment. */
  otherEntries: PaidEntry[];
  counts: Record<PaymentStatus, number>;
  totals: ReconciliationTotals;
}

const TYPE_OF_ENTRY: Record<string, string> = {
  bonus: "Bonus",
  fee: "Fee",
  advance: "Advance",
  chargeback_recovery: "Chargeback recovery",
  correction: "Correction",
};

function statusOf(expectation: Expectation, received: number, hasPayments: boolean): PaymentStatus | null {
  if (!expectation.due) return hasPayments && received !== 0 ? "unexpected" : null;
  if (!hasPayments) return "missing";
  if (received < expectation.cents) return "short";
  if (received > expectation.cents) return "over";
  return "paid";
}

/**
 * The period's book against what was paid (issue 25 §3). A due policy with no payment is missing, one paid less is
 * short, more is over; a payment (a non-zero net) on a policy with nothing due, or a street line of no policy of the
 * book, is unexpected. A policy's received amount is its street lines plus the approved entries about it (a
 * correction that pays a missed commission settles it). Overrides pay the downline's business, not the book: they
 * count in the received totals only. The totals are the Commissions page's (street, overrides, entries) exactly:
 * every line and entry is counted once.
 */
export function reconcile(input: {
  period: string;
  policies: readonly BookPolicy[];
  schedule: readonly ScheduleTerms[];
  lines: readonly PaidLine[];
  entries: readonly PaidEntry[];
}): Reconciliation {
  const { period, policies, lines, entries } = input;
  const terms = new Map(input.schedule.map((s) => [s.carrierProductId, s]));
  const book = new Map(policies.map((p) => [p.id, p]));
  const street = lines.filter((l) => l.level === 0);
  const linesOf = new Map<number, PaidLine[]>();
  const strayLines: PaidLine[] = [];
  for (const line of street) {
    if (line.policyId !== null && book.has(line.policyId)) {
      linesOf.set(line.policyId, [...(linesOf.get(line.policyId) ?? []), line]);
    } else strayLines.push(line);
  }
  const entriesOf = new Map<number, PaidEntry[]>();
  const otherEntries: PaidEntry[] = [];
  for (const entry of entries) {
    if (entry.policyId !== null && book.has(entry.policyId)) {
      entriesOf.set(entry.policyId, [...(entriesOf.get(entry.policyId) ?? []), entry]);
    } else otherEntries.push(entry);
  }

  const rows: ReconciliationRow[] = [];
  const notExpected: NotExpectedPolicy[] = [];
  for (const policy of policies) {
    const expectation = expectedCommission(policy, terms.get(policy.carrierProductId), period);
    const paidLines = linesOf.get(policy.id) ?? [];
    const paidEntries = entriesOf.get(policy.id) ?? [];
    const received = sumCents([...paidLines, ...paidEntries].map((p) => p.amountCents));
    const status = statusOf(expectation, received, paidLines.length + paidEntries.length > 0);
    if (status === null) {
      if (!expectation.due) notExpected.push({ policy, reason: expectation.reason, why: expectation.why });
      continue;
    }
    const expectedCents = expectation.due ? expectation.cents : 0;
    rows.push({
      key: `policy-${policy.id}`,
      policyId: policy.id,
      policyNumber: policy.policyNumber,
      memberName: policy.memberName,
      carrierId: policy.carrierId,
      carrierName: policy.carrierName,
      productName: policy.productName,
      status,
      expectedCents,
      receivedCents: received,
      differenceCents: received - expectedCents,
      why: expectation.due ? expectation.why : `Not expected: ${lowerFirst(expectation.why)}`,
      receivedAs: [
        ...paidLines.map((l) => `${l.type} ${formatCents(l.amountCents)}`),
        ...paidEntries.map((e) => `${TYPE_OF_ENTRY[e.kind] ?? e.kind} ${formatCents(e.amountCents)}`),
      ],
    });
  }
  for (const line of strayLines) {
    rows.push({
      key: `line-${line.id}`,
      policyId: null,
      policyNumber: line.policyNumber,
      memberName: line.memberName,
      carrierId: line.carrierId,
      carrierName: line.carrierName,
      productName: "",
      status: "unexpected",
      expectedCents: 0,
      receivedCents: line.amountCents,
      differenceCents: line.amountCents,
      why: "Not expected: the policy is not in your book of business.",
      receivedAs: [`${line.type} ${formatCents(line.amountCents)}`],
    });
  }
  rows.sort(
    (a, b) =>
      PAYMENT_STATUS_ORDER.indexOf(a.status) - PAYMENT_STATUS_ORDER.indexOf(b.status) ||
      a.carrierName.localeCompare(b.carrierName) ||
      a.policyNumber.localeCompare(b.policyNumber),
  );
  const counts = Object.fromEntries(PAYMENT_STATUS_ORDER.map((s) => [s, 0])) as Record<PaymentStatus, number>;
  for (const row of rows) counts[row.status] += 1;

  const streetCents = sumCents(street.map((l) => l.amountCents));
  const overridesCents = sumCents(lines.filter((l) => l.level > 0).map((l) => l.amountCents));
  const entriesCents = sumCents(entries.map((e) => e.amountCents));
  const expectedCents = sumCents(rows.map((r) => r.expectedCents));
  const receivedOnPoliciesCents = sumCents(rows.map((r) => r.receivedCents));
  return {
    rows,
    discrepancies: rows.filter((r) => r.status !== "paid"),
    notExpected,
    otherEntries,
    counts,
    totals: {
      expectedCents,
      receivedOnPoliciesCents,
      differenceCents: receivedOnPoliciesCents - expectedCents,
      streetCents,
      overridesCents,
      entriesCents,
      receivedCents: sumCents([streetCents, overridesCents, entriesCents]),
    },
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The Commissions page's figures for the period (its summary), to hold the received totals against. */
export interface CommissionFigures {
  streetCents: number;
  overridesCents: number;
  entriesCents: number;
}

/** Issue 25 §3: "The totals reconcile to the Commissions page exactly": which of the figures differ, if any. */
export function figuresThatDiffer(totals: ReconciliationTotals, figures: CommissionFigures): string[] {
  const differ: string[] = [];
  if (totals.streetCents !== figures.streetCents) differ.push("street commission");
  if (totals.overridesCents !== figures.overridesCents) differ.push("overrides");
  if (totals.entriesCents !== figures.entriesCents) differ.push("payout entries");
  return differ;
}

/**
 * The Commission Inquiry that asks the carrier about one row (issue 25 §3: "one click opens Commission Inquiry
 * pre-filled with the policy, the carrier, the period and the difference"): its URL's query, read back by
 * `inquiryPrefillOf` (tickets.ts).
 */
export function inquiryHrefFor(row: ReconciliationRow, period: string): string {
  const query = new URLSearchParams({
    new: "",
    carrierId: String(row.carrierId),
    policy: row.policyNumber,
    period,
    difference: String(row.differenceCents),
  });
  return `/commission_inquiry?${query.toString().replace(/^new=&/, "new&")}`;
}
