/**
 * Learning Center routes (issue 12, docs/upstream-api.md "Learning Center"): the resources of the three
 * libraries — GET /api/learning_center/resources (paged, searched, sorted, filtered by carrier and product; without
 * `library`, every library: the hub's search), GET /api/learning_center/resources/:id and
 * GET /api/learning_center/resources/:id/attachments/:attachmentId (the bytes).
 * Storage: learning_resources, learning_attachments (learning-center/seed.ts), names from carriers and products.
 * Who sees what is decided here, never by the portal: a resource for `agencies` is seen by agencies and admins
 * only (absent from an agent's lists, 404 for one); carriers have no learning center (403).
 */
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { LEARNING_LIBRARIES, type LearningLibrary } from "../../../app/domain/learning-center.ts";
import type {
  LearningResource,
  LearningResourceSummary,
  LearningResourcesResponse,
} from "../../../app/.server/upstream/schemas/learning-center.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { parseTableQuery, positiveInt, scalar, type TableQuery } from "../core/paging.ts";
import { todayIso } from "../core/today.ts";
import { sendStoredFile } from "../core/uploads.ts";

type User = SessionRecord["user"];
type Authed = Response<unknown, { session: SessionRecord }>;

export const CARRIERS_NO_LEARNING_CENTER = "Carriers have no learning center";
export const INVALID_LIBRARY = `library must be one of ${LEARNING_LIBRARIES.join(", ")}`;
export const resourceNotFound = (id: string) => `No learning center resource with id ${id}`;
export const attachmentNotFound = (id: string) => `No attachment with id ${id}`;

/** The sortable columns and their SQL; ties are broken by id in the same direction. */
const SORT_COLUMNS = {
  title: "r.title COLLATE NOCASE",
  category: "r.category COLLATE NOCASE",
  carrierName: "c.name COLLATE NOCASE",
  productName: "p.name COLLATE NOCASE",
  updatedAt: "r.updated_at",
} as const;
export type LearningSortColumn = keyof typeof SORT_COLUMNS;

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

class QueryError extends Error {}

export interface LearningQuery extends TableQuery<LearningSortColumn> {
  library: LearningLibrary | null;
  carrierId: number | null;
  productId: number | null;
}

function libraryOf(raw: string | undefined): LearningLibrary | null {
  if (raw === undefined || raw === "") return null;
  const found = LEARNING_LIBRARIES.find((l) => l === raw);
  if (!found) throw new QueryError(INVALID_LIBRARY);
  return found;
}

/** Paging, search and sort forgiving (as every list); a malformed library or filter is a 422 (QueryError). */
export function parseLearningQuery(source: Record<string, unknown>): LearningQuery {
  const idFilter = (name: "carrierId" | "productId"): number | null => {
    const raw = scalar(source[name]);
    if (raw === undefined || raw === "") return null;
    const id = positiveInt(raw);
    if (id == null) throw new QueryError(`${name} must be a positive integer`);
    return id;
  };
  return {
    ...parseTableQuery(source, SORT_COLUMNS),
    library: libraryOf(scalar(source.library)),
    carrierId: idFilter("carrierId"),
    productId: idFilter("productId"),
  };
}

const SELECT = `SELECT r.*, c.name AS carrier_name, p.name AS product_name,
    (SELECT COUNT(*) FROM learning_attachments a WHERE a.resource_id = r.id) AS attachment_count
  FROM learning_resources r LEFT JOIN carriers c ON c.id = r.carrier_id LEFT JOIN products p ON p.id = r.product_id`;

/**
 * The resources `user` may see: agencies and admins every one; agents those for everyone. Only published ones
 * whose publish date has come, none of an inactive carrier (issue 22: drafts and scheduled resources are the
 * admin area's; an inactive carrier leaves the Learning Center).
 */
function scopeOf(user: User): { where: string[]; args: (string | number)[] } {
  const where = [
    "r.status = 'published'",
    "(r.publish_on IS NULL OR r.publish_on <= ?)",
    "(r.carrier_id IS NULL OR c.active = 1)",
  ];
  const args: (string | number)[] = [todayIso()];
  return user.role === "Agency" || user.role === "Admin"
    ? { where, args }
    : { where: [...where, "r.audience = 'all'"], args };
}

function summaryFromRow(r: Record<string, unknown>): LearningResourceSummary {
  return {
    id: Number(r.id),
    library: String(r.library) as LearningLibrary,
    title: String(r.title),
    category: String(r.category),
    carrierId: r.carrier_id == null ? null : Number(r.carrier_id),
    carrierName: r.carrier_name == null ? null : String(r.carrier_name),
    productId: r.product_id == null ? null : Number(r.product_id),
    productName: r.product_name == null ? null : String(r.product_name),
    description: String(r.description),
    audience: String(r.audience) === "agencies" ? "agencies" : "all",
    attachmentCount: Number(r.attachment_count),
    updatedAt: String(r.updated_at),
  };
}

const whereSql = (where: string[]) => (where.length ? `WHERE ${where.join(" AND ")}` : "");

