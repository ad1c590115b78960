/**
 * The payout entries section's records (issue 23 §3): one-time payments (amount > 0) and deductions (amount < 0)
 * not tied to a statement line, pending until an administrator other than their creator approves or rejects them.
 * Only approved entries reach a total. Pure types and the few rules the pages and the upstream share.
 */
import { formatPeriod } from "~/domain/formats";

export const PAYOUT_KINDS = ["bonus", "fee", "advance", "chargeback_recovery", "correction"] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];

export const PAYOUT_STATUSES = ["pending", "approved", "rejected"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PAYOUT_DIRECTIONS = ["payment", "deduction"] as const;
export type PayoutDirection = (typeof PAYOUT_DIRECTIONS)[number];

export const PAYOUT_KIND_LABELS: Record<PayoutKind, string> = {
  bonus: "Bonus",
  fee: "Fee",
  advance: "Advance",
  chargeback_recovery: "Chargeback recovery",
  correction: "Correction",
};

export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  pending: "Pending approval",
  approved: "Approved",
  rejected: "Rejected",
};

export const PAYOUT_DIRECTION_LABELS: Record<PayoutDirection, string> = {
  payment: "Payment to the agent",
  deduction: "Deduction from the agent",
};

/** A kind's usual direction: fees and chargeback recoveries take money back; a correction goes either way. */
export const DEFAULT_DIRECTION: Record<PayoutKind, PayoutDirection> = {
  bonus: "payment",
  fee: "deduction",
  advance: "payment",
  chargeback_recovery: "deduction",
  correction: "payment",
};

/** Why the creator of an entry sees no Approve or Reject (and the upstream refuses them). */
export const OWN_ENTRY = "You created this entry: another administrator must approve it.";
/** A decided entry is final. */
export const DECIDED_ENTRY = "This entry is decided: an approved or rejected entry never changes.";

export const MAX_MEMO = 500;

/** The status tags' colors. */
export const PAYOUT_STATUS_COLORS = { pending: "yellow", approved: "green", rejected: "red" } as const;

/** "2025-03" → "March 2025": the portal's one way to show a period (domain/formats.ts). */
export const periodText = formatPeriod;

/** A period as YYYY-MM with a real month. */
export const isPeriod = (value: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export interface PayoutPerson {
  id: number;
  name: string;
}

export interface AdminPayoutEntry {
  id: number;
  /** The agent or agency paid (or charged). */
  agent: PayoutPerson & { role: "Agent" | "Agency" };
  kind: PayoutKind;
  /** Whole cents; negative: a deduction. */
  amountCents: number;
  memo: string;
  policy: { id: number; policyNumber: string } | null;
  /** YYYY-MM */
  period: string;
  status: PayoutStatus;
  createdBy: PayoutPerson;
  createdAt: string;
  /** Who approved or rejected it (never its creator), and when; null while pending. */
  decidedBy: PayoutPerson | null;
  decidedAt: string | null;
  decisionNote: string | null;
  /** The asking administrator created it: they may edit or delete it while pending, never approve or reject it. */
  createdByYou: boolean;
  /** One more at every change (issue 35 §2): Approve and Reject carry the version the page showed. */
  version: number;
}
