/**
 * The policy production section's records (issue 23 §4): policies counted per broker and month of their effective
 * date, new enrolments, plan changes and renewals apart, an agency's row rolled up over its whole downline
 * (users.upline_user_id). Pure: types and the month arithmetic the reference API and the pages share.
 */
import dayjs from "dayjs";
import { formatPeriod } from "~/domain/formats";

/** One broker's production over the chosen months (an agency's: its own and its whole downline's). */
export interface ProductionRow {
  /** The broker's user id (the own-policies row of an opened agency: that agency's id). */
  id: number;
  name: string;
  /**
   * What tells brokers of the same name apart (the seed's bulk brokers share 50 names, as real hierarchies share
   * common ones): the National Producer Number, unique to each producer; null for a broker without one.
   */
  npnNumber: string | null;
  kind: "Agent" | "Agency";
  /** The opened agency's own policies, apart from its downline's. */
  own: boolean;
  /** An agency with brokers under it: its row opens its downline. */
  hasDownline: boolean;
  newCount: number;
  planChangeCount: number;
  renewalCount: number;
  total: number;
}

/** One month of the chart: the policies that took effect in it, by kind. */
export interface ProductionMonth {
  /** YYYY-MM */
  month: string;
  newCount: number;
  planChangeCount: number;
  renewalCount: number;
}

export interface ProductionBroker {
  id: number;
  name: string;
}

/** What the page draws above the table: the months, where in the hierarchy it is, the chart's series. */
export interface ProductionSummary {
  /** The first and last month counted (YYYY-MM). */
  from: string;
  to: string;
  /** The newest month whose carrier data is complete (carriers report up to about two weeks late). */
  newestComplete: string;
  /** The opened agency; null: the top level. */
  agency: ProductionBroker | null;
  /** The opened agency's uplines, the top one first (the breadcrumbs between the top level and it). */
  path: ProductionBroker[];
  /** Every month of the range, oldest first, for the rows of this level (whatever the search). */
  series: ProductionMonth[];
}

/** Carriers report up to about two weeks after a month ends. */
export const CARRIER_LAG_DAYS = 14;
/** The months a page shows when its link names none: the last 24 complete ones. */
export const DEFAULT_MONTHS = 24;
/** The widest range a page may ask for. */
export const MAX_MONTHS = 120;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** YYYY-MM `n` months after `month` (negative: before). */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** How many months from `from` to `to`, both counted (0 or less: `to` is before `from`). */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => {
    const [y, m] = month.split("-").map(Number) as [number, number];
    return y * 12 + m;
  };
  return index(to) - index(from) + 1;
}

/**
 * The newest month whose carrier data is in on `today` (UTC): a month is complete CARRIER_LAG_DAYS after it ends,
 * so on May 15 April is, and on May 14 it is not yet (March is the newest).
 */
export function newestCompleteMonth(today: Date): string {
  const lagged = new Date(today.getTime() - CARRIER_LAG_DAYS * 86_400_000);
  return addMonths(lagged.toISOString().slice(0, 7), -1);
}

/** "Mar 26" (the chart's labels). */
export function shortMonth(month: string): string {
  return dayjs(`${month}-01`).format("MMM YY");
}

/** "March 2026": the portal's one way to show a period (domain/formats.ts). */
export const longMonth = formatPeriod;

/** A month's policies of every kind. */
export const monthTotal = (m: ProductionMonth) => m.newCount + m.planChangeCount + m.renewalCount;

/**
 * The agency filter's choices: each agency by its name, and by its name and NPN where two or more share the name
 * (issue 37 §5: "Margaret Scott" three times says nothing about which one).
 */
export function agencyChoicesOf(
  agencies: ReadonlyArray<{ id: number; name: string; npnNumber: string | null }>,
): Array<{ value: string; label: string }> {
  const seen = new Map<string, number>();
  for (const a of agencies) seen.set(a.name, (seen.get(a.name) ?? 0) + 1);
  return agencies.map((a) => ({
    value: String(a.id),
    label: (seen.get(a.name) ?? 0) > 1 && a.npnNumber ? `${a.name} (NPN ${a.npnNumber})` : a.name,
  }));
}
