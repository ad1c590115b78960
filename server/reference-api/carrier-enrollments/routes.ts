/**
 * Carrier enrollments and notifications (issue 24 §3–4; docs/upstream-api.md "Carrier enrollments", "Carrier
 * notifications"), mounted behind requireAdmin by app.ts:
 * - /api/admin/carrier_enrollments: the enrollment records carriers sent (read only), /:id/payload the raw payload
 *   exactly as it arrived (text; the JSON viewer parses it, whatever it holds);
 * - /api/admin/carrier_notifications: the queue; POST /:id/handle (an optional note; handled once: 409 after), POST
 *   /:id/route (into the agent's document notifications, which show on their profile and block their contract
 *   requests: only a notice asking something of one of our agents, once). Every write in the admin audit.
 */
import type { InValue } from "@libsql/client";
import type { Express } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type {
  AdminCarrierEnrollmentResponseSchema,
  AdminCarrierEnrollmentsResponseSchema,
  CarrierEnrollmentPayloadSchema,
} from "../../../app/admin/sections/carrier_enrollments/contract.server.ts";
import {
  type AdminCarrierEnrollment,
  ENROLLMENT_STATUSES,
  ENROLLMENT_STATUS_LABELS,
  type EnrollmentStatus,
  type PlanType,
} from "../../../app/admin/sections/carrier_enrollments/records.ts";
import {
  AdminHandleBodySchema,
  type AdminCarrierNotificationResponseSchema,
  type AdminCarrierNotificationsResponseSchema,
} from "../../../app/admin/sections/carrier_notifications/contract.server.ts";
import {
  ALREADY_HANDLED,
  ALREADY_ROUTED,
  type AdminCarrierNotification,
  HANDLED_LABELS,
  HANDLED_VALUES,
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOT_ROUTABLE,
  type NotificationKind,
} from "../../../app/admin/sections/carrier_notifications/records.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, scalar, type TableQuery } from "../core/paging.ts";
import {
  QueryError,
  enumFilter,
  fail,
  idFilter,
  idParam,
  notFound,
  orderBy,
  pageOf,
  readQuery,
  whereSql,
  zodFields,
} from "../admin/list-support.ts";

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));
const textOrNull = (v: unknown): string | null => (v == null ? null : String(v as string | number));
const name = (alias: string) => `(${alias}.first_name || ' ' || ${alias}.last_name)`;

/* ---------------- enrollments ---------------- */

const ENROLLMENT = "carrier enrollment";

const ENROLLMENT_SORTS = {
  receivedAt: ["e.received_at"],
  // The list's default (newest first): a day holds many records, the latest received of a day first.
  submittedOn: ["e.submitted_on", "e.received_at"],
  effectiveOn: ["e.effective_on"],
  client: ["e.client_name COLLATE NOCASE"],
  agent: ["e.writing_agent COLLATE NOCASE"],
  carrier: ["c.name COLLATE NOCASE"],
  status: ["e.status"],
} as const;

const ENROLLMENT_COLUMNS = `e.id, e.carrier_id, c.name AS carrier_name, e.user_id, e.writing_agent, e.writing_agent_npn,
  e.plan_name, e.plan_type, e.contract_pbp, e.client_name, e.client_id, e.client_dob, e.county, e.state, e.status,
  e.status_updated_at, e.submitted_on, e.effective_on, e.terminated_on, e.termination_reason, e.confirmation_number,
  e.received_at, e.rfi_request, length(CAST(e.raw_payload AS BLOB)) AS payload_bytes`;
const ENROLLMENT_FROM = "carrier_enrollments e JOIN carriers c ON c.id = e.carrier_id";

