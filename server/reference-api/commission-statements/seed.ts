/**
 * The money seed (issue 23): the carriers' statements over the last 12 monthly periods, their lines and what each
 * line pays (splits.ts), and each carrier's remembered column mapping. Composed by seed/seed.ts; dates are relative to
 * the seed day (seed/seed-dates.ts).
 *
 * - One statement per carrier and period, the newest period's still draft (being reconciled), every older one locked
 *   (published to the agents).
 * - Lines from the books of business (book-of-business/seed.ts): each Active policy pays from the period after its
 *   effective month, by the carrier's schedule (commission-schedules/schedule.ts, issue 25 §3): the initial amount in
 *   that first period, the renewal amount in the others; sometimes (10 %) a true-up instead two periods later, rarely
 *   (3 %) a chargeback instead (both off the schedule: the reconciliation shows them as over and short).
 * - agent@'s newest published period holds one of each discrepancy the reconciliation lists (AGENT_DISCREPANCIES):
 *   a renewal missing from the statement, a renewal paid short, and a renewal paid on a terminated policy.
 * - A few percent of the lines match no policy: the carrier's own member number instead of the policy number (matched
 *   by hand to the policy in a locked statement), or business that is not ours (set aside with a note). In the draft
 *   statements they wait for reconciliation.
 */
import { createHash } from "node:crypto";
import type { InStatement, InValue } from "@libsql/client";
import { BULK_USERS } from "../admin-people/seed.ts";
import { POLICY_INSERT_CHUNK, seedPolicies, seededRandom } from "../book-of-business/seed.ts";
import { SEED_CARRIERS, SEED_CARRIER_PRODUCTS } from "../contracting/seed.ts";
import { SEED_UPLINE_USER_IDS } from "../profile/seed.ts";
import { perSeedDay, type SeedDates } from "../seed/seed-dates.ts";
import { MEMBER_FIRST_NAMES, MEMBER_LAST_NAMES } from "../seed/member-names.ts";
import { seedScheduleByCarrierProduct } from "../commission-schedules/schedule.ts";
import { splitStatements, type MatchedLine } from "./splits.ts";

export const STATEMENT_KINDS = ["initial", "true_up", "renewal", "chargeback"] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

export const STATEMENT_PERIOD_COUNT = 12;

/**
 * agent@'s (user 1) discrepancies in the newest published period (issue 25 §3: "at least one missing, one short and one
 * unexpected payment"): of their renewals of that period in statement order, the first is left out of the statement
 * (missing) and the second paid at half the schedule (short); their first terminated policy is paid a renewal
 * (unexpected). Counted from the policies' order, never from the day, so the same lines every seed day.
 */
export const AGENT_DISCREPANCIES = { userId: 1, missingRenewal: 0, shortRenewal: 1 } as const;

/** The administrator who imports, reconciles and locks the seed's statements (admin@). */
export const SEED_MONEY_ADMIN = 9;

/** The 12 monthly statement periods of the seed (YYYY-MM), oldest first, the newest last month. */
export const statementPeriods = (dates: SeedDates): string[] =>
  Array.from({ length: STATEMENT_PERIOD_COUNT }, (_, i) => dates.monthsAgo(STATEMENT_PERIOD_COUNT - i));

/** The periods the agents see (their statements locked): every seed period but the newest, which is still draft. */
export const publishedPeriods = (dates: SeedDates): string[] => statementPeriods(dates).slice(0, -1);

