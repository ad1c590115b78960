/**
 * The admin area's Learning Center resources (issue 22 §2.2; docs/upstream-api.md "Admin area: Learning Center
 * resources"), mounted under /api/admin behind requireSession and requireAdmin (app.ts): every resource of the three
 * libraries, drafts and scheduled ones included, their attachments (uploaded through the portal, checked by the
 * portal's upload rule) and links. The agents' side (learning-center.ts) shows only what is published, from its
 * publish date, to its audience. The body is stored cleaned by the portal's HTML rules (carriers/routes.ts
 * cleanHtml). Every write is audited (resource "learning_center_resources").
 */
import type { InValue } from "@libsql/client";
import type { Express, Request, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  AdminLearningResourceBodySchema,
  AdminLearningResourcePatchSchema,
  type AdminLearningResourceResponseSchema,
  type AdminLearningResourcesResponseSchema,
  LEARNING_STATES,
} from "../../../app/admin/sections/learning_center_resources/contract.server.ts";
import type {
  AdminLearningResource,
  LearningState,
} from "../../../app/admin/sections/learning_center_resources/records.ts";
import { LEARNING_LIBRARIES, LIBRARIES } from "../../../app/domain/learning-center.ts";
import { MAX_UPLOAD_BYTES } from "../../../app/domain/uploads.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, changesOf, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import { cleanHtml } from "../carriers/routes.ts";
import type { ReferenceDb } from "../core/db.ts";
import { HttpError, readFormData } from "../core/legal-answers-form.ts";
import { parseTableQuery, positiveInt, scalar, type TableQuery } from "../core/paging.ts";
import { todayIso } from "../core/today.ts";
import { readUpload, sendStoredFile } from "../core/uploads.ts";
import { QueryError, enumFilter, idFilter, whereSql } from "../admin/list-support.ts";

const RESOURCE = "learning_center_resources";
export const notFound = (what: string, id: string) => `No ${what} with id ${id}`;
export const UNKNOWN_CARRIER = "There is no carrier with this id.";
export const UNKNOWN_PRODUCT = "There is no product with this id.";
export const PUBLISH_DATE_REQUIRED = "A published resource needs its publish date.";
export const CHOOSE_A_FILE = "Choose the file to attach (image or PDF)";
export const MAX_ATTACHMENTS = 10;
export const TOO_MANY_ATTACHMENTS = `A resource has at most ${MAX_ATTACHMENTS} attachments: remove one first.`;

const SORTS = {
  title: ["r.title COLLATE NOCASE"],
  library: ["r.library"],
  carrier: ["COALESCE(c.name, '') COLLATE NOCASE"],
  publishOn: ["COALESCE(r.publish_on, '')"],
  updatedAt: ["r.updated_at"],
} as const;

const FROM = `learning_resources r LEFT JOIN carriers c ON c.id = r.carrier_id LEFT JOIN products p ON p.id = r.product_id`;
const SELECT = `SELECT r.*, c.name AS carrier_name, p.name AS product_name FROM ${FROM}`;

const STATE_SQL: Record<LearningState, string> = {
  draft: "r.status = 'draft'",
  scheduled: "(r.status = 'published' AND r.publish_on > ?)",
  published: "(r.status = 'published' AND (r.publish_on IS NULL OR r.publish_on <= ?))",
};

function stateOf(status: string, publishOn: string | null): LearningState {
  if (status === "draft") return "draft";
  return publishOn != null && publishOn > todayIso() ? "scheduled" : "published";
}

function resourceQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(
      "(instr(lower(r.title), lower(?)) > 0 OR instr(lower(r.description), lower(?)) > 0 OR instr(lower(r.category), lower(?)) > 0)",
    );
    args.push(q.search, q.search, q.search);
  }
  const library = enumFilter(source, "library", LEARNING_LIBRARIES);
  if (library) {
    where.push("r.library = ?");
    args.push(library);
  }
  for (const [name, column] of [
    ["carrierId", "r.carrier_id"],
    ["productId", "r.product_id"],
  ] as const) {
    const id = idFilter(source, name);
    if (id != null) {
      where.push(`${column} = ?`);
      args.push(id);
    }
  }
  const audience = enumFilter(source, "audience", ["all", "agencies"] as const);
  if (audience) {
    where.push("r.audience = ?");
    args.push(audience);
  }
  const state = enumFilter(source, "state", LEARNING_STATES);
  if (state) {
    where.push(STATE_SQL[state]);
    if (state !== "draft") args.push(todayIso());
  }
  return { q, where, args };
}

