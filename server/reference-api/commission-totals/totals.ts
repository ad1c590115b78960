/**
 * Commission totals (issue 23 §2; docs/decisions/029-money.md, docs/upstream-api.md "Commission totals"): THE one
 * computation of what a person (agent or agency) earns and is paid per period, read by the administrators' totals
 * (/api/admin/commission_totals) and the agents' Commissions (/api/commissions/*), so both always show the same
 * figures.
 *
 * Per user and published period (a period with at least one locked statement), oldest first from the user's first
 * period with business or an approved entry to the newest published period:
 * - street: the user's level-0 splits of locked statements; overrides: their level ≥ 1 splits (both by carrier);
 * - entries: the user's approved payout entries of the period (pending and rejected ones never count; an entry of a
 *   period not published yet waits for it);
 * - carried in: what the period before carried forward (0 for the first);
 * - available = carried in + street + overrides + entries;
 * - payout = available when it reaches MINIMUM_PAYOUT_CENTS, else 0 and the whole available (a negative balance
 *   too) is carried forward to the next period.
 * Whole cents only: SQL SUMs of integers, then sumCents (app/domain/cents.ts).
 */
import type { Client, InValue } from "@libsql/client";
import { MINIMUM_PAYOUT_CENTS } from "../../../app/admin/sections/commission_totals/records.ts";
import { sumCents } from "../../../app/domain/cents.ts";

/** The least payout ($50.00): a smaller (or negative) balance is carried to the next period instead. */
export { MINIMUM_PAYOUT_CENTS };

export interface CarrierTotal {
  carrierId: number;
  carrierName: string;
  streetCents: number;
  overridesCents: number;
}

export interface TotalEntry {
  id: number;
  kind: string;
  memo: string;
  amountCents: number;
  /** ISO: when it was approved. */
  approvedAt: string | null;
}

/** One user's figures for one period. */
export interface PeriodTotal {
  userId: number;
  period: string;
  streetCents: number;
  overridesCents: number;
  entriesCents: number;
  carriedInCents: number;
  availableCents: number;
  payoutCents: number;
  carriedForwardCents: number;
  byCarrier: CarrierTotal[];
  entries: TotalEntry[];
}

/** What a user has in one period before the balance is rolled forward. */
export interface PeriodActivity {
  byCarrier: CarrierTotal[];
  entries: TotalEntry[];
}

/**
 * The balance rolled forward through `periods` (published, oldest first), from the first period in which the user
 * has any activity. Pure.
 */
export function rollForward(
  userId: number,
  periods: readonly string[],
  activity: ReadonlyMap<string, PeriodActivity>,
): PeriodTotal[] {
  const first = periods.findIndex((p) => activity.has(p));
  if (first < 0) return [];
  const totals: PeriodTotal[] = [];
  let carriedInCents = 0;
  for (const period of periods.slice(first)) {
    const { byCarrier, entries } = activity.get(period) ?? { byCarrier: [], entries: [] };
    const streetCents = sumCents(byCarrier.map((c) => c.streetCents));
    const overridesCents = sumCents(byCarrier.map((c) => c.overridesCents));
    const entriesCents = sumCents(entries.map((e) => e.amountCents));
    const availableCents = sumCents([carriedInCents, streetCents, overridesCents, entriesCents]);
    const payoutCents = availableCents >= MINIMUM_PAYOUT_CENTS ? availableCents : 0;
    const carriedForwardCents = availableCents - payoutCents;
    totals.push({
      userId,
      period,
      streetCents,
      overridesCents,
      entriesCents,
      carriedInCents,
      availableCents,
      payoutCents,
      carriedForwardCents,
      byCarrier,
      entries,
    });
    carriedInCents = carriedForwardCents;
  }
  return totals;
}

/** Published periods: those with at least one locked statement, oldest first. */
export async function publishedPeriodsOf(db: { client: Client }): Promise<string[]> {
  const rows = await db.client.execute(
    "SELECT DISTINCT period FROM commission_statements WHERE status = 'locked' ORDER BY period",
  );
  return rows.rows.map((r) => String(r.period));
}

/**
 * Every user's totals (or only `userIds`'s), by user id, each oldest period first. Splits of locked statements
 * only; approved entries of published periods only.
 */
export async function loadTotals(
  db: { client: Client },
  userIds: readonly number[] | null = null,
): Promise<Map<number, PeriodTotal[]>> {
  const periods = await publishedPeriodsOf(db);
  const published = new Set(periods);
  const only = userIds === null ? "" : `AND sp.user_id IN (${userIds.map(() => "?").join(", ") || "NULL"})`;
  const onlyEntries = userIds === null ? "" : `AND e.user_id IN (${userIds.map(() => "?").join(", ") || "NULL"})`;
  const args: InValue[] = userIds === null ? [] : [...userIds];
  const [splits, entries] = await Promise.all([
    db.client.execute({
      sql: `SELECT sp.user_id, sp.period, sp.carrier_id, c.name AS carrier_name,
                   SUM(CASE WHEN sp.level = 0 THEN sp.amount_cents ELSE 0 END) AS street,
                   SUM(CASE WHEN sp.level > 0 THEN sp.amount_cents ELSE 0 END) AS overrides
            FROM commission_splits sp
            JOIN statement_lines l ON l.id = sp.statement_line_id
            JOIN commission_statements s ON s.id = l.statement_id AND s.status = 'locked'
            JOIN carriers c ON c.id = sp.carrier_id
            WHERE 1 = 1 ${only}
            GROUP BY sp.user_id, sp.period, sp.carrier_id
            ORDER BY sp.user_id, sp.period, c.name, sp.carrier_id`,
      args,
    }),
    db.client.execute({
      sql: `SELECT e.id, e.user_id, e.period, e.kind, e.memo, e.amount_cents, e.decided_at FROM payout_entries e
            WHERE e.status = 'approved' ${onlyEntries} ORDER BY e.user_id, e.period, e.id`,
      args,
    }),
  ]);
  const activity = new Map<number, Map<string, PeriodActivity>>();
  const periodOf = (userId: number, period: string): PeriodActivity => {
    let byPeriod = activity.get(userId);
    if (!byPeriod) activity.set(userId, (byPeriod = new Map()));
    let found = byPeriod.get(period);
    if (!found) byPeriod.set(period, (found = { byCarrier: [], entries: [] }));
    return found;
  };
  for (const r of splits.rows) {
    periodOf(Number(r.user_id), String(r.period)).byCarrier.push({
      carrierId: Number(r.carrier_id),
      carrierName: String(r.carrier_name),
      streetCents: Number(r.street),
      overridesCents: Number(r.overrides),
    });
  }
  for (const r of entries.rows) {
    if (!published.has(String(r.period))) continue;
    periodOf(Number(r.user_id), String(r.period)).entries.push({
      id: Number(r.id),
      kind: String(r.kind),
      memo: String(r.memo),
      amountCents: Number(r.amount_cents),
      approvedAt: r.decided_at == null ? null : String(r.decided_at),
    });
  }
  const totals = new Map<number, PeriodTotal[]>();
  for (const [userId, byPeriod] of [...activity].sort(([a], [b]) => a - b)) {
    totals.set(userId, rollForward(userId, periods, byPeriod));
  }
  return totals;
}

/** One user's totals, oldest period first (empty when they have none). */
export async function totalsOf(db: { client: Client }, userId: number): Promise<PeriodTotal[]> {
  return (await loadTotals(db, [userId])).get(userId) ?? [];
}
