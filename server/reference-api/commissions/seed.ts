/**
 * The commissions seed (issue 4): the commission lines (seedCommissionLines, derived from the policies).
 * Composed by seed/seed.ts; dates are relative to the seed day (seed/seed-dates.ts).
 */
import { POLICY_INSERT_CHUNK, seedPolicies, seededRandom } from "../book-of-business/seed.ts";
import { perSeedDay, type SeedDates } from "../seed/seed-dates.ts";
import type { InStatement } from "@libsql/client";

/* ---- Commissions (issue 4): statement lines per monthly period (GET /api/commissions/…) ---- */

export const COMMISSION_TYPES = ["New", "Renewal", "Chargeback"] as const;
export type CommissionType = (typeof COMMISSION_TYPES)[number];

export const COMMISSION_PERIOD_COUNT = 14;

/** The 14 monthly statement periods of the seed (YYYY-MM), oldest first, the newest last month. */
export const commissionPeriods = (dates: SeedDates): string[] =>
  Array.from({ length: COMMISSION_PERIOD_COUNT }, (_, i) => dates.monthsAgo(COMMISSION_PERIOD_COUNT - i));

/** A period's (YYYY-MM) payment date: the 15th of the following month. */
export function commissionPaidOn(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-15` : `${year}-${String(month + 1).padStart(2, "0")}-15`;
}

export interface SeedCommissionLine {
  id: number;
  userId: number;
  policyId: number;
  /** YYYY-MM */
  period: string;
  type: CommissionType;
  /** Integer cents (sums stay exact); chargebacks are negative. */
  amountCents: number;
  /** YYYY-MM-DD: commissionPaidOn(period). */
  paidOn: string;
}

/**
 * Which accounts earn commissions and the share of their Active policies that pay: agent@ and agency@
 * most (agency@ ≥ 60 lines per period), docs@ and beta@ a few. loa@ (LOA), newagent@ and the rest none.
 */
export const SEED_COMMISSION_SHARES: ReadonlyArray<readonly [userId: number, share: number]> = [
  [1, 0.7],
  [4, 0.4],
  [5, 0.5],
  [6, 0.4],
];

/**
 * The commission lines, derived from seedPolicies (names and policy numbers match the book): a paying
 * Active policy earns from the period after its effective month (within the 14 periods): New
 * (300–626 dollars) in that first period, Renewal (15–50) in the later ones, rarely (3%) a Chargeback
 * (−100 … −300) instead of a renewal. Ids consecutive in (user, period, policy) order.
 */
export const seedCommissionLines = perSeedDay((dates): SeedCommissionLine[] => {
  const lines: SeedCommissionLine[] = [];
  for (const [userId, share] of SEED_COMMISSION_SHARES) {
    const random = seededRandom(0xc0330000 + userId * 104729);
    const cents = (from: number, to: number) => Math.round((from + random() * (to - from)) * 100);
    const paying = seedPolicies(dates).filter((p) => p.userId === userId && p.status === "Active" && random() < share);
    for (const period of commissionPeriods(dates)) {
      for (const policy of paying) {
        const firstPeriod = commissionPeriodAfter(policy.effectiveDate);
        if (firstPeriod > period) continue;
        let type: CommissionType;
        let amountCents: number;
        if (firstPeriod === period) {
          type = "New";
          amountCents = cents(300, 626);
        } else if (random() < 0.03) {
          type = "Chargeback";
          amountCents = -cents(100, 300);
        } else {
          type = "Renewal";
          amountCents = cents(15, 50);
        }
        lines.push({
          id: lines.length + 1,
          userId,
          policyId: policy.id,
          period,
          type,
          amountCents,
          paidOn: commissionPaidOn(period),
        });
      }
    }
  }
  return lines;
});

/** The period (YYYY-MM) after the month of a YYYY-MM-DD date. */
function commissionPeriodAfter(date: string): string {
  return commissionPaidOn(date.slice(0, 7)).slice(0, 7);
}

/** The commission lines (seedCommissionLines). */
export function commissionStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  const commissionLines = seedCommissionLines(dates);
  for (let i = 0; i < commissionLines.length; i += POLICY_INSERT_CHUNK) {
    const chunk = commissionLines.slice(i, i + POLICY_INSERT_CHUNK);
    statements.push({
      sql: `INSERT INTO commission_lines (id, user_id, policy_id, period, type, amount_cents, paid_on)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap((l) => [l.id, l.userId, l.policyId, l.period, l.type, l.amountCents, l.paidOn]),
    });
  }
  return statements;
}
