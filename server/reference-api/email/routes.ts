/**
 * E-mail communications (issue 22 §2.5; docs/upstream-api.md "E-mail communications"), under /api/admin behind
 * requireSession and requireAdmin (app.ts):
 * - /api/admin/email_templates: every e-mail the product sends (templates.ts), its subject and body edited with
 *   the placeholders checked against the template's names (422 fields), a preview with a user's values, a test
 *   sent to the administrator's own address.
 * - /api/admin/email_log: every e-mail sent (mailer.ts writes it: queued, sent, failed with the reason), resend.
 * - /api/admin/email_messages: a message to the active users matching a filter (role, agency, documents,
 *   contracts): its recipient count first, then the message (Idempotency-Key; the count confirmed must still be
 *   the count; at most EMAIL_MESSAGE_CAP users), queued in the log and sent after the answer (messages.ts, which
 *   an agency's reminders to its downline share).
 * Every write is audited (admin_audit).
 */
import type { InValue } from "@libsql/client";
import type { Express, Request, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  EMAIL_CONTRACT_FILTERS,
  EMAIL_DOCUMENT_FILTERS,
  EMAIL_MESSAGE_CAP,
  EMAIL_STATUSES,
  EmailMessageBodySchema,
  type EmailMessageResponseSchema,
  type EmailLogEntryResponseSchema,
  type EmailLogResponseSchema,
  type EmailPreviewResponseSchema,
  type EmailRecipientsResponseSchema,
  type EmailSentResponseSchema,
  EmailTemplateBodySchema,
  type EmailTemplateResponseSchema,
  type EmailTemplatesResponseSchema,
} from "../../../app/admin/sections/email_communications/contract.server.ts";
import type {
  EmailLogDetail,
  EmailLogEntry,
  EmailMessageFilter,
  EmailTemplate,
} from "../../../app/admin/sections/email_communications/records.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { sendAccountLink } from "../accounts/routes.ts";
import { type AdminResponse, audit, changesOf, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import type { AfterAnswer } from "../core/after-answer.ts";
import type { ReferenceDb } from "../core/db.ts";
import { findIdempotentAnswer, storeIdempotentAnswer } from "../core/idempotency.ts";
import { queueMessage, type QueuedMessage, sendQueued } from "./messages.ts";
import { agencyNameOf } from "../invitations/routes.ts";
import { type Email, type Mailer, ONE_TIME_LINK_KINDS } from "../mail/mailer.ts";
import { parseTableQuery, positiveInt, scalar, type TableQuery } from "../core/paging.ts";
import {
  EMAIL_KIND_LABELS,
  EMAIL_TEMPLATES,
  type EmailKind,
  isTemplateKey,
  MESSAGE_PLACEHOLDERS,
  renderTemplate,
  sampleValues,
  TEMPLATE_BY_KEY,
  unknownPlaceholderError,
} from "../mail/templates.ts";
import { enumFilter, idFilter, orderBy, QueryError, zodFields } from "../admin/list-support.ts";

export const INVITATION_NOT_RESENT =
  "An invitation is resent by its agency (Downline → Invitations → Resend): its link is made again there.";
export const NO_RECIPIENTS = "No active user matches this filter: nobody would receive the message.";
export const tooManyRecipients = (n: number) =>
  `This message would go to ${n} users: at most ${EMAIL_MESSAGE_CAP} at once. Narrow the filter.`;
export const recipientsChanged = (n: number) =>
  `The list changed since you confirmed it: the message would now go to ${n} users. Check it and confirm again.`;
export const IDEMPOTENCY_KEY_REUSED = "This Idempotency-Key was already used for a different request";

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));

function fail(res: Response, status: number, error: string): void {
  res.status(status).json({ error });
}

function whereSql(where: string[]): string {
  return where.length ? `WHERE ${where.join(" AND ")}` : "";
}

/* ---- Templates ---- */

const TEMPLATE_SORTS = {
  name: ["t.name COLLATE NOCASE"],
  sentLast30Days: ["t.sent_count"],
  updatedAt: ["t.updated_at"],
} as const;

