/**
 * System notifications (issue 22 §2.3; docs/upstream-api.md "System notifications"):
 * - GET /api/profile/notifications: the notices the caller sees now (spec §7; queries.ts noticesFor).
 * - POST /api/profile/notifications/:id/dismissal: the caller dismisses one, for good (204; 404 when it is not
 *   one they see).
 * - /api/admin/system_notifications: the administrators' list, record, create, update, delete and CSV export
 *   (mounted behind requireAdmin by app.ts), every write in the admin audit.
 */
import type { InValue } from "@libsql/client";
import type { Express, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type { SystemNotification } from "../../../app/.server/upstream/schemas/profile.ts";
import {
  AdminSystemNotificationBodySchema,
  type AdminSystemNotificationResponseSchema,
  type AdminSystemNotificationsResponseSchema,
} from "../../../app/admin/sections/system_notifications/contract.server.ts";
import {
  type AdminSystemNotification,
  NOTICE_AUDIENCES,
  NOTICE_SEVERITIES,
  NOTICE_STATUSES,
} from "../../../app/admin/sections/system_notifications/records.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, changesOf, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { agencyNameOf } from "../invitations/routes.ts";
import { parseTableQuery, positiveInt, type TableQuery } from "../core/paging.ts";
import { dismissNotice, findNotice, noticeFromRow, noticesFor, noticesFrom } from "./queries.ts";
import {
  bodyObject,
  enumFilter,
  fail,
  idParam,
  nextId,
  notFound,
  orderBy,
  pageOf,
  readQuery,
  whereSql,
  zodFields,
  NOT_AN_OBJECT,
} from "../admin/list-support.ts";

export const NOT_YOUR_NOTICE = "There is no notification with this id for you to dismiss.";
export const CHOOSE_ROLES = "Choose at least one role.";
export const CHOOSE_AGENCY = "Choose the agency.";
export const NOT_AN_AGENCY = "There is no agency with this id.";
export const ENDS_BEFORE_START = "The end must come after the start.";

const SEVERITY_LABELS = { info: "Info", warning: "Warning", critical: "Critical" } as const;
const AUDIENCE_LABELS = { everyone: "Everyone", roles: "Some roles", agency: "One agency's hierarchy" } as const;
const STATUS_LABELS = { scheduled: "Scheduled", current: "Showing", ended: "Ended" } as const;

const SORTS = {
  title: ["n.title COLLATE NOCASE"],
  severity: ["CASE n.severity WHEN 'critical' THEN 3 WHEN 'warning' THEN 2 ELSE 1 END"],
  startsAt: ["n.published_at"],
  endsAt: ["COALESCE(n.ends_at, '9999')"],
  dismissals: ["n.dismissal_count"],
} as const;

/** The fields of a notice an audit entry compares (the body's). */
const FIELDS = ["title", "message", "severity", "audience", "roles", "agencyId", "startsAt", "endsAt"] as const;

type Body = z.infer<typeof AdminSystemNotificationBodySchema>;

function auditView(n: AdminSystemNotification): Body {
  return {
    title: n.title,
    message: n.message,
    severity: n.severity,
    audience: n.audience,
    roles: n.roles,
    agencyId: n.agency?.id ?? null,
    startsAt: n.startsAt,
    endsAt: n.endsAt,
  };
}

function listQuery(source: Record<string, unknown>, now: Date) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push("(instr(lower(n.title), lower(?)) > 0 OR instr(lower(n.message), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  for (const [name, values, column] of [
    ["severity", NOTICE_SEVERITIES, "n.severity"],
    ["audience", NOTICE_AUDIENCES, "n.audience"],
    ["status", NOTICE_STATUSES, "n.status"],
  ] as const) {
    const value = enumFilter(source, name, values);
    if (value != null) {
      where.push(`${column} = ?`);
      args.push(value);
    }
  }
  const from = noticesFrom(now);
  return {
    q,
    count: `SELECT COUNT(*) AS n FROM ${from} ${whereSql(where)}`,
    // Newest start first unless a sort is asked for.
    rows: `SELECT * FROM ${from} ${whereSql(where)} ORDER BY ${q.sort ? orderBy(q as TableQuery<keyof typeof SORTS>, SORTS, "n.id") : "n.published_at DESC, n.id DESC"}`,
    args,
  };
}

