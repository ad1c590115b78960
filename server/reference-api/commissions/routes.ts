/**
 * Commissions routes (issue 4, issue 23; docs/upstream-api.md): GET /api/commissions/statements (the caller's
 * commission lines of one published period, paged, searched and sorted like the book of business, each with the
 * statement's kind and whether it is the caller's street commission or an override, the period's summary and the
 * caller's published periods) and GET /api/commissions/payouts (one per published period, oldest first). The
 * figures are totals.ts's (commission-totals/), the same computation as the administrators' commission totals. Storage: what the locked (published) carrier statements pay each person
 * (commission_splits of statement_lines, issue 23); member and policy number as the statement has them, product
 * through the matched policy. Agents and agencies see their own splits, admins every one; LOA agents and carriers
 * get 403.
 */
import type { Express, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type {
  CommissionLine,
  CommissionPayoutsResponseSchema,
  CommissionStatementsResponseSchema,
  CommissionSummary,
} from "../../../app/.server/upstream/schemas/commissions.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { parseTableQuery, scalar } from "../core/paging.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { commissionPaidOn } from "../commission-statements/seed.ts";
import { NO_RECONCILIATION, reconciliationOf } from "./reconciliation.ts";
import { MINIMUM_PAYOUT_CENTS, type PeriodTotal, publishedPeriodsOf, totalsOf } from "../commission-totals/totals.ts";

type StatementsResponse = z.infer<typeof CommissionStatementsResponseSchema>;
type PayoutsResponse = z.infer<typeof CommissionPayoutsResponseSchema>;
type PagingMeta = StatementsResponse["meta"];
type User = SessionRecord["user"];

export const NO_COMMISSIONS = "Only agents, agencies and administrators have commissions";
export const LOA_NO_COMMISSIONS = "LOA users have no commissions";
export const UNKNOWN_PERIOD = "Unknown period";

/** The statement line's kind as the agents read it. */
const TYPE_SQL = `CASE l.kind WHEN 'initial' THEN 'Initial' WHEN 'true_up' THEN 'True-up' WHEN 'renewal' THEN 'Renewal'
  ELSE 'Chargeback' END`;

/** The sortable columns and their SQL; ties are broken by id in the same direction. */
const SORT_COLUMNS = {
  memberName: "l.member_name COLLATE NOCASE",
  carrierName: "c.name",
  type: TYPE_SQL,
  source: "sp.level",
  amount: "sp.amount_cents",
  paidOn: "sp.period",
} as const;
export type CommissionSortColumn = keyof typeof SORT_COLUMNS;
export const COMMISSION_SORT_COLUMN_NAMES = Object.keys(SORT_COLUMNS) as CommissionSortColumn[];

/** Published splits: those of lines of locked statements. */
const PUBLISHED = `FROM commission_splits sp
  JOIN statement_lines l ON l.id = sp.statement_line_id
  JOIN commission_statements s ON s.id = l.statement_id AND s.status = 'locked'`;

const FROM = `${PUBLISHED}
  JOIN carriers c ON c.id = sp.carrier_id
  LEFT JOIN policies p ON p.id = l.policy_id
  LEFT JOIN carrier_products cp ON cp.id = p.carrier_product_id
  LEFT JOIN products pr ON pr.id = cp.product_id`;

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

export interface StatementsQuery {
  /** null = the newest published period. */
  period: string | null;
  page: number;
  perPage: number;
  search: string;
  sort: CommissionSortColumn | null;
  order: "ASC" | "DESC";
}

/** Forgiving, as the book of business (the period is checked against the caller's periods by the route). */
export function parseStatementsQuery(source: Record<string, unknown>): StatementsQuery {
  return {
    period: scalar(source.period) || null,
    ...parseTableQuery(source, SORT_COLUMNS),
  };
}

/** The caller's lines: every line for an admin, else their own. */
function scopeOf(user: User): { where: string[]; args: (string | number)[] } {
  return user.role === "Admin" ? { where: [], args: [] } : { where: ["sp.user_id = ?"], args: [user.userId] };
}

function whereSql(where: string[]): string {
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/** The caller's totals by period (an administrator has none of their own: every published period, no summary). */
async function callerTotals(db: ReferenceDb, user: User): Promise<{ periods: string[]; totals: PeriodTotal[] }> {
  if (user.role === "Admin") return { periods: (await publishedPeriodsOf(db)).reverse(), totals: [] };
  const totals = await totalsOf(db, user.userId);
  return { periods: totals.map((t) => t.period).reverse(), totals };
}

export function summaryOf(total: PeriodTotal): CommissionSummary {
  return {
    streetCents: total.streetCents,
    overridesCents: total.overridesCents,
    entriesCents: total.entriesCents,
    carriedInCents: total.carriedInCents,
    availableCents: total.availableCents,
    payoutCents: total.payoutCents,
    carriedForwardCents: total.carriedForwardCents,
    minimumPayoutCents: MINIMUM_PAYOUT_CENTS,
    paidOn: total.payoutCents !== 0 ? commissionPaidOn(total.period) : null,
    entries: total.entries.map(({ id, kind, memo, amountCents }) => ({ id, kind, memo, amountCents })),
  };
}

async function statements(
  db: ReferenceDb,
  user: User,
  q: StatementsQuery,
  { periods, totals }: { periods: string[]; totals: PeriodTotal[] },
): Promise<StatementsResponse> {
  const period = q.period ?? periods[0] ?? null;
  const scope = scopeOf(user);
  const where = [...scope.where, "sp.period = ?"];
  const args = [...scope.args, period ?? ""];
  if (q.search) {
    // The number as shown (the matched policy's, else the statement's) or as the carrier's file has it.
    where.push(`(instr(lower(l.member_name), lower(?)) > 0 OR instr(lower(l.policy_number), lower(?)) > 0
      OR instr(lower(COALESCE(p.policy_number, '')), lower(?)) > 0)`);
    args.push(q.search, q.search, q.search);
  }
  const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n ${FROM} ${whereSql(where)}`, args });
  const totalCount = Number(counted.rows[0]?.n ?? 0);
  // Spec §3 paging meta by the portal's rule: an empty result is one empty page; past the last page, the last.
  const meta: PagingMeta = pagingMeta(q, totalCount);
  const orderBy = q.sort ? `${SORT_COLUMNS[q.sort]} ${q.order}, sp.id ${q.order}` : `sp.id ${q.order}`;
  const rows = await db.client.execute({
    sql: `SELECT sp.id, sp.period, ${TYPE_SQL} AS type, sp.level, sp.amount_cents, l.member_name,
                 COALESCE(p.policy_number, l.policy_number) AS policy_number, COALESCE(pr.name, '') AS product_name,
                 c.name AS carrier_name
          ${FROM} ${whereSql(where)} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
  });
  const lines: CommissionLine[] = rows.rows.map((r) => ({
    id: Number(r.id),
    period: String(r.period),
    carrierName: String(r.carrier_name),
    productName: String(r.product_name),
    memberName: String(r.member_name),
    policyNumber: String(r.policy_number),
    type: String(r.type) as CommissionLine["type"],
    source: Number(r.level) === 0 ? "Street" : "Override",
    overrideLevel: Number(r.level),
    amountCents: Number(r.amount_cents),
    paidOn: commissionPaidOn(String(r.period)),
  }));
  const total = totals.find((t) => t.period === period);
  return { lines, meta, summary: total ? summaryOf(total) : null, periods, period };
}