export async function learningResources(
  db: ReferenceDb,
  user: User,
  q: LearningQuery,
): Promise<LearningResourcesResponse> {
  const scope = scopeOf(user);
  if (q.library) {
    scope.where.push("r.library = ?");
    scope.args.push(q.library);
  }
  // The filter's choices: what the caller's resources of this library name, before search and filters.
  const choices = async (column: "carrier_id" | "product_id", table: "carriers" | "products") => {
    const rows = await db.client.execute({
      sql: `SELECT DISTINCT t.id, t.name FROM learning_resources r JOIN ${table} t ON t.id = r.${column}
            LEFT JOIN carriers c ON c.id = r.carrier_id
            ${whereSql(scope.where)} ORDER BY t.name COLLATE NOCASE`,
      args: scope.args,
    });
    return rows.rows.map((row) => ({ id: Number(row.id), name: String(row.name) }));
  };
  const [carriers, products] = await Promise.all([
    choices("carrier_id", "carriers"),
    choices("product_id", "products"),
  ]);

  const where = [...scope.where];
  const args = [...scope.args];
  if (q.search) {
    where.push(
      `(instr(lower(r.title), lower(?)) > 0 OR instr(lower(r.description), lower(?)) > 0
        OR instr(lower(r.category), lower(?)) > 0 OR instr(lower(COALESCE(c.name, '')), lower(?)) > 0)`,
    );
    args.push(q.search, q.search, q.search, q.search);
  }
  if (q.carrierId != null) {
    where.push("r.carrier_id = ?");
    args.push(q.carrierId);
  }
  if (q.productId != null) {
    where.push("r.product_id = ?");
    args.push(q.productId);
  }
  const from =
    "FROM learning_resources r LEFT JOIN carriers c ON c.id = r.carrier_id LEFT JOIN products p ON p.id = r.product_id";
  const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n ${from} ${whereSql(where)}`, args });
  const meta = pagingMeta(q, Number(counted.rows[0]?.n ?? 0));
  // No sort: most recently updated first (the order parameter applies to a sorted column only).
  // Resources of every carrier (no carrier or product) sort first ascending, as empty text does.
  const orderBy = q.sort ? `${SORT_COLUMNS[q.sort]} ${q.order}, r.id ${q.order}` : "r.updated_at DESC, r.id DESC";
  const rows = await db.client.execute({
    sql: `${SELECT} ${whereSql(where)} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
  });
  return { resources: rows.rows.map(summaryFromRow), meta, filters: { carriers, products } };
}

/** One resource `user` may see (in `library` when given), with its attachments and links; else null. */
export async function findLearningResource(
  db: ReferenceDb,
  user: User,
  id: number,
  library: LearningLibrary | null,
): Promise<LearningResource | null> {
  const { where, args } = scopeOf(user);
  where.unshift("r.id = ?");
  args.unshift(id);
  if (library) {
    where.push("r.library = ?");
    args.push(library);
  }
  const found = await db.client.execute({ sql: `${SELECT} ${whereSql(where)}`, args });
  const row = found.rows[0];
  if (!row) return null;
  const attachments = await db.client.execute({
    sql: "SELECT id, name, content_type, size FROM learning_attachments WHERE resource_id = ? ORDER BY id",
    args: [id],
  });
  return {
    ...summaryFromRow(row),
    body: row.body == null ? null : String(row.body),
    attachments: attachments.rows.map((a) => ({
      id: Number(a.id),
      name: String(a.name),
      contentType: String(a.content_type),
      size: Number(a.size),
    })),
    links: JSON.parse(String(row.links)) as LearningResource["links"],
  };
}

export function registerLearningCenterRoutes(
  app: Express,
  { db, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  /** Carriers are refused (403); a malformed library or filter is a 422. */
  const guard = (req: Request, res: Authed): LearningQuery | null => {
    if (res.locals.session.user.role === "Carrier") {
      fail(res, 403, CARRIERS_NO_LEARNING_CENTER);
      return null;
    }
    try {
      return parseLearningQuery(req.query as Record<string, unknown>);
    } catch (error) {
      if (error instanceof QueryError) {
        fail(res, 422, error.message);
        return null;
      }
      throw error;
    }
  };

  app.get("/api/learning_center/resources", requireSession, async (req: Request, res: Authed) => {
    const q = guard(req, res);
    if (q) res.json(await learningResources(db, res.locals.session.user, q));
  });

  /** The `:id` resource the caller may see (in ?library= when given); else answers 404 and returns null. */
  const visible = async (req: Request, res: Authed, q: LearningQuery): Promise<LearningResource | null> => {
    const id = positiveInt(scalar(req.params.id));
    const resource = id == null ? null : await findLearningResource(db, res.locals.session.user, id, q.library);
    if (!resource) fail(res, 404, resourceNotFound(String(req.params.id)));
    return resource;
  };

  app.get("/api/learning_center/resources/:id", requireSession, async (req: Request, res: Authed) => {
    const q = guard(req, res);
    const resource = q && (await visible(req, res, q));
    if (resource) res.json({ resource });
  });

  app.get(
    "/api/learning_center/resources/:id/attachments/:attachmentId",
    requireSession,
    async (req: Request, res: Authed) => {
      const q = guard(req, res);
      const resource = q && (await visible(req, res, q));
      if (!resource) return;
      const attachmentId = positiveInt(scalar(req.params.attachmentId));
      const found =
        attachmentId == null
          ? null
          : await db.client.execute({
              sql: "SELECT name, content_type, data FROM learning_attachments WHERE id = ? AND resource_id = ?",
              args: [attachmentId, resource.id],
            });
      const row = found?.rows[0];
      if (!row) return fail(res, 404, attachmentNotFound(String(req.params.attachmentId)));
      sendStoredFile(res, {
        name: String(row.name),
        contentType: String(row.content_type),
        data: new Uint8Array(row.data as ArrayBuffer),
      });
    },
  );
}