/** The month after a period (YYYY-MM). */
export function nextPeriod(period: string): string {
  const [year, month] = period.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, "0")}`;
}

/** A period's (YYYY-MM) payment date: the 15th of the following month. */
export function commissionPaidOn(period: string): string {
  return `${nextPeriod(period)}-15`;
}

/** Each carrier's column mapping: the header of its file's column for each field of a line. */
export interface StatementMapping {
  policyNumber: string;
  memberName: string;
  kind: string;
  amount: string;
}

/** The carriers' own column names (what the import remembers after their first statement). */
export const SEED_STATEMENT_MAPPINGS: Readonly<Record<number, StatementMapping>> = {
  1: { policyNumber: "Policy #", memberName: "Member", kind: "Commission Type", amount: "Commission" },
  2: { policyNumber: "Policy Number", memberName: "Insured Name", kind: "Type", amount: "Amount Paid" },
  3: { policyNumber: "Contract ID", memberName: "Member Name", kind: "Comm Type", amount: "Comm Amount" },
  4: { policyNumber: "Policy", memberName: "Subscriber", kind: "Transaction", amount: "Net Commission" },
  5: { policyNumber: "Policy No", memberName: "Beneficiary", kind: "Payment Type", amount: "Payment" },
  6: { policyNumber: "Policy ID", memberName: "Member", kind: "Kind", amount: "Commission $" },
  7: { policyNumber: "Policy", memberName: "Member", kind: "Type", amount: "Amount" },
};

export interface SeedStatement {
  id: number;
  carrierId: number;
  period: string;
  carrierStatementDate: string;
  fileName: string;
  fileSha256: string;
  status: "draft" | "locked";
  importedAt: string;
  lockedAt: string | null;
}

export interface SeedStatementLine {
  id: number;
  statementId: number;
  lineNo: number;
  policyNumber: string;
  memberName: string;
  kind: StatementKind;
  amountCents: number;
  state: "matched" | "unmatched" | "set_aside";
  policyId: number | null;
  agentUserId: number | null;
  matchedBy: number | null;
  note: string | null;
}

export const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** The period (YYYY-MM) after the month of a YYYY-MM-DD date. */
const periodAfter = (date: string) => nextPeriod(date.slice(0, 7));

/** Months from period a to period b (YYYY-MM). */
function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split("-").map(Number) as [number, number];
  const [by, bm] = b.split("-").map(Number) as [number, number];
  return (by - ay) * 12 + (bm - am);
}

export const seedMoney = perSeedDay((dates: SeedDates) => {
  const statements: SeedStatement[] = [];
  const lines: SeedStatementLine[] = [];
  const periods = statementPeriods(dates);
  const newest = periods[periods.length - 1];
  const random = seededRandom(0x57a7e3e7);
  const cents = (from: number, to: number) => Math.round((from + random() * (to - from)) * 100);
  const carrierOf = new Map(SEED_CARRIER_PRODUCTS.map((cp) => [cp.id, cp.carrierId]));
  const paying = seedPolicies(dates).filter((p) => p.status === "Active");
  const scheduleOf = seedScheduleByCarrierProduct();
  const lastPublished = periods[periods.length - 2];
  let agentRenewals = 0;
  const unexpected = seedPolicies(dates).find(
    (p) => p.userId === AGENT_DISCREPANCIES.userId && p.status === "Terminated",
  );
  for (const [p, period] of periods.entries()) {
    const monthsBack = STATEMENT_PERIOD_COUNT - p;
    for (const carrier of SEED_CARRIERS) {
      const statementId = statements.length + 1;
      const locked = period !== newest;
      statements.push({
        id: statementId,
        carrierId: carrier.id,
        period,
        carrierStatementDate: `${nextPeriod(period)}-05`,
        fileName: `${slugOf(carrier.name)}-${period}.csv`,
        fileSha256: createHash("sha256").update(`seed statement ${carrier.id} ${period}`).digest("hex"),
        status: locked ? "locked" : "draft",
        // Imported on the 8th of the next month, locked on the 12th (monthsBack - 1 months ago).
        importedAt: dates.daysAgo(Math.max(0, (monthsBack - 1) * 30 + 20 - 7 - carrier.id), "14:10"),
        lockedAt: locked ? dates.daysAgo(Math.max(0, (monthsBack - 1) * 30 + 20 - 11), "16:30") : null,
      });
      let lineNo = 1;
      const line = (l: Omit<SeedStatementLine, "id" | "statementId" | "lineNo">) =>
        lines.push({ id: lines.length + 1, statementId, lineNo: ++lineNo, ...l });
      for (const policy of paying) {
        if (carrierOf.get(policy.carrierProductId) !== carrier.id) continue;
        const first = periodAfter(policy.effectiveDate);
        if (first > period) continue;
        const age = monthsBetween(first, period);
        const roll = random();
        const schedule = scheduleOf.get(policy.carrierProductId)!;
        const [kind, drawnCents]: [StatementKind, number] =
          age === 0
            ? ["initial", cents(300, 626)]
            : age === 2 && roll < 0.1
              ? ["true_up", cents(50, 200)]
              : roll > 0.97
                ? ["chargeback", -cents(100, 300)]
                : ["renewal", cents(15, 50)];
        // Initials and renewals pay the schedule; their drawn amount is still drawn, so the PRNG's stream (every other
        // line) stays as it was. True-ups and chargebacks are off the schedule.
        let amountCents =
          kind === "initial" ? schedule.initialCents : kind === "renewal" ? schedule.renewalCents : drawnCents;
        let skip = false;
        if (period === lastPublished && policy.userId === AGENT_DISCREPANCIES.userId && kind === "renewal") {
          const n = agentRenewals++;
          if (n === AGENT_DISCREPANCIES.missingRenewal) skip = true;
          if (n === AGENT_DISCREPANCIES.shortRenewal) amountCents = Math.round(amountCents / 2);
        }
        // 2 %: the carrier's own member number instead of the policy number.
        if (random() < 0.02) {
          const memberNumber = `H${String(10000000 + Math.floor(random() * 89999999))}`;
          if (skip) continue;
          line({
            policyNumber: memberNumber,
            memberName: policy.memberName,
            kind,
            amountCents,
            ...(locked
              ? {
                  state: "matched",
                  policyId: policy.id,
                  agentUserId: policy.userId,
                  matchedBy: SEED_MONEY_ADMIN,
                  note: `The carrier's member number ${memberNumber} is policy ${policy.policyNumber}.`,
                }
              : { state: "unmatched", policyId: null, agentUserId: null, matchedBy: null, note: null }),
          });
          continue;
        }
        if (skip) continue;
        line({
          policyNumber: policy.policyNumber,
          memberName: policy.memberName,
          kind,
          amountCents,
          state: "matched",
          policyId: policy.id,
          agentUserId: policy.userId,
          matchedBy: null,
          note: null,
        });
      }
      // agent@'s renewal on a terminated policy (no longer paying: the reconciliation's unexpected payment).
      if (period === lastPublished && unexpected && carrierOf.get(unexpected.carrierProductId) === carrier.id) {
        line({
          policyNumber: unexpected.policyNumber,
          memberName: unexpected.memberName,
          kind: "renewal",
          amountCents: scheduleOf.get(unexpected.carrierProductId)!.renewalCents,
          state: "matched",
          policyId: unexpected.id,
          agentUserId: unexpected.userId,
          matchedBy: null,
          note: null,
        });
      }
      // 1 to 3 lines of business that is not ours: set aside in a locked statement, waiting in a draft.
      const strangers = 1 + Math.floor(random() * 3);
      for (let s = 0; s < strangers; s++) {
        const first = MEMBER_FIRST_NAMES[Math.floor(random() * MEMBER_FIRST_NAMES.length)];
        const last = MEMBER_LAST_NAMES[Math.floor(random() * MEMBER_LAST_NAMES.length)];
        line({
          policyNumber: `XX-${9000000 + Math.floor(random() * 999999)}`,
          memberName: `${first} ${last}`,
          kind: "renewal",
          amountCents: cents(15, 50),
          state: locked ? "set_aside" : "unmatched",
          policyId: null,
          agentUserId: null,
          matchedBy: locked ? SEED_MONEY_ADMIN : null,
          note: locked ? "Not our business: the carrier was asked to move it to the right agency." : null,
        });
      }
    }
  }
  return { statements, lines };
});