function payouts(totals: PeriodTotal[]): PayoutsResponse {
  return {
    payouts: totals.map((t) => ({
      period: t.period,
      earnedCents: t.streetCents + t.overridesCents + t.entriesCents,
      payoutCents: t.payoutCents,
      carriedForwardCents: t.carriedForwardCents,
      paidOn: commissionPaidOn(t.period),
    })),
  };
}

export function registerCommissionRoutes(
  app: Express,
  { db, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  /** The caller may have commissions; else answers 403 and returns false. */
  const mayHaveCommissions = (res: Authed): boolean => {
    const { user } = res.locals.session;
    if (user.role === "Carrier") {
      fail(res, 403, NO_COMMISSIONS);
      return false;
    }
    if (user.loa) {
      fail(res, 403, LOA_NO_COMMISSIONS);
      return false;
    }
    return true;
  };

  app.get("/api/commissions/statements", requireSession, async (req, res: Authed) => {
    if (!mayHaveCommissions(res)) return;
    const q = parseStatementsQuery(req.query as Record<string, unknown>);
    const caller = await callerTotals(db, res.locals.session.user);
    if (q.period !== null && !caller.periods.includes(q.period)) return fail(res, 422, UNKNOWN_PERIOD);
    res.json(await statements(db, res.locals.session.user, q, caller));
  });

  // Issue 25 §3: the period's book, splits and approved entries for the portal's expected-against-received.
  app.get("/api/commissions/reconciliation", requireSession, async (req, res: Authed) => {
    if (!mayHaveCommissions(res)) return;
    const { user } = res.locals.session;
    if (user.role !== "Agent" && user.role !== "Agency") return fail(res, 403, NO_RECONCILIATION);
    const asked = scalar((req.query as Record<string, unknown>).period) || null;
    const { periods } = await callerTotals(db, user);
    if (asked !== null && !periods.includes(asked)) return fail(res, 422, UNKNOWN_PERIOD);
    res.json(await reconciliationOf(db, user, asked ?? periods[0] ?? null, periods));
  });

  app.get("/api/commissions/payouts", requireSession, async (_req, res: Authed) => {
    if (!mayHaveCommissions(res)) return;
    res.json(payouts((await callerTotals(db, res.locals.session.user)).totals));
  });
}
