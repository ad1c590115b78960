/**
 * Book of business routes (docs/upstream-api.md): GET /api/book_of_business (the caller's policies,
 * paged, searched, sorted and filtered, with the values the filter selects offer) and
 * POST /api/book_of_business/export (recorded in `exports`; spec §8 'Download was sent to your email').
 * Storage: policies (product and carrier through carrier_products), exports. Agents and agencies see
 * their own policies (policies.user_id), admins every policy, carriers nothing (403).
 */
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type { BookOfBusinessResponseSchema, Policy } from "../../../app/.server/upstream/schemas/book-of-business.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { parseTableQuery, positiveInt, scalar } from "../core/paging.ts";
import { POLICY_STATUSES, type PolicyStatus } from "./seed.ts";

type BookOfBusinessResponse = z.infer<typeof BookOfBusinessResponseSchema>;
type PagingMeta = BookOfBusinessResponse["meta"];
type BookFilters = BookOfBusinessResponse["filters"];

export const NO_BOOK_OF_BUSINESS = "Only agents, agencies and administrators have a book of business";
/** Spec §8 success message. */
export const EXPORT_SENT = "Download was sent to your email";
export const EXPORT_KIND = "book_of_business";

/** The sortable columns and their SQL; ties are broken by id in the same direction. */
const SORT_COLUMNS = {
  memberName: "p.member_name COLLATE NOCASE",
  status: "p.status",
  productName: "pr.name",
  carrierName: "c.name",
  effectiveDate: "p.effective_date",
} as const;
export type SortColumn = keyof typeof SORT_COLUMNS;
export const SORT_COLUMN_NAMES = Object.keys(SORT_COLUMNS) as SortColumn[];

type Authed = Response<unknown, { session: SessionRecord }>;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

class QueryError extends Error {}

/** The table state and filters of a request, normalised. */
export interface BookQuery {
  page: number;
  perPage: number;
  search: string;
  sort: SortColumn | null;
  order: "ASC" | "DESC";
  status: PolicyStatus | null;
  productId: number | null;
  carrierId: number | null;
}

/** One scalar of a query string or JSON body (a repeated query parameter: its first value). */
/**
 * Paging, search and sort are forgiving (a bad value falls back to its default, as the table sends
 * whatever is in the URL); a filter that is present but malformed is a 422 (QueryError).
 */
export function parseBookQuery(source: Record<string, unknown>): BookQuery {
  const idFilter = (name: "productId" | "carrierId"): number | null => {
    const raw = scalar(source[name]);
    if (raw === undefined || raw === "") return null;
    const id = positiveInt(raw);
    if (id == null) throw new QueryError(`${name} must be a positive integer`);
    return id;
  };
  const rawStatus = scalar(source.status);
  let status: PolicyStatus | null = null;
  if (rawStatus) {
    status = POLICY_STATUSES.find((s) => s === rawStatus) ?? null;
    if (!status) throw new QueryError(`status must be one of ${POLICY_STATUSES.join(", ")}`);
  }
  return {
    ...parseTableQuery(source, SORT_COLUMNS),
    status,
    productId: idFilter("productId"),
    carrierId: idFilter("carrierId"),
  };
}

/** Up to PAGE_NUMBER_COUNT page numbers centred on `current` (shifted at either end). */
const FROM = `FROM policies p
  JOIN carrier_products cp ON cp.id = p.carrier_product_id
  JOIN products pr ON pr.id = cp.product_id
  JOIN carriers c ON c.id = cp.carrier_id`;

/** The caller's book: every policy for an admin, else their own. */
function scopeOf(user: SessionRecord["user"]): { where: string[]; args: (string | number)[] } {
  return user.role === "Admin" ? { where: [], args: [] } : { where: ["p.user_id = ?"], args: [user.userId] };
}