function enrollmentFromRow(r: Record<string, unknown>): AdminCarrierEnrollment {
  return {
    id: Number(r.id),
    carrier: { id: Number(r.carrier_id), name: text(r.carrier_name) },
    agent: {
      userId: r.user_id == null ? null : Number(r.user_id),
      name: text(r.writing_agent),
      npn: textOrNull(r.writing_agent_npn),
    },
    planName: text(r.plan_name),
    planType: text(r.plan_type) as PlanType,
    contractPbp: textOrNull(r.contract_pbp),
    client: { name: text(r.client_name), id: text(r.client_id), dateOfBirth: text(r.client_dob) },
    county: text(r.county),
    state: text(r.state),
    status: text(r.status) as EnrollmentStatus,
    statusUpdatedAt: text(r.status_updated_at),
    submittedOn: text(r.submitted_on),
    effectiveOn: textOrNull(r.effective_on),
    terminatedOn: textOrNull(r.terminated_on),
    terminationReason: textOrNull(r.termination_reason),
    confirmationNumber: text(r.confirmation_number),
    receivedAt: text(r.received_at),
    rfiRequest: textOrNull(r.rfi_request),
    payloadBytes: Number(r.payload_bytes ?? 0),
  };
}

const DAY = /^\d{4}-\d\d-\d\d$/;

/** A YYYY-MM-DD filter of a list's query: absent → null; malformed → QueryError. */
function dayFilter(source: Record<string, unknown>, field: string): string | null {
  const raw = scalar(source[field]);
  if (raw === undefined || raw === "") return null;
  if (!DAY.test(raw) || Number.isNaN(Date.parse(`${raw}T00:00:00Z`)))
    throw new QueryError(`${field} must be a day, YYYY-MM-DD`);
  return raw;
}

function enrollmentQuery(source: Record<string, unknown>) {
  const asked = parseTableQuery(source, ENROLLMENT_SORTS);
  // No sort asked: newest first (the list's default), not the order the records were stored in.
  const q = asked.sort ? asked : { ...asked, sort: "submittedOn" as const, order: "DESC" as const };
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(`(instr(lower(e.client_name), lower(?)) > 0 OR instr(lower(e.writing_agent), lower(?)) > 0
      OR instr(lower(e.confirmation_number), lower(?)) > 0 OR instr(lower(e.plan_name), lower(?)) > 0
      OR e.writing_agent_npn = ? OR e.contract_pbp = upper(?))`);
    args.push(q.search, q.search, q.search, q.search, q.search, q.search);
  }
  const status = enumFilter(source, "status", ENROLLMENT_STATUSES);
  if (status) {
    where.push("e.status = ?");
    args.push(status);
  }
  const carrierId = idFilter(source, "carrierId");
  if (carrierId != null) {
    where.push("e.carrier_id = ?");
    args.push(carrierId);
  }
  const userId = idFilter(source, "userId");
  if (userId != null) {
    where.push("e.user_id = ?");
    args.push(userId);
  }
  // The date range: the day the carrier received the application (submitted on).
  const from = dayFilter(source, "from");
  const to = dayFilter(source, "to");
  if (from && to && from > to) throw new QueryError("from must not be after to");
  if (from) {
    where.push("e.submitted_on >= ?");
    args.push(from);
  }
  if (to) {
    where.push("e.submitted_on <= ?");
    args.push(to);
  }
  return {
    q,
    count: `SELECT COUNT(*) AS n FROM ${ENROLLMENT_FROM} ${whereSql(where)}`,
    rows: `SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM} ${whereSql(where)}
           ORDER BY ${orderBy(q as TableQuery<keyof typeof ENROLLMENT_SORTS>, ENROLLMENT_SORTS, "e.id")}`,
    args,
  };
}

/* ---------------- notifications ---------------- */

const NOTIFICATION = "carrier notification";
const NOTIFICATIONS = "carrier_notifications";

const NOTIFICATION_SORTS = {
  receivedAt: ["n.received_at"],
  kind: ["n.kind"],
  carrier: ["c.name COLLATE NOCASE"],
  agent: ["agent_name COLLATE NOCASE"],
  handled: ["(n.handled_at IS NOT NULL)"],
} as const;

const NOTIFICATION_COLUMNS = `n.id, n.carrier_id, c.name AS carrier_name, n.kind, n.user_id, ${name("u")} AS agent_name,
  n.policy_number, n.enrollment_id, n.subject, n.message, n.received_at, n.handled_at, n.handled_by,
  ${name("h")} AS handler_name, n.handled_note, n.document_name, n.routed_at`;
