/**
 * The commission totals section's records (issue 23 §2): per agent (or agency) and published period, street and
 * override commission by carrier, approved payout entries, the balance carried in, the payout and the balance
 * carried forward (server/reference-api/commission-totals/totals.ts computes them, for the agents' Commissions
 * too). Whole cents. Pure types; the upstream contract (contract.server.ts) satisfies them.
 */
import { formatPeriod } from "~/domain/formats";

/** The least payout, in cents: a smaller balance is carried to the next period ($50.00; docs/upstream-api.md). */
export const MINIMUM_PAYOUT_CENTS = 5000;

export const LINE_KINDS = ["initial", "true_up", "renewal", "chargeback"] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const LINE_KIND_LABELS: Record<LineKind, string> = {
  initial: "Initial",
  true_up: "True-up",
  renewal: "Renewal",
  chargeback: "Chargeback",
};

export const ENTRY_KIND_LABELS: Record<string, string> = {
  bonus: "Bonus",
  fee: "Fee",
  advance: "Advance",
  chargeback_recovery: "Chargeback recovery",
  correction: "Correction",
};

export interface CarrierTotal {
  carrierId: number;
  carrierName: string;
  streetCents: number;
  overridesCents: number;
}

/** One row: a user's figures for one period. */
export interface AdminCommissionTotal {
  /** A number for the list's row keys: userId × 1,000,000 + YYYYMM. */
  id: number;
  /** The drill-down's key: "<userId>-<YYYY-MM>" (/admin/commission_totals/1-2025-03). */
  key: string;
  userId: number;
  name: string;
  role: "Agent" | "Agency";
  /** The agency the user writes under (users.upline_user_id), if any. */
  agencyName: string | null;
  period: string;
  /** With a carrier filter: that carrier's only. */
  streetCents: number;
  overridesCents: number;
  entriesCents: number;
  carriedInCents: number;
  payoutCents: number;
  carriedForwardCents: number;
  byCarrier: CarrierTotal[];
}

/** A split of the drill-down: what one statement line paid this user. */
export interface AdminCommissionTotalLine {
  id: number;
  statementId: number;
  carrierName: string;
  policyNumber: string;
  memberName: string;
  kind: LineKind;
  /** 0: street (the writing agent's own); 1, 2: override from the downline. */
  level: number;
  amountCents: number;
}

export interface AdminCommissionTotalEntry {
  id: number;
  kind: string;
  memo: string;
  amountCents: number;
  approvedAt: string | null;
}

/**
 * A row's key as a URL names it, "<userId>-<YYYY-MM>" or the row's number (the list's row menu links by number):
 * its parts, or null.
 */
export function totalKeyOf(raw: string | undefined): { userId: number; period: string } | null {
  const match = /^(\d{1,9})-(\d{4}-(?:0[1-9]|1[0-2]))$/.exec(raw ?? "");
  if (match) {
    const userId = Number(match[1]);
    return userId > 0 ? { userId, period: String(match[2]) } : null;
  }
  const byNumber = /^(\d{1,9})(\d{4})(0[1-9]|1[0-2])$/.exec(raw ?? "");
  if (!byNumber) return null;
  const userId = Number(byNumber[1]);
  return userId > 0 ? { userId, period: `${byNumber[2]}-${byNumber[3]}` } : null;
}

export const totalKey = (userId: number, period: string) => `${userId}-${period}`;
export const totalRowId = (userId: number, period: string) => userId * 1_000_000 + Number(period.replace("-", ""));

/** "2025-03" → "March 2025": the portal's one way to show a period (domain/formats.ts). */
export const periodLabel = formatPeriod;
