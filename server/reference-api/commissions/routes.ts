/**
 * Commissions routes (issue 4, docs/upstream-api.md): GET /api/commissions/statements (the caller's
 * commission lines of one monthly period, paged, searched and sorted like the book of business, with
 * the period's totals and the periods that have lines) and GET /api/commissions/payouts (one payout per
 * period, oldest first). Storage: what the locked (published) carrier statements pay each person
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
} from "../../../app/.server/upstream/schemas/commissions.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { parseTableQuery, scalar } from "../core/paging.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { commissionPaidOn } from "../commission-statements/seed.ts";

type CommissionType = CommissionLine["type"];

type StatementsResponse = z.infer<typeof CommissionStatementsResponseSchema>;
type PayoutsResponse = z.infer<typeof CommissionPayoutsResponseSchema>;
type PagingMeta = StatementsResponse["meta"];
type User = SessionRecord["user"];

export const NO_COMMISSIONS = "Only agents, agencies and administrators have commissions";
export const LOA_NO_COMMISSIONS = "LOA users have no commissions";
export const UNKNOWN_PERIOD = "Unknown period";

/** The agents' three kinds of line (a true-up is new business). */
const TYPE_SQL = `CASE l.kind WHEN 'renewal' THEN 'Renewal' WHEN 'chargeback' THEN 'Chargeback' ELSE 'New' END`;

/** The sortable columns and their SQL; ties are broken by id in the same direction. */
const SORT_COLUMNS = {
  memberName: "l.member_name COLLATE NOCASE",
  carrierName: "c.name",
  type: TYPE_SQL,
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
  /** null = the newest period with lines. */
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

const dollars = (cents: unknown): number => Number(cents ?? 0) / 100;

/** The periods with lines, newest first. */
async function periodsOf(db: ReferenceDb, user: User): Promise<string[]> {
  const { where, args } = scopeOf(user);
  const rows = await db.client.execute({
    sql: `SELECT DISTINCT sp.period ${PUBLISHED} ${whereSql(where)} ORDER BY sp.period DESC`,
    args,
  });
  return rows.rows.map((r) => String(r.period));
}

async function statements(
  db: ReferenceDb,
  user: User,
  q: StatementsQuery,
  periods: string[],
): Promise<StatementsResponse> {
  const period = q.period ?? periods[0] ?? null;
  const scope = scopeOf(user);
  scope.where.push("sp.period = ?");
  scope.args.push(period ?? "");
  const where = [...scope.where];
  const args = [...scope.args];
  if (q.search) {
    where.push("(instr(lower(l.member_name), lower(?)) > 0 OR instr(lower(l.policy_number), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n ${FROM} ${whereSql(where)}`, args });
  const totalCount = Number(counted.rows[0]?.n ?? 0);
  // Spec §3 paging meta by the portal's rule: an empty result is one empty page; past the last page, the last.
  const meta: PagingMeta = pagingMeta(q, totalCount);
  const orderBy = q.sort ? `${SORT_COLUMNS[q.sort]} ${q.order}, sp.id ${q.order}` : `sp.id ${q.order}`;
  const [rows, sums] = await Promise.all([
    db.client.execute({
      sql: `SELECT sp.id, sp.period, ${TYPE_SQL} AS type, sp.amount_cents, l.member_name,
                   COALESCE(p.policy_number, l.policy_number) AS policy_number, COALESCE(pr.name, '') AS product_name,
                   c.name AS carrier_name
            ${FROM} ${whereSql(where)} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
    }),
    // Totals of the whole period: not narrowed by the search.
    db.client.execute({
      sql: `SELECT ${TYPE_SQL} AS type, SUM(sp.amount_cents) AS cents ${PUBLISHED} ${whereSql(scope.where)}
            GROUP BY 1`,
      args: scope.args,
    }),
  ]);
  const sumOf = new Map(sums.rows.map((r) => [String(r.type) as CommissionType, Number(r.cents)]));
  const cents = (type: CommissionType) => sumOf.get(type) ?? 0;
  const lines: CommissionLine[] = rows.rows.map((r) => ({
    id: Number(r.id),
    period: String(r.period),
    carrierName: String(r.carrier_name),
    productName: String(r.product_name),
    memberName: String(r.member_name),
    policyNumber: String(r.policy_number),
    type: String(r.type) as CommissionType,
    amount: dollars(r.amount_cents),
    paidOn: commissionPaidOn(String(r.period)),
  }));
  return {
    lines,
    meta,
    totals: {
      total: dollars(cents("New") + cents("Renewal") + cents("Chargeback")),
      newBusiness: dollars(cents("New")),
      renewals: dollars(cents("Renewal")),
      chargebacks: dollars(cents("Chargeback")),
    },
    periods,
    period,
  };
}

async function payouts(db: ReferenceDb, user: User): Promise<PayoutsResponse> {
  const { where, args } = scopeOf(user);
  const rows = await db.client.execute({
    sql: `SELECT sp.period, SUM(sp.amount_cents) AS cents ${PUBLISHED} ${whereSql(where)}
          GROUP BY sp.period ORDER BY sp.period ASC`,
    args,
  });
  return {
    payouts: rows.rows.map((r) => ({
      period: String(r.period),
      amount: dollars(r.cents),
      paidOn: commissionPaidOn(String(r.period)),
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
    const periods = await periodsOf(db, res.locals.session.user);
    if (q.period !== null && !periods.includes(q.period)) return fail(res, 422, UNKNOWN_PERIOD);
    res.json(await statements(db, res.locals.session.user, q, periods));
  });

  app.get("/api/commissions/payouts", requireSession, async (_req, res: Authed) => {
    if (!mayHaveCommissions(res)) return;
    res.json(await payouts(db, res.locals.session.user));
  });
}
