/**
 * Submitted enrollments (issue 12, docs/upstream-api.md): GET /api/submitted_enrollments (the caller's
 * enrollments submitted through the quote tool, paged, searched, sorted and filtered by status and carrier,
 * with the values the filters offer) and POST /api/submitted_enrollments/export (recorded in `exports`;
 * spec §8 'Download was sent to your email'). The same conventions as the book of business.
 * Scope: an agent's own; an agency's own and its downline agents' (user_id, each with its writing agent);
 * an admin's everyone's; a carrier has none (403).
 */
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import { SUBMITTED_ENROLLMENT_STATUSES, type SubmittedEnrollmentStatus } from "../../../app/domain/enrollments.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import type {
  SubmittedEnrollment,
  SubmittedEnrollmentsResponseSchema,
} from "../../../app/.server/upstream/schemas/enrollments.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { parseTableQuery, positiveInt, scalar } from "../core/paging.ts";
import { EXPORT_SENT } from "../book-of-business/routes.ts";

type Response_ = z.infer<typeof SubmittedEnrollmentsResponseSchema>;

export const NO_SUBMITTED_ENROLLMENTS = "Only agents, agencies and administrators have submitted enrollments";
export const ENROLLMENTS_EXPORT_KIND = "submitted_enrollments";

/** The sortable columns and their SQL; ties are broken by id in the same direction. */
const SORT_COLUMNS = {
  confirmationNumber: "e.confirmation_number",
  memberName: "e.member_name COLLATE NOCASE",
  planName: "e.plan_name COLLATE NOCASE",
  carrierName: "c.name COLLATE NOCASE",
  effectiveDate: "e.effective_date",
  status: "e.status",
  submittedAt: "e.submitted_at",
  writingAgent: "e.writing_agent COLLATE NOCASE",
} as const;
export type EnrollmentSortColumn = keyof typeof SORT_COLUMNS;

type Authed = Response<unknown, { session: SessionRecord }>;

class QueryError extends Error {}

export interface EnrollmentQuery {
  page: number;
  perPage: number;
  search: string;
  sort: EnrollmentSortColumn | null;
  order: "ASC" | "DESC";
  status: SubmittedEnrollmentStatus | null;
  carrierId: number | null;
}

/** Paging, search and sort are forgiving; a filter present but malformed is a 422 (as the book of business). */
export function parseEnrollmentQuery(source: Record<string, unknown>): EnrollmentQuery {
  const rawCarrier = scalar(source.carrierId);
  let carrierId: number | null = null;
  if (rawCarrier) {
    carrierId = positiveInt(rawCarrier);
    if (carrierId == null) throw new QueryError("carrierId must be a positive integer");
  }
  const rawStatus = scalar(source.status);
  let status: SubmittedEnrollmentStatus | null = null;
  if (rawStatus) {
    status = SUBMITTED_ENROLLMENT_STATUSES.find((s) => s === rawStatus) ?? null;
    if (!status) throw new QueryError(`status must be one of ${SUBMITTED_ENROLLMENT_STATUSES.join(", ")}`);
  }
  return { ...parseTableQuery(source, SORT_COLUMNS), status, carrierId };
}

const FROM = "FROM submitted_enrollments e JOIN carriers c ON c.id = e.carrier_id";

/** An admin sees every enrollment; anyone else the enrollments of their list (an agency's holds its downline's). */
function scopeOf(user: SessionRecord["user"]): { where: string[]; args: (string | number)[] } {
  return user.role === "Admin" ? { where: [], args: [] } : { where: ["e.user_id = ?"], args: [user.userId] };
}