const NOTIFICATION_FROM = `carrier_notifications n JOIN carriers c ON c.id = n.carrier_id
  LEFT JOIN users u ON u.id = n.user_id LEFT JOIN users h ON h.id = n.handled_by`;

function notificationFromRow(r: Record<string, unknown>): AdminCarrierNotification {
  return {
    id: Number(r.id),
    carrier: { id: Number(r.carrier_id), name: text(r.carrier_name) },
    kind: text(r.kind) as NotificationKind,
    agent: r.user_id == null ? null : { id: Number(r.user_id), name: text(r.agent_name) || `User ${text(r.user_id)}` },
    policyNumber: textOrNull(r.policy_number),
    enrollmentId: r.enrollment_id == null ? null : Number(r.enrollment_id),
    subject: text(r.subject),
    message: text(r.message),
    receivedAt: text(r.received_at),
    handled: r.handled_at != null,
    handledAt: textOrNull(r.handled_at),
    handledBy:
      r.handled_by == null
        ? null
        : { id: Number(r.handled_by), name: text(r.handler_name) || `User ${text(r.handled_by)}` },
    handledNote: textOrNull(r.handled_note),
    documentName: textOrNull(r.document_name),
    routedAt: textOrNull(r.routed_at),
  };
}

function notificationQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, NOTIFICATION_SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(`(instr(lower(n.subject), lower(?)) > 0 OR instr(lower(n.message), lower(?)) > 0
      OR instr(lower(COALESCE(${name("u")}, '')), lower(?)) > 0 OR n.policy_number = ?)`);
    args.push(q.search, q.search, q.search, q.search);
  }
  const handled = enumFilter(source, "handled", HANDLED_VALUES);
  if (handled) where.push(handled === "yes" ? "n.handled_at IS NOT NULL" : "n.handled_at IS NULL");
  const kind = enumFilter(source, "kind", NOTIFICATION_KINDS);
  if (kind) {
    where.push("n.kind = ?");
    args.push(kind);
  }
  const carrierId = idFilter(source, "carrierId");
  if (carrierId != null) {
    where.push("n.carrier_id = ?");
    args.push(carrierId);
  }
  const userId = idFilter(source, "userId");
  if (userId != null) {
    where.push("n.user_id = ?");
    args.push(userId);
  }
  return {
    q,
    count: `SELECT COUNT(*) AS n FROM ${NOTIFICATION_FROM} ${whereSql(where)}`,
    rows: `SELECT ${NOTIFICATION_COLUMNS} FROM ${NOTIFICATION_FROM} ${whereSql(where)}
           ORDER BY ${orderBy(q as TableQuery<keyof typeof NOTIFICATION_SORTS>, NOTIFICATION_SORTS, "n.id")}`,
    args,
  };
}

async function findNotification(db: ReferenceDb, id: number): Promise<AdminCarrierNotification | null> {
  const found = await db.client.execute({
    sql: `SELECT ${NOTIFICATION_COLUMNS} FROM ${NOTIFICATION_FROM} WHERE n.id = ?`,
    args: [id],
  });
  return found.rows[0] ? notificationFromRow(found.rows[0]) : null;
}

export function registerCarrierEnrollmentRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  const carriersFacet = async (table: string) =>
    (
      await db.client.execute(
        `SELECT DISTINCT c.id, c.name FROM ${table} t JOIN carriers c ON c.id = t.carrier_id ORDER BY c.name COLLATE NOCASE`,
      )
    ).rows.map((r) => ({ value: text(r.id), label: text(r.name) }));

  app.get("/api/admin/carrier_enrollments", async (req, res) => {
    const parsed = readQuery(req, res, enrollmentQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, carriers, agents] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      carriersFacet("carrier_enrollments"),
      db.client.execute(
        `SELECT DISTINCT e.user_id AS id, ${name("u")} AS n FROM carrier_enrollments e JOIN users u ON u.id = e.user_id
         ORDER BY n COLLATE NOCASE, u.id`,
      ),
    ]);
    const body: z.infer<typeof AdminCarrierEnrollmentsResponseSchema> = {
      records: rows.map(enrollmentFromRow),
      meta,
      facets: {
        status: ENROLLMENT_STATUSES.map((value) => ({ value, label: ENROLLMENT_STATUS_LABELS[value] })),
        carrierId: carriers,
        userId: agents.rows.map((r) => ({ value: text(r.id), label: text(r.n) })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/carrier_enrollments/export", async (req, res) => {
    const parsed = readQuery(req, res, enrollmentQuery);
    if (!parsed) return;
    await streamCsv(
      res,
      db,
      "carrier_enrollments.csv",
      [
        "Id",
        "Carrier",
        "Writing agent",
        "NPN",
        "Plan",
        "Plan type",
        "Contract-PBP",
        "Client",
        "Client id",
        "Date of birth",
        "County",
        "State",
        "Status",
        "Status updated",
        "Submitted",
        "Effective",
        "Terminated",
        "Termination reason",
        "Confirmation number",
        "Received",
      ],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const e = enrollmentFromRow(row);
        return [
          e.id,
          e.carrier.name,
          e.agent.name,
          e.agent.npn ?? "",
          e.planName,
          e.planType,
          e.contractPbp ?? "",
          e.client.name,
          e.client.id,
          e.client.dateOfBirth,
          e.county,
          e.state,
          ENROLLMENT_STATUS_LABELS[e.status],
          e.statusUpdatedAt,
          e.submittedOn,
          e.effectiveOn ?? "",
          e.terminatedOn ?? "",
          e.terminationReason ?? "",
          e.confirmationNumber,
          e.receivedAt,
        ];
      },
    );
  });

  app.get("/api/admin/carrier_enrollments/:id", async (req, res) => {
    const id = idParam(req, res, ENROLLMENT);
    if (id == null) return;
    const found = await db.client.execute({
      sql: `SELECT ${ENROLLMENT_COLUMNS} FROM ${ENROLLMENT_FROM} WHERE e.id = ?`,
      args: [id],
    });
    if (!found.rows[0]) return fail(res, 404, notFound(ENROLLMENT, String(id)));
    const body: z.infer<typeof AdminCarrierEnrollmentResponseSchema> = {
      record: enrollmentFromRow(found.rows[0]),
      history: await historyOf(db, "carrier_enrollments", id),
    };
    res.json(body);
  });

  app.get("/api/admin/carrier_enrollments/:id/payload", async (req, res) => {
    const id = idParam(req, res, ENROLLMENT);
    if (id == null) return;
    const found = await db.client.execute({
      sql: `SELECT e.id, e.confirmation_number, c.name AS carrier_name, e.raw_payload FROM ${ENROLLMENT_FROM}
            WHERE e.id = ?`,
      args: [id],
    });
    const r = found.rows[0];
    if (!r) return fail(res, 404, notFound(ENROLLMENT, String(id)));
    const body: z.infer<typeof CarrierEnrollmentPayloadSchema> = {
      id,
      confirmationNumber: text(r.confirmation_number),
      carrierName: text(r.carrier_name),
      payload: text(r.raw_payload),
    };
    res.json(body);
  });

  app.get("/api/admin/carrier_notifications", async (req, res) => {
    const parsed = readQuery(req, res, notificationQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, carriers, agents] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      carriersFacet("carrier_notifications"),
      db.client.execute(
        `SELECT DISTINCT n.user_id AS id, ${name("u")} AS n FROM carrier_notifications n JOIN users u ON u.id = n.user_id
         ORDER BY n COLLATE NOCASE, u.id`,
      ),
    ]);
    const body: z.infer<typeof AdminCarrierNotificationsResponseSchema> = {
      records: rows.map(notificationFromRow),
      meta,
      facets: {
        handled: HANDLED_VALUES.map((value) => ({ value, label: HANDLED_LABELS[value] })),
        kind: NOTIFICATION_KINDS.map((value) => ({ value, label: NOTIFICATION_KIND_LABELS[value] })),
        carrierId: carriers,
        userId: agents.rows.map((r) => ({ value: text(r.id), label: text(r.n) })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/carrier_notifications/export", async (req, res) => {
    const parsed = readQuery(req, res, notificationQuery);
    if (!parsed) return;
    await streamCsv(
      res,
      db,
      "carrier_notifications.csv",
      [
        "Id",
        "Received",
        "Carrier",
        "Kind",
        "Agent",
        "Policy",
        "Subject",
        "Message",
        "Handled",
        "Handled by",
        "Note",
        "Sent to the agent",
      ],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const n = notificationFromRow(row);
        return [
          n.id,
          n.receivedAt,
          n.carrier.name,
          NOTIFICATION_KIND_LABELS[n.kind],
          n.agent?.name ?? "",
          n.policyNumber ?? "",
          n.subject,
          n.message,
          n.handledAt ?? "",
          n.handledBy?.name ?? "",
          n.handledNote ?? "",
          n.routedAt ?? "",
        ];
      },
    );
  });

  app.get("/api/admin/carrier_notifications/:id", async (req, res) => {
    const id = idParam(req, res, NOTIFICATION);
    if (id == null) return;
    const record = await findNotification(db, id);
    if (!record) return fail(res, 404, notFound(NOTIFICATION, String(id)));
    const body: z.infer<typeof AdminCarrierNotificationResponseSchema> = {
      record,
      history: await historyOf(db, NOTIFICATIONS, id),
    };
    res.json(body);
  });

  app.post("/api/admin/carrier_notifications/:id/handle", async (req, res: AdminResponse) => {
    const id = idParam(req, res, NOTIFICATION);
    if (id == null) return;
    const parsed = AdminHandleBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const { note } = parsed.data;
    const session = res.locals.session;
    type Outcome = { missing: true } | { conflict: true } | { record: AdminCarrierNotification };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findNotification(db, id);
      if (!before) return { missing: true };
      if (before.handled) return { conflict: true };
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `UPDATE carrier_notifications SET handled_at = ?, handled_by = ?, handled_note = ?
                  WHERE id = ? AND handled_at IS NULL`,
            args: [at, session.user.userId, note, id],
          },
          audit(session, {
            resource: NOTIFICATIONS,
            recordId: id,
            action: "handled",
            changes: [{ field: "handled", from: "no", to: "yes" }],
            note,
            at,
          }),
        ],
        "write",
      );
      return { record: (await findNotification(db, id))! };
    });
    if ("missing" in outcome) return fail(res, 404, notFound(NOTIFICATION, String(id)));
    if ("conflict" in outcome) return fail(res, 409, ALREADY_HANDLED);
    logger.info({ carrierNotificationId: id }, "admin handled a carrier notification");
    res.json({ record: outcome.record });
  });

  app.post("/api/admin/carrier_notifications/:id/route", async (req, res: AdminResponse) => {
    const id = idParam(req, res, NOTIFICATION);
    if (id == null) return;
    const session = res.locals.session;
    type Outcome = { missing: true } | { refused: string } | { record: AdminCarrierNotification };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findNotification(db, id);
      if (!before) return { missing: true };
      if (before.routedAt) return { refused: ALREADY_ROUTED };
      if (!before.agent || !before.documentName) return { refused: NOT_ROUTABLE };
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: "INSERT INTO document_notifications (user_id, document_name, message) VALUES (?, ?, ?)",
            args: [before.agent.id, before.documentName, before.message],
          },
          { sql: "UPDATE carrier_notifications SET routed_at = ? WHERE id = ?", args: [at, id] },
          audit(session, {
            resource: NOTIFICATIONS,
            recordId: id,
            action: "sent_to_agent",
            changes: [{ field: "documentNotification", from: null, to: before.documentName }],
            at,
          }),
        ],
        "write",
      );
      return { record: (await findNotification(db, id))! };
    });
    if ("missing" in outcome) return fail(res, 404, notFound(NOTIFICATION, String(id)));
    if ("refused" in outcome) return fail(res, 409, outcome.refused);
    logger.info({ carrierNotificationId: id }, "admin sent a carrier notification to the agent's documents");
    res.json({ record: outcome.record });
  });
}