/** The roles and agency as stored for the audience: only what the audience uses is kept. */
function stored(b: Body) {
  return {
    roles: b.audience === "roles" ? [...new Set(b.roles)] : [],
    agencyId: b.audience === "agency" ? b.agencyId : null,
  };
}

/** The caller's notices and their dismissal (signed-in callers: `requireSession`). */
export function registerSystemNotificationRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  type Authed = Response<unknown, { session: SessionRecord }>;

  app.get("/api/profile/notifications", requireSession, async (_req, res: Authed) => {
    const body: SystemNotification[] = await noticesFor(db, res.locals.session.user);
    res.json(body);
  });

  app.post("/api/profile/notifications/:id/dismissal", requireSession, async (req, res: Authed) => {
    const id = positiveInt(String(req.params.id));
    const { user } = res.locals.session;
    if (id == null || !(await dismissNotice(db, user, id))) return fail(res, 404, NOT_YOUR_NOTICE);
    logger.info({ userId: user.userId, notificationId: id }, "system notification dismissed");
    res.status(204).end();
  });
}

/** The admin area's notices (mounted after `app.use("/api/admin", requireSession, requireAdmin)`). */
export function registerAdminSystemNotificationRoutes(
  app: Express,
  { db, logger }: { db: ReferenceDb; logger: Logger },
): void {
  /** What one body cannot say alone: the audience's roles or agency, an end after the start. */
  const problems = async (b: Body) => {
    const fields: Record<string, string[]> = {};
    if (b.audience === "roles" && b.roles.length === 0) fields.roles = [CHOOSE_ROLES];
    if (b.audience === "agency") {
      if (b.agencyId == null) fields.agencyId = [CHOOSE_AGENCY];
      else {
        const agency = await db.client.execute({
          sql: "SELECT 1 FROM users WHERE id = ? AND role = 'Agency'",
          args: [b.agencyId],
        });
        if (agency.rows.length === 0) fields.agencyId = [NOT_AN_AGENCY];
      }
    }
    if (b.endsAt != null && Date.parse(b.endsAt) <= Date.parse(b.startsAt)) fields.endsAt = [ENDS_BEFORE_START];
    return fields;
  };

  const write = (id: number, b: Body, at: string, insert: boolean) => {
    const { roles, agencyId } = stored(b);
    const values = [
      b.title,
      b.message,
      b.severity,
      b.audience,
      JSON.stringify(roles),
      agencyId,
      new Date(b.startsAt).toISOString(),
      b.endsAt == null ? null : new Date(b.endsAt).toISOString(),
      at,
    ];
    return insert
      ? {
          sql: `INSERT INTO system_notifications (title, message, severity, audience, audience_roles, audience_agency_id,
                  published_at, ends_at, updated_at, id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          args: [...values, id],
        }
      : {
          sql: `UPDATE system_notifications SET title = ?, message = ?, severity = ?, audience = ?, audience_roles = ?,
                  audience_agency_id = ?, published_at = ?, ends_at = ?, updated_at = ? WHERE id = ?`,
          args: [...values, id],
        };
  };

  app.get("/api/admin/system_notifications", async (req, res) => {
    const parsed = readQuery(req, res, (source) => listQuery(source, new Date()));
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, agencies] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      db.client.execute(
        "SELECT id, first_name, last_name FROM users WHERE role = 'Agency' ORDER BY last_name COLLATE NOCASE, id",
      ),
    ]);
    const body: z.infer<typeof AdminSystemNotificationsResponseSchema> = {
      records: rows.map((r) => noticeFromRow(r)),
      meta,
      facets: {
        severity: NOTICE_SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] })),
        audience: NOTICE_AUDIENCES.map((value) => ({ value, label: AUDIENCE_LABELS[value] })),
        status: NOTICE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] })),
        agencyId: agencies.rows
          .map((r) => ({
            value: String(Number(r.id)),
            label: agencyNameOf(Number(r.id), String(r.first_name), String(r.last_name)),
          }))
          .sort((a, b) => a.label.localeCompare(b.label)),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/system_notifications/export", async (req, res) => {
    const parsed = readQuery(req, res, (source) => listQuery(source, new Date()));
    if (!parsed) return;
    await streamCsv(
      res,
      db,
      "system_notifications.csv",
      ["Id", "Title", "Message", "Severity", "Audience", "Roles", "Agency", "Starts", "Ends", "Status", "Dismissed by"],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const n = noticeFromRow(row);
        return [
          n.id,
          n.title,
          n.message,
          n.severity,
          AUDIENCE_LABELS[n.audience],
          n.roles.join(" "),
          n.agency?.name ?? "",
          n.startsAt,
          n.endsAt ?? "",
          STATUS_LABELS[n.status],
          n.dismissals,
        ];
      },
    );
  });

  app.get("/api/admin/system_notifications/:id", async (req, res) => {
    const id = idParam(req, res, "system notification");
    if (id == null) return;
    const record = await findNotice(db, id);
    if (!record) return fail(res, 404, notFound("system notification", String(id)));
    const body: z.infer<typeof AdminSystemNotificationResponseSchema> = {
      record,
      history: await historyOf(db, "system_notifications", id),
    };
    res.json(body);
  });

  app.post("/api/admin/system_notifications", async (req, res: AdminResponse) => {
    const parsed = AdminSystemNotificationBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const b = parsed.data;
    type Outcome = { fields: Record<string, string[]> } | { record: AdminSystemNotification };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const fields = await problems(b);
      if (Object.keys(fields).length > 0) return { fields };
      const id = await nextId(db, "system_notifications");
      const at = new Date().toISOString();
      await db.client.batch(
        [
          write(id, b, at, true),
          audit(res.locals.session, {
            resource: "system_notifications",
            recordId: id,
            action: "created",
            changes: changesOf({}, { ...b, ...stored(b) }, FIELDS),
            at,
          }),
        ],
        "write",
      );
      return { record: (await findNotice(db, id))! };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ notificationId: outcome.record.id }, "admin created a system notification");
    res.status(201).json({ record: outcome.record });
  });

  app.patch("/api/admin/system_notifications/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "system notification");
    if (id == null) return;
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))
      return refuseFields(res, { body: [NOT_AN_OBJECT] });
    type Outcome = { missing: true } | { fields: Record<string, string[]> } | { record: AdminSystemNotification };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findNotice(db, id);
      if (!before) return { missing: true };
      const beforeView = auditView(before);
      // A PATCH is any part of the body: the rest stays as it is, and the whole is checked.
      const parsed = AdminSystemNotificationBodySchema.safeParse({ ...beforeView, ...bodyObject(req) });
      if (!parsed.success) return { fields: zodFields(parsed.error) };
      const after = parsed.data;
      const changes = changesOf(beforeView, { ...after, ...stored(after) }, FIELDS);
      if (changes.length === 0) return { record: before };
      const fields = await problems(after);
      if (Object.keys(fields).length > 0) return { fields };
      const at = new Date().toISOString();
      await db.client.batch(
        [
          write(id, after, at, false),
          audit(res.locals.session, { resource: "system_notifications", recordId: id, action: "updated", changes, at }),
        ],
        "write",
      );
      return { record: (await findNotice(db, id))! };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("system notification", String(id)));
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ notificationId: id }, "admin updated a system notification");
    res.json({ record: outcome.record });
  });

  app.delete("/api/admin/system_notifications/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "system notification");
    if (id == null) return;
    const outcome = await db.exclusive(async () => {
      const before = await findNotice(db, id);
      if (!before) return false;
      const view = auditView(before);
      await db.client.batch(
        [
          { sql: "DELETE FROM system_notification_dismissals WHERE notification_id = ?", args: [id] },
          { sql: "DELETE FROM system_notifications WHERE id = ?", args: [id] },
          audit(res.locals.session, {
            resource: "system_notifications",
            recordId: id,
            action: "deleted",
            changes: changesOf(view, Object.fromEntries(Object.keys(view).map((k) => [k, null]))),
          }),
        ],
        "write",
      );
      return true;
    });
    if (!outcome) return fail(res, 404, notFound("system notification", String(id)));
    logger.info({ notificationId: id }, "admin deleted a system notification");
    res.status(204).end();
  });
}