/** The templates with their names (from templates.ts) as a table the queries can sort and search. */
function templateFrom(since: string): { sql: string; args: InValue[] } {
  const names = EMAIL_TEMPLATES.map(() => "SELECT ? AS key, ? AS name, ? AS description").join(" UNION ALL ");
  return {
    sql: `(SELECT e.*, n.name, n.description,
             (SELECT COUNT(*) FROM email_log l WHERE l.kind = e.key AND l.created_at >= ? AND l.test = 0) AS sent_count
           FROM email_templates e JOIN (${names}) n ON n.key = e.key) t`,
    args: [since, ...EMAIL_TEMPLATES.flatMap((t) => [t.key, t.name, t.description])],
  };
}

function templateFromRow(r: Record<string, unknown>): EmailTemplate {
  const key = text(r.key);
  const def = isTemplateKey(key) ? TEMPLATE_BY_KEY[key] : null;
  return {
    id: Number(r.id),
    key,
    name: text(r.name),
    description: text(r.description),
    subject: text(r.subject),
    body: text(r.body),
    placeholders: Object.entries(def?.placeholders ?? {}).map(([name, description]) => ({ name, description })),
    sentLast30Days: Number(r.sent_count ?? 0),
    updatedAt: text(r.updated_at),
  };
}

/* ---- The log ---- */

const LOG_SORTS = {
  createdAt: ["l.created_at"],
  to: ["l.to_address COLLATE NOCASE"],
  kind: ["l.kind"],
  status: ["l.status"],
} as const;

const LOG_SELECT = `SELECT l.*, u.first_name, u.last_name FROM email_log l LEFT JOIN users u ON u.id = l.user_id`;

function logFromRow(r: Record<string, unknown>): EmailLogEntry {
  const kind = text(r.kind);
  return {
    id: Number(r.id),
    kind,
    kindLabel: EMAIL_KIND_LABELS[kind as EmailKind] ?? kind,
    to: text(r.to_address),
    user:
      r.user_id == null || r.first_name == null
        ? null
        : { id: Number(r.user_id), name: `${text(r.first_name)} ${text(r.last_name)}` },
    subject: text(r.subject),
    status: text(r.status) as EmailLogEntry["status"],
    failureReason: r.failure_reason == null ? null : text(r.failure_reason),
    createdAt: text(r.created_at),
    sentAt: r.sent_at == null ? null : text(r.sent_at),
    messageId: r.message_id == null ? null : Number(r.message_id),
    resendOf: r.resend_of == null ? null : Number(r.resend_of),
    test: Number(r.test) === 1,
  };
}

function logQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, LOG_SORTS);
  if (!source.sort) {
    q.sort = "createdAt";
    q.order = source.order === "ASC" ? "ASC" : "DESC";
  }
  const status = enumFilter(source, "status", EMAIL_STATUSES);
  const kind = enumFilter(source, "kind", Object.keys(EMAIL_KIND_LABELS));
  const messageId = idFilter(source, "messageId");
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(`(instr(lower(l.to_address), lower(?)) > 0 OR instr(lower(l.subject), lower(?)) > 0
      OR instr(lower(COALESCE(u.first_name || ' ' || u.last_name, '')), lower(?)) > 0)`);
    args.push(q.search, q.search, q.search);
  }
  if (status) {
    where.push("l.status = ?");
    args.push(status);
  }
  if (kind) {
    where.push("l.kind = ?");
    args.push(kind);
  }
  if (messageId != null) {
    where.push("l.message_id = ?");
    args.push(messageId);
  }
  return { q, where, args };
}

/* ---- Messages to users ---- */

function filterOf(source: Record<string, unknown>): EmailMessageFilter {
  return {
    roleId: idFilter(source, "roleId"),
    agencyId: idFilter(source, "agencyId"),
    documents: enumFilter(source, "documents", EMAIL_DOCUMENT_FILTERS),
    contracts: enumFilter(source, "contracts", EMAIL_CONTRACT_FILTERS),
  };
}