function orderBy(q: TableQuery<keyof typeof SORTS>): string {
  if (!q.sort) return "r.updated_at DESC, r.id DESC";
  return [...SORTS[q.sort], "r.id"].map((c) => `${c} ${q.order}`).join(", ");
}

async function resourcesOf(db: ReferenceDb, rows: Record<string, unknown>[]): Promise<AdminLearningResource[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const attachments = await db.client.execute({
    sql: `SELECT id, resource_id, name, content_type, size FROM learning_attachments
          WHERE resource_id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`,
    args: ids,
  });
  return rows.map((r) => {
    const publishOn = r.publish_on == null ? null : String(r.publish_on);
    return {
      id: Number(r.id),
      title: String(r.title),
      library: String(r.library) as AdminLearningResource["library"],
      category: String(r.category),
      carrier: r.carrier_id == null ? null : { id: Number(r.carrier_id), name: String(r.carrier_name ?? "") },
      product: r.product_id == null ? null : { id: Number(r.product_id), name: String(r.product_name ?? "") },
      description: String(r.description),
      body: r.body == null ? null : String(r.body),
      links: JSON.parse(String(r.links)) as AdminLearningResource["links"],
      attachments: attachments.rows
        .filter((a) => Number(a.resource_id) === Number(r.id))
        .map((a) => ({
          id: Number(a.id),
          name: String(a.name),
          contentType: String(a.content_type),
          size: Number(a.size),
        })),
      audience: String(r.audience) === "agencies" ? "agencies" : "all",
      status: String(r.status) === "draft" ? "draft" : "published",
      publishOn,
      state: stateOf(String(r.status), publishOn),
      updatedAt: String(r.updated_at),
    };
  });
}

export async function findResource(db: ReferenceDb, id: number): Promise<AdminLearningResource | null> {
  const found = await db.client.execute({ sql: `${SELECT} WHERE r.id = ?`, args: [id] });
  return (await resourcesOf(db, found.rows))[0] ?? null;
}

/** What the audit compares: the editable fields, as stored. */
function auditView(r: AdminLearningResource): Record<string, unknown> {
  return {
    title: r.title,
    library: r.library,
    category: r.category,
    carrierId: r.carrier?.id ?? null,
    productId: r.product?.id ?? null,
    description: r.description,
    body: r.body,
    links: r.links.length ? r.links : null,
    audience: r.audience,
    status: r.status,
    publishOn: r.publishOn,
  };
}
const AUDIT_FIELDS = [
  "title",
  "library",
  "category",
  "carrierId",
  "productId",
  "description",
  "body",
  "links",
  "audience",
  "status",
  "publishOn",
] as const;

type Body = z.infer<typeof AdminLearningResourceBodySchema>;