function whereSql(where: string[]): string {
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

function matching(user: SessionRecord["user"], q: EnrollmentQuery) {
  const { where, args } = scopeOf(user);
  if (q.search) {
    const columns = ["e.member_name", "e.confirmation_number", "e.plan_name", "e.writing_agent"];
    where.push(`(${columns.map((c) => `instr(lower(${c}), lower(?)) > 0`).join(" OR ")})`);
    args.push(...columns.map(() => q.search));
  }
  if (q.status) {
    where.push("e.status = ?");
    args.push(q.status);
  }
  if (q.carrierId != null) {
    where.push("e.carrier_id = ?");
    args.push(q.carrierId);
  }
  return { where, args };
}

async function countMatching(db: ReferenceDb, user: SessionRecord["user"], q: EnrollmentQuery): Promise<number> {
  const { where, args } = matching(user, q);
  const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n ${FROM} ${whereSql(where)}`, args });
  return Number(counted.rows[0]?.n ?? 0);
}

/** The caller's submitted enrollments as asked for; unsorted, the newest submission first. */
export async function submittedEnrollments(
  db: ReferenceDb,
  user: SessionRecord["user"],
  q: EnrollmentQuery,
): Promise<Response_> {
  const scope = scopeOf(user);
  const { where, args } = matching(user, q);
  const meta = pagingMeta(q, await countMatching(db, user, q));
  const orderBy = q.sort ? `${SORT_COLUMNS[q.sort]} ${q.order}, e.id ${q.order}` : "e.submitted_at DESC, e.id DESC";
  const scopeWhere = whereSql(scope.where);
  const [rows, statuses, carriers] = await Promise.all([
    db.client.execute({
      sql: `SELECT e.*, c.name AS carrier_name ${FROM} ${whereSql(where)} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
    }),
    db.client.execute({ sql: `SELECT DISTINCT e.status ${FROM} ${scopeWhere}`, args: scope.args }),
    db.client.execute({
      sql: `SELECT DISTINCT c.id, c.name ${FROM} ${scopeWhere} ORDER BY c.name COLLATE NOCASE, c.id`,
      args: scope.args,
    }),
  ]);
  const enrollments: SubmittedEnrollment[] = rows.rows.map((r) => ({
    id: Number(r.id),
    confirmationNumber: String(r.confirmation_number),
    memberName: String(r.member_name),
    planName: String(r.plan_name),
    productName: String(r.product_name),
    carrierId: Number(r.carrier_id),
    carrierName: String(r.carrier_name),
    effectiveDate: String(r.effective_date),
    status: String(r.status) as SubmittedEnrollmentStatus,
    submittedAt: String(r.submitted_at),
    writingAgent: {
      name: String(r.writing_agent),
      npnNumber: r.writing_agent_npn == null ? null : String(r.writing_agent_npn),
    },
  }));
  const present = new Set(statuses.rows.map((r) => String(r.status)));
  return {
    enrollments,
    meta,
    filters: {
      statuses: SUBMITTED_ENROLLMENT_STATUSES.filter((s) => present.has(s)),
      carriers: carriers.rows.map((r) => ({ id: Number(r.id), name: String(r.name) })),
    },
  };
}

export function registerSubmittedEnrollmentRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  const mayHave = (res: Authed): boolean => {
    if (res.locals.session.user.role !== "Carrier") return true;
    res.status(403).json({ error: NO_SUBMITTED_ENROLLMENTS });
    return false;
  };

  const readQuery = (req: Request, res: Response, withBody: boolean): EnrollmentQuery | null => {
    const body = withBody && req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
    try {
      return parseEnrollmentQuery({ ...(req.query as Record<string, unknown>), ...(body as Record<string, unknown>) });
    } catch (error) {
      if (error instanceof QueryError) {
        res.status(422).json({ error: error.message });
        return null;
      }
      throw error;
    }
  };

  app.get("/api/submitted_enrollments", requireSession, async (req, res: Authed) => {
    if (!mayHave(res)) return;
    const q = readQuery(req, res, false);
    if (!q) return;
    res.json(await submittedEnrollments(db, res.locals.session.user, q));
  });

  app.post("/api/submitted_enrollments/export", requireSession, async (req, res: Authed) => {
    if (!mayHave(res)) return;
    const q = readQuery(req, res, true);
    if (!q) return;
    const { user } = res.locals.session;
    const params = {
      search: q.search,
      sort: q.sort,
      order: q.order,
      status: q.status,
      carrierId: q.carrierId,
      totalCount: await countMatching(db, user, q),
    };
    await db.client.execute({
      sql: "INSERT INTO exports (user_id, kind, params, created_at) VALUES (?, ?, ?, ?)",
      args: [user.userId, ENROLLMENTS_EXPORT_KIND, JSON.stringify(params), new Date().toISOString()],
    });
    logger.info({ userId: user.userId, ...params }, "submitted enrollments export requested");
    res.status(202).json({ message: EXPORT_SENT });
  });
}