function whereSql(where: string[]): string {
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/** The caller's book narrowed by search and filters. */
function matching(user: SessionRecord["user"], q: BookQuery): { where: string[]; args: (string | number)[] } {
  const { where, args } = scopeOf(user);
  if (q.search) {
    where.push("(instr(lower(p.member_name), lower(?)) > 0 OR instr(lower(p.policy_number), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  if (q.status) {
    where.push("p.status = ?");
    args.push(q.status);
  }
  if (q.productId != null) {
    where.push("cp.product_id = ?");
    args.push(q.productId);
  }
  if (q.carrierId != null) {
    where.push("cp.carrier_id = ?");
    args.push(q.carrierId);
  }
  return { where, args };
}

async function countMatching(db: ReferenceDb, user: SessionRecord["user"], q: BookQuery): Promise<number> {
  const { where, args } = matching(user, q);
  const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n ${FROM} ${whereSql(where)}`, args });
  return Number(counted.rows[0]?.n ?? 0);
}

async function bookOfBusiness(
  db: ReferenceDb,
  user: SessionRecord["user"],
  q: BookQuery,
): Promise<BookOfBusinessResponse> {
  const scope = scopeOf(user);
  const { where, args } = matching(user, q);
  const totalCount = await countMatching(db, user, q);
  // Spec §3 paging meta by the portal's rule: an empty result is one empty page; past the last page, the last.
  const meta: PagingMeta = pagingMeta(q, totalCount);
  const orderBy = q.sort ? `${SORT_COLUMNS[q.sort]} ${q.order}, p.id ${q.order}` : `p.id ${q.order}`;

  const scopeWhere = whereSql(scope.where);
  const [rows, statuses, products, carriers] = await Promise.all([
    db.client.execute({
      sql: `SELECT p.id, p.member_name, p.status, p.effective_date, p.policy_number,
                   pr.id AS product_id, pr.name AS product_name, c.id AS carrier_id, c.name AS carrier_name
            ${FROM} ${whereSql(where)} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
      args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
    }),
    db.client.execute({ sql: `SELECT DISTINCT p.status ${FROM} ${scopeWhere}`, args: scope.args }),
    db.client.execute({
      sql: `SELECT DISTINCT pr.id, pr.name, pr.position ${FROM} ${scopeWhere} ORDER BY pr.position, pr.id`,
      args: scope.args,
    }),
    db.client.execute({
      sql: `SELECT DISTINCT c.id, c.name ${FROM} ${scopeWhere} ORDER BY c.name COLLATE NOCASE, c.id`,
      args: scope.args,
    }),
  ]);

  const policies: Policy[] = rows.rows.map((r) => ({
    id: Number(r.id),
    memberName: String(r.member_name),
    status: String(r.status),
    productName: String(r.product_name),
    productId: Number(r.product_id),
    carrierName: String(r.carrier_name),
    carrierId: Number(r.carrier_id),
    effectiveDate: String(r.effective_date),
    policyNumber: String(r.policy_number),
  }));
  const present = new Set(statuses.rows.map((r) => String(r.status)));
  const filters: BookFilters = {
    statuses: POLICY_STATUSES.filter((s) => present.has(s)),
    products: products.rows.map((r) => ({ id: Number(r.id), name: String(r.name) })),
    carriers: carriers.rows.map((r) => ({ id: Number(r.id), name: String(r.name) })),
  };
  return { policies, meta, filters };
}

export function registerBookOfBusinessRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  /** The caller may have a book; else answers 403 and returns false. */
  const mayHaveBook = (res: Authed): boolean => {
    if (res.locals.session.user.role !== "Carrier") return true;
    fail(res, 403, NO_BOOK_OF_BUSINESS);
    return false;
  };

  const readQuery = (req: Request, res: Response, withBody: boolean): BookQuery | null => {
    const body = withBody && req.body && typeof req.body === "object" && !Array.isArray(req.body) ? req.body : {};
    try {
      return parseBookQuery({ ...(req.query as Record<string, unknown>), ...(body as Record<string, unknown>) });
    } catch (error) {
      if (error instanceof QueryError) {
        fail(res, 422, error.message);
        return null;
      }
      throw error;
    }
  };

  app.get("/api/book_of_business", requireSession, async (req, res: Authed) => {
    if (!mayHaveBook(res)) return;
    const q = readQuery(req, res, false);
    if (!q) return;
    res.json(await bookOfBusiness(db, res.locals.session.user, q));
  });

  app.post("/api/book_of_business/export", requireSession, async (req, res: Authed) => {
    if (!mayHaveBook(res)) return;
    const q = readQuery(req, res, true);
    if (!q) return;
    const { userId } = res.locals.session.user;
    const totalCount = await countMatching(db, res.locals.session.user, q);
    const params = {
      search: q.search,
      sort: q.sort,
      order: q.order,
      status: q.status,
      productId: q.productId,
      carrierId: q.carrierId,
      totalCount,
    };
    await db.client.execute({
      sql: "INSERT INTO exports (user_id, kind, params, created_at) VALUES (?, ?, ?, ?)",
      args: [userId, EXPORT_KIND, JSON.stringify(params), new Date().toISOString()],
    });
    logger.info({ userId, ...params }, "book of business export requested");
    res.status(202).json({ message: EXPORT_SENT });
  });
}
