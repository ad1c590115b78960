/**
 * The payout entries' seed (issue 23 §3): ~40 one-time payments and deductions over the 12 statement periods, in every
 * state (pending, approved, rejected) and of every kind, for agent@ (1), agency@ (5) and bulk agents. Each is created
 * by admin@ (9) or finance@ (13) and decided by the other one: never by its creator. agent@ has approved entries in
 * published periods (not the newest), so the Commissions page and the totals have some to show.
 * Composed by seed/seed.ts after the money seed; dates are relative to the seed day (seed/seed-dates.ts).
 */
import type { InStatement } from "@libsql/client";
import { BULK_USERS } from "../admin-people/seed.ts";
import { seedPolicies } from "../book-of-business/seed.ts";
import { statementPeriods } from "../commission-statements/seed.ts";
import { perSeedDay, type SeedDates } from "../seed/seed-dates.ts";

export const PAYOUT_KINDS = ["bonus", "fee", "advance", "chargeback_recovery", "correction"] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_STATUSES = ["pending", "approved", "rejected"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** The two administrators who create and decide the entries (admin@ and finance@). */
export const SEED_PAYOUT_ADMINS = [9, 13] as const;

export interface SeedPayoutEntry {
  id: number;
  userId: number;
  kind: PayoutKind;
  /** Negative: a deduction. */
  amountCents: number;
  memo: string;
  policyId: number | null;
  period: string;
  status: PayoutStatus;
  createdBy: number;
  createdAt: string;
  decidedBy: number | null;
  decidedAt: string | null;
  decisionNote: string | null;
}

const MEMOS: Record<PayoutKind, readonly string[]> = {
  bonus: ["Quarterly production bonus", "Annual enrollment period bonus", "Top producer award"],
  fee: ["E&O insurance share", "CRM seat fee", "Lead program fee"],
  advance: ["Advance on pending business", "Advance on annual enrollment period commissions"],
  chargeback_recovery: ["Recovery of a chargeback on a canceled policy", "Chargeback recovery, member disenrolled"],
  correction: ["Correction: renewal rate applied as initial", "Correction: commission missing from the statement"],
};

/** The direction of each kind: fees and chargeback recoveries are deductions, the others payments. */
const SIGN: Record<PayoutKind, 1 | -1> = { bonus: 1, fee: -1, advance: 1, chargeback_recovery: -1, correction: 1 };

export const seedPayoutEntries = perSeedDay((dates: SeedDates): SeedPayoutEntry[] => {
  const periods = statementPeriods(dates);
  const newest = periods.length - 1;
  const policies = seedPolicies(dates);
  const policyOf = (userId: number, n: number) => {
    const own = policies.filter((p) => p.userId === userId);
    return own.length ? own[n % own.length]!.id : null;
  };
  const bulkAgents = BULK_USERS.filter((u) => u.kind === "Agent" && u.status === "active")
    .slice(0, 12)
    .map((u) => u.id);
  const entries: SeedPayoutEntry[] = [];
  const add = (
    userId: number,
    kind: PayoutKind,
    dollars: number,
    periodIndex: number,
    status: PayoutStatus,
    opts: { policy?: boolean; sign?: 1 | -1 } = {},
  ) => {
    const id = entries.length + 1;
    const createdBy = SEED_PAYOUT_ADMINS[id % 2]!;
    const decidedBy = status === "pending" ? null : SEED_PAYOUT_ADMINS[(id + 1) % 2]!;
    // Created in the month after the period (when its statements are reconciled), decided a few days later.
    const daysBack = Math.max(2, (newest - periodIndex) * 30 + 20 - (id % 7));
    const memos = MEMOS[kind];
    entries.push({
      id,
      userId,
      kind,
      amountCents: (opts.sign ?? SIGN[kind]) * Math.round(dollars * 100),
      memo: memos[id % memos.length]!,
      policyId: opts.policy ? policyOf(userId, id) : null,
      period: periods[periodIndex]!,
      status,
      createdBy,
      createdAt: dates.daysAgo(daysBack, "10:15"),
      decidedBy,
      decidedAt: decidedBy == null ? null : dates.daysAgo(Math.max(1, daysBack - 2), "15:40"),
      decisionNote: status === "rejected" ? "Not agreed with the agency: see the ticket." : null,
    });
  };
  // agent@ (1): approved entries in published periods, and one of each other state.
  add(1, "bonus", 250, newest - 2, "approved");
  add(1, "fee", 35, newest - 1, "approved");
  add(1, "correction", 42.5, newest - 3, "approved", { policy: true });
  add(1, "advance", 500, newest - 5, "approved");
  add(1, "chargeback_recovery", 118.2, newest - 1, "rejected", { policy: true });
  add(1, "bonus", 150, newest, "pending");
  add(1, "correction", 12.75, newest, "pending", { policy: true, sign: -1 });
  // agency@ (5)
  add(5, "bonus", 1200, newest - 4, "approved");
  add(5, "fee", 75, newest - 2, "approved");
  add(5, "advance", 2000, newest - 6, "rejected");
  add(5, "correction", 88.4, newest - 1, "pending");
  add(5, "chargeback_recovery", 230.15, newest - 3, "approved");
  // Bulk agents: two or three each, every kind and state, across the periods.
  const cycle: Array<[PayoutKind, PayoutStatus]> = [
    ["bonus", "approved"],
    ["fee", "approved"],
    ["advance", "pending"],
    ["chargeback_recovery", "approved"],
    ["correction", "rejected"],
    ["bonus", "pending"],
    ["fee", "rejected"],
  ];
  for (let n = 0; entries.length < 40; n++) {
    const [kind, status] = cycle[n % cycle.length]!;
    const userId = bulkAgents[n % bulkAgents.length]!;
    add(userId, kind, 20 + ((n * 37) % 480) + (n % 4) * 0.25, n % periods.length, status, {
      policy: kind === "chargeback_recovery" || kind === "correction",
    });
  }
  return entries;
});

export function payoutEntryStatements(dates: SeedDates): InStatement[] {
  return seedPayoutEntries(dates).map((e) => ({
    sql: `INSERT INTO payout_entries (id, user_id, kind, amount_cents, memo, policy_id, period, status, created_by,
            created_at, decided_by, decided_at, decision_note)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      e.id,
      e.userId,
      e.kind,
      e.amountCents,
      e.memo,
      e.policyId,
      e.period,
      e.status,
      e.createdBy,
      e.createdAt,
      e.decidedBy,
      e.decidedAt,
      e.decisionNote,
    ],
  }));
}