export function registerAdminLearningResourceRoutes(
  app: Express,
  { db, logger }: { db: ReferenceDb; logger: Logger },
): void {
  const fail = (res: Response, status: number, error: string) => res.status(status).json({ error });

  const readQuery = (req: Request, res: Response) => {
    try {
      return resourceQuery(req.query as Record<string, unknown>);
    } catch (error) {
      if (error instanceof QueryError) {
        fail(res, 422, error.message);
        return null;
      }
      throw error;
    }
  };

  const idParam = (raw: unknown, res: Response, what: string): number | null => {
    const id = positiveInt(scalar(raw));
    if (id == null) fail(res, 404, notFound(what, String(raw)));
    return id;
  };

  const zodFields = (error: z.ZodError): Record<string, string[]> => {
    const fields: Record<string, string[]> = {};
    for (const issue of error.issues)
      (fields[issue.path.length ? String(issue.path[0]) : "body"] ??= []).push(issue.message);
    return fields;
  };

  /** The problems of a whole body (after a patch is applied): unknown carrier or product, a missing date. */
  const problems = async (b: Body) => {
    const fields: Record<string, string[]> = {};
    if (b.carrierId != null) {
      const found = await db.client.execute({ sql: "SELECT 1 FROM carriers WHERE id = ?", args: [b.carrierId] });
      if (found.rows.length === 0) fields.carrierId = [UNKNOWN_CARRIER];
    }
    if (b.productId != null) {
      const found = await db.client.execute({ sql: "SELECT 1 FROM products WHERE id = ?", args: [b.productId] });
      if (found.rows.length === 0) fields.productId = [UNKNOWN_PRODUCT];
    }
    if (b.status === "published" && !b.publishOn) fields.publishOn = [PUBLISH_DATE_REQUIRED];
    return fields;
  };

  const stored = (b: Body): InValue[] => [
    b.title,
    b.library,
    b.category,
    b.carrierId,
    b.productId,
    b.description,
    cleanHtml(b.body),
    b.audience,
    JSON.stringify(b.links),
    b.status,
    b.publishOn,
  ];

  app.get("/api/admin/learning_center_resources", async (req, res) => {
    const parsed = readQuery(req, res);
    if (!parsed) return;
    const { q, where, args } = parsed;
    const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n FROM ${FROM} ${whereSql(where)}`, args });
    const meta = pagingMeta(q, Number(counted.rows[0]?.n ?? 0));
    const [rows, carriers, products] = await Promise.all([
      db.client.execute({
        sql: `${SELECT} ${whereSql(where)} ORDER BY ${orderBy(q)} LIMIT ? OFFSET ?`,
        args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
      }),
      db.client.execute("SELECT id, name FROM carriers ORDER BY name COLLATE NOCASE, id"),
      db.client.execute("SELECT id, name FROM products ORDER BY position, id"),
    ]);
    const body: z.infer<typeof AdminLearningResourcesResponseSchema> = {
      records: await resourcesOf(db, rows.rows),
      meta,
      facets: {
        library: LIBRARIES.map((l) => ({ value: l.library, label: l.title })),
        carrierId: carriers.rows.map((r) => ({ value: String(Number(r.id)), label: String(r.name) })),
        productId: products.rows.map((r) => ({ value: String(Number(r.id)), label: String(r.name) })),
        audience: [
          { value: "all", label: "Everyone" },
          { value: "agencies", label: "Agencies only" },
        ],
        state: [
          { value: "draft", label: "Draft" },
          { value: "scheduled", label: "Scheduled" },
          { value: "published", label: "Published" },
        ],
      },
    };
    res.json(body);
  });

  app.get("/api/admin/learning_center_resources/export", async (req, res) => {
    const parsed = readQuery(req, res);
    if (!parsed) return;
    const { q, where, args } = parsed;
    await streamCsv(
      res,
      db,
      "learning_center_resources.csv",
      ["Id", "Title", "Library", "Category", "Carrier", "Product", "Audience", "State", "Publish date", "Updated"],
      { sql: `${SELECT} ${whereSql(where)} ORDER BY ${orderBy(q)}`, args },
      (r) => {
        const publishOn = r.publish_on == null ? null : String(r.publish_on);
        return [
          Number(r.id),
          String(r.title),
          LIBRARIES.find((l) => l.library === r.library)?.title ?? String(r.library),
          String(r.category),
          r.carrier_name == null ? "Every carrier" : String(r.carrier_name),
          r.product_name == null ? "Every product" : String(r.product_name),
          r.audience === "agencies" ? "Agencies only" : "Everyone",
          stateOf(String(r.status), publishOn),
          publishOn ?? "",
          String(r.updated_at),
        ];
      },
    );
  });

  app.get("/api/admin/learning_center_resources/:id", async (req, res) => {
    const id = idParam(req.params.id, res, "Learning Center resource");
    if (id == null) return;
    const record = await findResource(db, id);
    if (!record) return fail(res, 404, notFound("Learning Center resource", String(id)));
    const body: z.infer<typeof AdminLearningResourceResponseSchema> = {
      record,
      history: await historyOf(db, RESOURCE, id),
    };
    res.json(body);
  });

  app.post("/api/admin/learning_center_resources", async (req, res: AdminResponse) => {
    const parsed = AdminLearningResourceBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const b = parsed.data;
    type Outcome = { fields: Record<string, string[]> } | { record: AdminLearningResource };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const fields = await problems(b);
      if (Object.keys(fields).length > 0) return { fields };
      const next = await db.client.execute("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM learning_resources");
      const id = Number(next.rows[0]!.id);
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `INSERT INTO learning_resources (title, library, category, carrier_id, product_id, description, body,
                    audience, links, status, publish_on, id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [...stored(b), id, at],
          },
          audit(res.locals.session, {
            resource: RESOURCE,
            recordId: id,
            action: "created",
            changes: changesOf(
              {},
              { ...b, body: cleanHtml(b.body), links: b.links.length ? b.links : null },
              AUDIT_FIELDS,
            ),
            at,
          }),
        ],
        "write",
      );
      return { record: (await findResource(db, id))! };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ resourceId: outcome.record.id }, "admin created a Learning Center resource");
    res.status(201).json({ record: outcome.record });
  });

  app.patch("/api/admin/learning_center_resources/:id", async (req, res: AdminResponse) => {
    const id = idParam(req.params.id, res, "Learning Center resource");
    if (id == null) return;
    const parsed = AdminLearningResourcePatchSchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    type Outcome = { missing: true } | { fields: Record<string, string[]> } | { record: AdminLearningResource };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findResource(db, id);
      if (!before) return { missing: true };
      const beforeView = auditView(before);
      const after = { ...beforeView, links: before.links, ...parsed.data } as Body;
      const afterView = { ...after, body: cleanHtml(after.body), links: after.links.length ? after.links : null };
      const changes = changesOf(beforeView, afterView, AUDIT_FIELDS);
      if (changes.length === 0) return { record: before };
      const fields = await problems(after);
      if (Object.keys(fields).length > 0) return { fields };
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `UPDATE learning_resources SET title = ?, library = ?, category = ?, carrier_id = ?, product_id = ?,
                    description = ?, body = ?, audience = ?, links = ?, status = ?, publish_on = ?, updated_at = ?
                  WHERE id = ?`,
            args: [...stored(after), at, id],
          },
          audit(res.locals.session, { resource: RESOURCE, recordId: id, action: "updated", changes, at }),
        ],
        "write",
      );
      return { record: (await findResource(db, id))! };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("Learning Center resource", String(id)));
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ resourceId: id }, "admin updated a Learning Center resource");
    res.json({ record: outcome.record });
  });

  app.delete("/api/admin/learning_center_resources/:id", async (req, res: AdminResponse) => {
    const id = idParam(req.params.id, res, "Learning Center resource");
    if (id == null) return;
    const done = await db.exclusive(async () => {
      const before = await findResource(db, id);
      if (!before) return false;
      const view = auditView(before);
      await db.client.batch(
        [
          { sql: "DELETE FROM learning_attachments WHERE resource_id = ?", args: [id] },
          { sql: "DELETE FROM learning_resources WHERE id = ?", args: [id] },
          audit(res.locals.session, {
            resource: RESOURCE,
            recordId: id,
            action: "deleted",
            changes: changesOf(view, Object.fromEntries(Object.keys(view).map((k) => [k, null]))),
          }),
        ],
        "write",
      );
      return true;
    });
    if (!done) return fail(res, 404, notFound("Learning Center resource", String(id)));
    logger.info({ resourceId: id }, "admin deleted a Learning Center resource");
    res.status(204).end();
  });

  app.post("/api/admin/learning_center_resources/:id/attachments", async (req, res: AdminResponse) => {
    const id = idParam(req.params.id, res, "Learning Center resource");
    if (id == null) return;
    try {
      const form = await readFormData(req, MAX_UPLOAD_BYTES + 256 * 1024, "the attachment");
      const files = form.getAll("file");
      if (files.length > 1) throw new HttpError(422, "Send one file only");
      const file = files[0];
      if (file === undefined || typeof file === "string" || (file.size === 0 && file.name === "")) {
        throw new HttpError(422, CHOOSE_A_FILE);
      }
      const rawReplaces = form.get("replaces");
      const replaces = typeof rawReplaces === "string" && rawReplaces !== "" ? positiveInt(rawReplaces) : null;
      if (typeof rawReplaces === "string" && rawReplaces !== "" && replaces == null)
        throw new HttpError(422, "replaces must be an attachment id");
      const upload = await readUpload(file);
      const outcome = await db.exclusive(async () => {
        const before = await findResource(db, id);
        if (!before) return { missing: notFound("Learning Center resource", String(id)) };
        const old = replaces == null ? null : before.attachments.find((a) => a.id === replaces);
        if (replaces != null && !old) return { missing: notFound("attachment of this resource", String(replaces)) };
        if (!old && before.attachments.length >= MAX_ATTACHMENTS) return { refused: TOO_MANY_ATTACHMENTS };
        const next = await db.client.execute("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM learning_attachments");
        const attachmentId = Number(next.rows[0]!.id);
        const at = new Date().toISOString();
        await db.client.batch(
          [
            ...(old ? [{ sql: "DELETE FROM learning_attachments WHERE id = ?", args: [old.id] }] : []),
            {
              sql: `INSERT INTO learning_attachments (id, resource_id, name, content_type, size, data)
                    VALUES (?, ?, ?, ?, ?, ?)`,
              args: [attachmentId, id, upload.name, upload.contentType, upload.data.byteLength, upload.data],
            },
            { sql: "UPDATE learning_resources SET updated_at = ? WHERE id = ?", args: [at, id] },
            audit(res.locals.session, {
              resource: RESOURCE,
              recordId: id,
              action: old ? "attachment_replaced" : "attachment_added",
              changes: [{ field: "attachment", from: old?.name ?? null, to: upload.name }],
              at,
            }),
          ],
          "write",
        );
        return { record: (await findResource(db, id))! };
      });
      if ("missing" in outcome) return fail(res, 404, outcome.missing!);
      if ("refused" in outcome) return fail(res, 409, outcome.refused!);
      logger.info({ resourceId: id }, "admin attached a file to a Learning Center resource");
      res.status(201).json({ record: outcome.record });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 413) res.set("Connection", "close");
      return fail(res, error.status, error.message);
    }
  });

  const attachmentOf = async (req: Request, res: Response) => {
    const id = idParam(req.params.id, res, "Learning Center resource");
    if (id == null) return null;
    const attachmentId = idParam(req.params.attachmentId, res, "attachment");
    if (attachmentId == null) return null;
    const found = await db.client.execute({
      sql: "SELECT id, name, content_type, data FROM learning_attachments WHERE id = ? AND resource_id = ?",
      args: [attachmentId, id],
    });
    const row = found.rows[0];
    if (!row) {
      fail(res, 404, notFound("attachment of this resource", String(attachmentId)));
      return null;
    }
    return { id, row };
  };

  app.get("/api/admin/learning_center_resources/:id/attachments/:attachmentId", async (req, res) => {
    const found = await attachmentOf(req, res);
    if (!found) return;
    sendStoredFile(res, {
      name: String(found.row.name),
      contentType: String(found.row.content_type),
      data: new Uint8Array(found.row.data as ArrayBuffer),
    });
  });

  app.delete("/api/admin/learning_center_resources/:id/attachments/:attachmentId", async (req, res: AdminResponse) => {
    const found = await attachmentOf(req, res);
    if (!found) return;
    const at = new Date().toISOString();
    await db.exclusive(async () =>
      db.client.batch(
        [
          { sql: "DELETE FROM learning_attachments WHERE id = ?", args: [Number(found.row.id)] },
          { sql: "UPDATE learning_resources SET updated_at = ? WHERE id = ?", args: [at, found.id] },
          audit(res.locals.session, {
            resource: RESOURCE,
            recordId: found.id,
            action: "attachment_removed",
            changes: [{ field: "attachment", from: String(found.row.name), to: null }],
            at,
          }),
        ],
        "write",
      ),
    );
    logger.info({ resourceId: found.id }, "admin removed an attachment of a Learning Center resource");
    res.status(204).end();
  });
}