/** The active users a filter chooses: WHERE and its args (users u). */
function recipientsWhere(f: EmailMessageFilter): { where: string; args: InValue[] } {
  const where = ["u.status = 'active'"];
  const args: InValue[] = [];
  if (f.roleId != null) {
    where.push("u.role_id = ?");
    args.push(f.roleId);
  }
  if (f.agencyId != null) {
    where.push("u.upline_user_id = ?");
    args.push(f.agencyId);
  }
  if (f.documents === "awaiting_review")
    where.push("EXISTS (SELECT 1 FROM compliance_documents d WHERE d.user_id = u.id AND d.review = 'pending')");
  if (f.documents === "notifications")
    where.push("EXISTS (SELECT 1 FROM document_notifications n WHERE n.user_id = u.id)");
  if (f.contracts === "none") where.push("NOT EXISTS (SELECT 1 FROM contracting_entries c WHERE c.user_id = u.id)");
  else if (f.contracts) {
    where.push("EXISTS (SELECT 1 FROM contracting_entries c WHERE c.user_id = u.id AND c.status = ?)");
    args.push(f.contracts);
  }
  return { where: where.join(" AND "), args };
}

export interface EmailRouteOptions {
  db: ReferenceDb;
  logger: Logger;
  mailer: Mailer;
  after: AfterAnswer;
}