/** Every user's upline in the seed (users.upline_user_id). */
export function seedUplines(): Map<number, number> {
  const uplines = new Map<number, number>();
  for (const u of BULK_USERS) if (u.uplineUserId !== null) uplines.set(u.id, u.uplineUserId);
  for (const [id, upline] of Object.entries(SEED_UPLINE_USER_IDS)) uplines.set(Number(id), upline);
  return uplines;
}

function insertRows(table: string, columns: string[], rows: InValue[][]): InStatement[] {
  const statements: InStatement[] = [];
  const chunk = Math.max(1, Math.floor((POLICY_INSERT_CHUNK * 7) / columns.length));
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    statements.push({
      sql: `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${part
        .map(() => `(${columns.map(() => "?").join(", ")})`)
        .join(", ")}`,
      args: part.flat() as InValue[],
    });
  }
  return statements;
}

/** The statements, their lines, the splits of the matched lines, and the carriers' mappings. */
export function moneySeedStatements(dates: SeedDates): InStatement[] {
  const { statements, lines } = seedMoney(dates);
  const statementOf = new Map(statements.map((s) => [s.id, s]));
  const matched: MatchedLine[] = lines
    .filter((l) => l.state === "matched" && l.agentUserId !== null)
    .map((l) => {
      const s = statementOf.get(l.statementId)!;
      return {
        id: l.id,
        amountCents: l.amountCents,
        agentUserId: l.agentUserId!,
        period: s.period,
        carrierId: s.carrierId,
      };
    });
  return [
    ...Object.entries(SEED_STATEMENT_MAPPINGS).map(([carrierId, mapping]) => ({
      sql: "INSERT INTO statement_mappings (carrier_id, mapping, updated_by, updated_at) VALUES (?, ?, ?, ?)",
      args: [Number(carrierId), JSON.stringify(mapping), SEED_MONEY_ADMIN, dates.daysAgo(400)],
    })),
    ...insertRows(
      "commission_statements",
      [
        "id",
        "carrier_id",
        "period",
        "carrier_statement_date",
        "file_name",
        "file_sha256",
        "status",
        "imported_by",
        "imported_at",
        "locked_by",
        "locked_at",
      ],
      statements.map((s) => [
        s.id,
        s.carrierId,
        s.period,
        s.carrierStatementDate,
        s.fileName,
        s.fileSha256,
        s.status,
        SEED_MONEY_ADMIN,
        s.importedAt,
        s.lockedAt ? SEED_MONEY_ADMIN : null,
        s.lockedAt,
      ]),
    ),
    ...insertRows(
      "statement_lines",
      [
        "id",
        "statement_id",
        "line_no",
        "policy_number",
        "member_name",
        "kind",
        "amount_cents",
        "state",
        "policy_id",
        "agent_user_id",
        "matched_by",
        "note",
      ],
      lines.map((l) => [
        l.id,
        l.statementId,
        l.lineNo,
        l.policyNumber,
        l.memberName,
        l.kind,
        l.amountCents,
        l.state,
        l.policyId,
        l.agentUserId,
        l.matchedBy,
        l.note,
      ]),
    ),
    ...splitStatements(matched, seedUplines(), 1),
  ];
}