export function registerEmailRoutes(app: Express, { db, logger, mailer, after }: EmailRouteOptions): void {
  const readQuery = <T>(req: Request, res: Response, parse: (source: Record<string, unknown>) => T): T | null => {
    try {
      return parse(req.query as Record<string, unknown>);
    } catch (error) {
      if (error instanceof QueryError) {
        fail(res, 422, error.message);
        return null;
      }
      throw error;
    }
  };

  const idParam = (req: Request, res: Response, what: string): number | null => {
    const raw = String(req.params.id);
    const id = positiveInt(raw);
    if (id == null) fail(res, 404, `No ${what} with id ${raw}`);
    return id;
  };

  const since30Days = () => new Date(Date.now() - 30 * 86_400_000).toISOString();

  const findTemplate = async (id: number): Promise<EmailTemplate | null> => {
    const from = templateFrom(since30Days());
    const found = await db.client.execute({
      sql: `SELECT * FROM ${from.sql} WHERE t.id = ?`,
      args: [...from.args, id],
    });
    return found.rows[0] ? templateFromRow(found.rows[0]) : null;
  };

  const findLog = async (id: number): Promise<EmailLogDetail | null> => {
    const found = await db.client.execute({ sql: `${LOG_SELECT} WHERE l.id = ?`, args: [id] });
    const row = found.rows[0];
    return row ? { ...logFromRow(row), text: row.text_body == null ? null : text(row.text_body) } : null;
  };

  /** A user's values for a preview or a test: the user, or null when there is none with this id. */
  const previewUser = async (userId: number) => {
    const found = await db.client.execute({
      sql: `SELECT u.id, u.email, u.first_name, u.last_name, a.id AS agency_id, a.first_name AS agency_first,
              a.last_name AS agency_last
            FROM users u LEFT JOIN users a ON a.id = u.upline_user_id WHERE u.id = ?`,
      args: [userId],
    });
    const r = found.rows[0];
    if (!r) return null;
    return {
      id: Number(r.id),
      email: text(r.email),
      firstName: text(r.first_name),
      lastName: text(r.last_name),
      agencyName:
        r.agency_id == null ? null : agencyNameOf(Number(r.agency_id), text(r.agency_first), text(r.agency_last)),
    };
  };

  /* ---- Templates ---- */

  const templateList = (req: Request, res: Response) =>
    readQuery(req, res, (source) => {
      const q = parseTableQuery(source, TEMPLATE_SORTS);
      const where: string[] = [];
      const args: InValue[] = [];
      if (q.search) {
        where.push("(instr(lower(t.name), lower(?)) > 0 OR instr(lower(t.subject), lower(?)) > 0)");
        args.push(q.search, q.search);
      }
      const from = templateFrom(since30Days());
      return {
        q,
        count: { sql: `SELECT COUNT(*) AS n FROM ${from.sql} ${whereSql(where)}`, args: [...from.args, ...args] },
        rows: {
          sql: `SELECT * FROM ${from.sql} ${whereSql(where)} ORDER BY ${orderBy(q, TEMPLATE_SORTS, "t.id")}`,
          args: [...from.args, ...args],
        },
      };
    });

  app.get("/api/admin/email_templates", async (req, res) => {
    const parsed = templateList(req, res);
    if (!parsed) return;
    const counted = await db.client.execute(parsed.count);
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const rows = await db.client.execute({
      sql: `${parsed.rows.sql} LIMIT ? OFFSET ?`,
      args: [...parsed.rows.args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
    });
    const body: z.infer<typeof EmailTemplatesResponseSchema> = {
      records: rows.rows.map((r) => templateFromRow(r)),
      meta,
      facets: {},
    };
    res.json(body);
  });

  app.get("/api/admin/email_templates/export", async (req, res) => {
    const parsed = templateList(req, res);
    if (!parsed) return;
    await streamCsv(
      res,
      db,
      "email-templates.csv",
      ["Id", "Key", "Name", "When it is sent", "Subject", "Body", "Sent in 30 days", "Updated"],
      parsed.rows,
      (row) => {
        const t = templateFromRow(row);
        return [t.id, t.key, t.name, t.description, t.subject, t.body, t.sentLast30Days, t.updatedAt];
      },
    );
  });

  app.get("/api/admin/email_templates/:id", async (req, res) => {
    const id = idParam(req, res, "e-mail template");
    if (id == null) return;
    const record = await findTemplate(id);
    if (!record) return fail(res, 404, `No e-mail template with id ${id}`);
    const body: z.infer<typeof EmailTemplateResponseSchema> = {
      record,
      history: await historyOf(db, "email_templates", id),
    };
    res.json(body);
  });

  app.patch("/api/admin/email_templates/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "e-mail template");
    if (id == null) return;
    const parsed = EmailTemplateBodySchema.partial().safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const patch = parsed.data;
    type Outcome = { missing: true } | { fields: Record<string, string[]> } | { record: EmailTemplate };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const before = await findTemplate(id);
      if (!before) return { missing: true };
      const known = isTemplateKey(before.key) ? TEMPLATE_BY_KEY[before.key].placeholders : {};
      const fields: Record<string, string[]> = {};
      for (const field of ["subject", "body"] as const) {
        const error = patch[field] === undefined ? null : unknownPlaceholderError(patch[field], known);
        if (error) fields[field] = [error];
      }
      if (Object.keys(fields).length > 0) return { fields };
      const after = { subject: patch.subject ?? before.subject, body: patch.body ?? before.body };
      const changes = changesOf({ subject: before.subject, body: before.body }, after);
      if (changes.length > 0)
        await db.client.batch(
          [
            {
              sql: "UPDATE email_templates SET subject = ?, body = ?, updated_at = ? WHERE id = ?",
              args: [after.subject, after.body, new Date().toISOString(), id],
            },
            audit(res.locals.session, { resource: "email_templates", recordId: id, action: "updated", changes }),
          ],
          "write",
        );
      return { record: (await findTemplate(id))! };
    });
    if ("missing" in outcome) return fail(res, 404, `No e-mail template with id ${id}`);
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ templateId: id }, "admin updated an e-mail template");
    res.json({ record: outcome.record });
  });

  /** The template `id` filled with the values of user `userId` (default: the administrator). */
  const preview = async (req: Request, res: AdminResponse, userIdRaw: unknown) => {
    const id = idParam(req, res, "e-mail template");
    if (id == null) return null;
    const template = await findTemplate(id);
    if (!template || !isTemplateKey(template.key)) {
      fail(res, 404, `No e-mail template with id ${id}`);
      return null;
    }
    const raw = scalar(userIdRaw);
    const userId = raw === undefined || raw === "" ? res.locals.session.user.userId : positiveInt(raw);
    const user = userId == null ? null : await previewUser(userId);
    if (!user) {
      refuseFields(res, { userId: ["There is no user with this id."] });
      return null;
    }
    const rendered = renderTemplate(template, sampleValues(mailer.portalUrl, user, template.key), mailer.portalUrl);
    return { template, user, rendered };
  };

  app.get("/api/admin/email_templates/:id/preview", async (req, res: AdminResponse) => {
    const found = await preview(req, res, req.query.userId);
    if (!found) return;
    const { user, rendered } = found;
    const body: z.infer<typeof EmailPreviewResponseSchema> = {
      preview: {
        subject: rendered.subject,
        text: rendered.text,
        user: { id: user.id, name: `${user.firstName} ${user.lastName}`, email: user.email },
      },
    };
    res.json(body);
  });

  app.post("/api/admin/email_templates/:id/test", async (req, res: AdminResponse) => {
    const found = await preview(req, res, (req.body as Record<string, unknown> | undefined)?.userId);
    if (!found) return;
    const { template, rendered } = found;
    const { session } = res.locals;
    const e: Email = {
      kind: template.key as EmailKind,
      to: session.user.email,
      subject: `[Test] ${rendered.subject}`,
      text: rendered.text,
      html: rendered.html,
    };
    const { logId } = await mailer.deliverLogged(e, { test: true, userId: session.user.userId });
    await db.exclusive(async () =>
      db.client.execute(
        audit(session, {
          resource: "email_templates",
          recordId: template.id,
          action: "test_sent",
          note: `A test was sent to ${session.user.email}.`,
        }),
      ),
    );
    logger.info({ templateId: template.id }, "admin sent a test e-mail");
    const body: z.infer<typeof EmailSentResponseSchema> = { record: (await findLog(logId!))! };
    res.status(201).json(body);
  });

  /* ---- The log ---- */

  const logSql = (where: string[], args: InValue[], q: TableQuery<keyof typeof LOG_SORTS>) => ({
    count: `SELECT COUNT(*) AS n FROM email_log l LEFT JOIN users u ON u.id = l.user_id ${whereSql(where)}`,
    rows: `${LOG_SELECT} ${whereSql(where)} ORDER BY ${orderBy(q, LOG_SORTS, "l.id")}`,
    args,
  });

  app.get("/api/admin/email_log", async (req, res) => {
    const parsed = readQuery(req, res, logQuery);
    if (!parsed) return;
    const sql = logSql(parsed.where, parsed.args, parsed.q);
    const counted = await db.client.execute({ sql: sql.count, args: sql.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const rows = await db.client.execute({
      sql: `${sql.rows} LIMIT ? OFFSET ?`,
      args: [...sql.args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
    });
    const body: z.infer<typeof EmailLogResponseSchema> = {
      records: rows.rows.map((r) => logFromRow(r)),
      meta,
      facets: {
        status: EMAIL_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) })),
        kind: Object.entries(EMAIL_KIND_LABELS).map(([value, label]) => ({ value, label })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/email_log/export", async (req, res) => {
    const parsed = readQuery(req, res, logQuery);
    if (!parsed) return;
    const sql = logSql(parsed.where, parsed.args, parsed.q);
    await streamCsv(
      res,
      db,
      "email-log.csv",
      ["Id", "Created", "E-mail", "To", "User", "Subject", "Status", "Failure reason", "Sent", "Test"],
      { sql: sql.rows, args: sql.args },
      (row) => {
        const l = logFromRow(row);
        const sent = l.sentAt;
        return [l.id, l.createdAt, l.kindLabel, l.to, l.user?.name, l.subject, l.status, l.failureReason, sent, l.test];
      },
    );
  });

  app.get("/api/admin/email_log/:id", async (req, res) => {
    const id = idParam(req, res, "e-mail");
    if (id == null) return;
    const record = await findLog(id);
    if (!record) return fail(res, 404, `No e-mail with id ${id}`);
    const body: z.infer<typeof EmailLogEntryResponseSchema> = { record, history: await historyOf(db, "email_log", id) };
    res.json(body);
  });

  app.post("/api/admin/email_log/:id/resend", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "e-mail");
    if (id == null) return;
    const entry = await db.client.execute({ sql: "SELECT * FROM email_log WHERE id = ?", args: [id] });
    const row = entry.rows[0];
    if (!row) return fail(res, 404, `No e-mail with id ${id}`);
    const kind = text(row.kind);
    const to = text(row.to_address);
    const meta = { resendOf: id, userId: row.user_id == null ? null : Number(row.user_id) };
    let logId: number | null = null;
    if (ONE_TIME_LINK_KINDS.has(kind) && Number(row.test) !== 1) {
      // A one-time link is never sent twice: its account gets a new one, as its own request would give it.
      if (kind === "invitation") return fail(res, 422, INVITATION_NOT_RESENT);
      const user = (
        await db.client.execute({
          sql: "SELECT id, email, first_name, status FROM users WHERE email = ? COLLATE NOCASE",
          args: [to],
        })
      ).rows[0];
      const status = user ? text(user.status) : null;
      const purpose = kind === "activate" ? "activate" : kind === "verify" ? "verify" : "reset";
      const needs = { activate: "pending", verify: "unverified", reset: "active" } as const;
      if (!user || status !== needs[purpose]) {
        const now = status ?? "gone";
        return fail(
          res,
          422,
          `This e-mail's link is for an account that is ${needs[purpose]}; the account is ${now} now, so it is not resent.`,
        );
      }
      await sendAccountLink(
        { db, mailer, logger },
        { userId: Number(user.id), email: text(user.email), firstName: text(user.first_name) },
        purpose,
        meta,
      );
      const latest = await db.client.execute({
        sql: "SELECT id FROM email_log WHERE resend_of = ? ORDER BY id DESC LIMIT 1",
        args: [id],
      });
      logId = latest.rows[0] ? Number(latest.rows[0].id) : null;
    } else {
      if (row.text_body == null) return fail(res, 422, "This e-mail's text was not kept: it cannot be resent.");
      const e: Email = {
        kind: kind as EmailKind,
        to,
        subject: text(row.subject),
        text: text(row.text_body),
        html: text(row.html_body),
      };
      ({ logId } = await mailer.deliverLogged(e, { ...meta, test: Number(row.test) === 1, messageId: null }));
    }
    await db.exclusive(async () =>
      db.client.execute(
        audit(res.locals.session, {
          resource: "email_log",
          recordId: id,
          action: "resent",
          note: logId == null ? null : `Resent as e-mail ${logId}.`,
        }),
      ),
    );
    logger.info({ emailId: id, resentAs: logId }, "admin resent an e-mail");
    if (logId == null) return fail(res, 502, "The e-mail could not be resent.");
    const body: z.infer<typeof EmailSentResponseSchema> = { record: (await findLog(logId))! };
    res.status(201).json(body);
  });

  /* ---- Messages to users ---- */

  const countRecipients = async (f: EmailMessageFilter) => {
    const { where, args } = recipientsWhere(f);
    const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n FROM users u WHERE ${where}`, args });
    return Number(counted.rows[0]?.n ?? 0);
  };

  app.get("/api/admin/email_messages/recipients", async (req, res) => {
    const filter = readQuery(req, res, filterOf);
    if (!filter) return;
    const [recipients, roles, agencies] = await Promise.all([
      countRecipients(filter),
      db.client.execute("SELECT id, name FROM roles ORDER BY name COLLATE NOCASE, id"),
      db.client.execute(
        `SELECT u.id, u.first_name, u.last_name FROM users u JOIN roles r ON r.id = u.role_id
         WHERE r.kind = 'Agency' ORDER BY u.last_name COLLATE NOCASE, u.first_name COLLATE NOCASE, u.id`,
      ),
    ]);
    const body: z.infer<typeof EmailRecipientsResponseSchema> = {
      recipients,
      facets: {
        roleId: roles.rows.map((r) => ({ value: String(Number(r.id)), label: text(r.name) })),
        agencyId: agencies.rows.map((r) => ({
          value: String(Number(r.id)),
          label: `${agencyNameOf(Number(r.id), text(r.first_name), text(r.last_name))} · user ${Number(r.id)}`,
        })),
      },
    };
    res.json(body);
  });

  app.post("/api/admin/email_messages", async (req, res: AdminResponse) => {
    const key = req.get("idempotency-key")?.trim();
    if (key !== undefined && (key.length === 0 || key.length > 255))
      return fail(res, 422, "Idempotency-Key must be 1 to 255 characters");
    const parsed = EmailMessageBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const b = parsed.data;
    const fields: Record<string, string[]> = {};
    for (const field of ["subject", "body"] as const) {
      const error = unknownPlaceholderError(b[field], MESSAGE_PLACEHOLDERS);
      if (error) fields[field] = [error];
    }
    if (Object.keys(fields).length > 0) return refuseFields(res, fields);
    const filter: EmailMessageFilter = {
      roleId: b.roleId,
      agencyId: b.agencyId,
      documents: b.documents,
      contracts: b.contracts,
    };
    const { session } = res.locals;
    const adminId = session.user.userId;
    const fingerprint = JSON.stringify(b);
    type Outcome =
      | { replay: { status: number; body: string } }
      | { refused: number; error: string; recipients?: number }
      | { queued: QueuedMessage };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      if (key) {
        const previous = await findIdempotentAnswer(db, adminId, key);
        if (previous) {
          if (previous.fingerprint !== fingerprint) return { refused: 422, error: IDEMPOTENCY_KEY_REUSED };
          return { replay: previous };
        }
      }
      const { where, args } = recipientsWhere(filter);
      const users = (
        await db.client.execute({
          sql: `SELECT u.id, u.email, u.first_name, u.last_name FROM users u WHERE ${where} ORDER BY u.id`,
          args,
        })
      ).rows;
      if (users.length === 0) return { refused: 422, error: NO_RECIPIENTS };
      if (users.length > EMAIL_MESSAGE_CAP) return { refused: 422, error: tooManyRecipients(users.length) };
      if (users.length !== b.recipients)
        return { refused: 409, error: recipientsChanged(users.length), recipients: users.length };
      const emails = users.map((u) => ({
        userId: Number(u.id),
        to: text(u.email),
        rendered: renderTemplate(
          b,
          { firstName: text(u.first_name), lastName: text(u.last_name), email: text(u.email) },
          mailer.portalUrl,
        ),
      }));
      const createdBy = { userId: adminId, name: `${session.user.firstName} ${session.user.lastName}` };
      const queued = await queueMessage(
        db,
        "message",
        { subject: b.subject, body: b.body, filter, createdBy },
        emails,
        (messageId) => [
          audit(session, {
            resource: "email_messages",
            recordId: messageId,
            action: "created",
            changes: changesOf({}, { subject: b.subject, body: b.body, filter, recipients: users.length }),
          }),
        ],
      );
      const body = JSON.stringify(await messageBody(queued.messageId));
      if (key) await storeIdempotentAnswer(db, adminId, key, fingerprint, 201, body);
      return { queued };
    });
    if ("replay" in outcome) {
      res.status(outcome.replay.status).set("Idempotent-Replayed", "true").type("application/json");
      res.send(outcome.replay.body);
      return;
    }
    if ("refused" in outcome) {
      res
        .status(outcome.refused)
        .json(
          outcome.recipients === undefined
            ? { error: outcome.error }
            : { error: outcome.error, recipients: outcome.recipients },
        );
      return;
    }
    const { messageId, emails } = outcome.queued;
    // Queued in the answer's batch; each one is sent after the answer (sent or failed in the log).
    sendQueued({ db, mailer, after }, outcome.queued, "send a message to users");
    logger.info({ messageId, recipients: emails.length }, "admin sent a message to users");
    res.status(201).json(await messageBody(messageId));
  });

  const messageBody = async (id: number): Promise<z.infer<typeof EmailMessageResponseSchema>> => {
    const r = (await db.client.execute({ sql: "SELECT * FROM email_messages WHERE id = ?", args: [id] })).rows[0]!;
    return {
      record: {
        id: Number(r.id),
        subject: text(r.subject),
        body: text(r.body),
        filter: JSON.parse(text(r.filter)) as EmailMessageFilter,
        recipientCount: Number(r.recipient_count),
        createdBy: { userId: Number(r.created_by_user_id), name: text(r.created_by_name) },
        createdAt: text(r.created_at),
      },
    };
  };
}
