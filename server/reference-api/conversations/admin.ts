/**
 * The support desk's staff side (issue 22 §2.6–2.7, docs/upstream-api.md "Support desk") of the one conversation
 * model (store.ts), in two queues by kind — tickets (support tickets and commission inquiries: /api/admin/tickets)
 * and feedback conversations (/api/admin/feedback_conversations) — with the admin list conventions, the thread
 * (public messages and internal notes), a public answer, an internal note, assign, close and reopen.
 * Internal notes live in their own table (conversation_notes): no query of the owner's or the carrier's endpoints
 * reads it, so a note cannot reach them.
 */
import type { InStatement, InValue } from "@libsql/client";
import type { Express, Request, Response } from "express";
import type { z } from "zod";
import {
  ConversationBulkAssignBodySchema,
  ConversationMessageBodySchema,
  ConversationNoteBodySchema,
  ConversationPatchBodySchema,
  type AdminConversationResponseSchema,
  type AdminConversationsResponseSchema,
} from "../../../app/admin/sections/tickets/contract.server.ts";
import {
  CONVERSATION_AGES,
  CONVERSATION_KIND_LABELS,
  CONVERSATION_STATUS_LABELS,
  CONVERSATION_STATUSES,
  type AdminConversation,
  type ConversationAge,
  type ConversationEntry,
  type ConversationKind,
  type ConversationStatus,
} from "../../../app/admin/sections/tickets/records.ts";
import { messageExcerpt } from "../../../app/domain/feedback.ts";
import { audit, historyOf, refuseFields, streamCsv, type AdminResponse, type Change } from "../admin/admin-support.ts";
import { fail, fullName } from "./forms.ts";
import {
  assigneeStatement,
  closedStatement,
  kindFilter,
  messageStatement,
  messagesOf,
  noteStatement,
  notesOf,
  SUMMARIES,
  summaryPage,
  summaryRow,
  TICKET_KINDS,
  FEEDBACK_KINDS,
  touchStatement,
} from "./store.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, positiveInt, scalar } from "../core/paging.ts";
import { bodyObject, zodFields } from "../admin/list-support.ts";

type ListResponse = z.infer<typeof AdminConversationsResponseSchema>;
type OneResponse = z.infer<typeof AdminConversationResponseSchema>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const CONVERSATION_CLOSED = "This conversation is closed: reopen it to answer.";
export const NOT_AN_ADMIN = "assigneeId must be an administrator's id.";
export const noConversation = (id: string | number) => `No conversation with id ${id}`;

/** One of the two queues: its resource name (URL and audit) and the kinds it holds. */
interface Source {
  resource: "tickets" | "feedback_conversations";
  kinds: readonly ConversationKind[];
}

export const TICKETS: Source = { resource: "tickets", kinds: TICKET_KINDS };
export const FEEDBACK: Source = { resource: "feedback_conversations", kinds: FEEDBACK_KINDS };

function recordOf(r: Record<string, unknown>, now: number): AdminConversation {
  return {
    id: Number(r.id),
    kind: String(r.kind) as ConversationKind,
    subject: String(r.subject),
    category: String(r.category),
    status: String(r.status) as ConversationStatus,
    owner: { id: Number(r.user_id), name: String(r.owner_name), email: String(r.owner_email) },
    carrier: r.carrier_id == null ? null : { id: Number(r.carrier_id), name: String(r.carrier_name) },
    reference: r.reference == null ? null : String(r.reference),
    rating: r.rating == null ? null : Number(r.rating),
    assignee: r.assignee_user_id == null ? null : { id: Number(r.assignee_user_id), name: String(r.assignee_name) },
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    waitingDays: Math.max(0, Math.floor((now - Date.parse(String(r.last_created_at))) / DAY_MS)),
    messageCount: Number(r.message_count),
    notesCount: Number(r.notes_count),
    lastMessage: {
      author: String(r.last_author),
      fromStaff: Number(r.last_from_staff) === 1,
      createdAt: String(r.last_created_at),
      excerpt: messageExcerpt(String(r.last_body)),
    },
  };
}

const STATUS_RANK = "CASE s.status WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END";
const flip = (o: "ASC" | "DESC") => (o === "ASC" ? "DESC" : "ASC");
/** waiting DESC (the default): awaiting staff first, then answered, then closed; the longest waiting first. */
const SORTS = {
  waiting: (o: "ASC" | "DESC") => `${STATUS_RANK} ${flip(o)}, s.last_created_at ${flip(o)}, s.id ${flip(o)}`,
  updatedAt: (o: "ASC" | "DESC") => `s.updated_at ${o}, s.id ${o}`,
  createdAt: (o: "ASC" | "DESC") => `s.created_at ${o}, s.id ${o}`,
  subject: (o: "ASC" | "DESC") => `s.subject COLLATE NOCASE ${o}, s.id ${o}`,
  owner: (o: "ASC" | "DESC") => `s.owner_name COLLATE NOCASE ${o}, s.id ${o}`,
} as const;

/** Whole days since the last message, lo to hi (hi null: and more). */
const AGE_BANDS: Record<ConversationAge, readonly [number, number | null]> = {
  "0-7": [0, 7],
  "8-30": [8, 30],
  "31-90": [31, 90],
  "91+": [91, null],
};

interface ConversationQuery {
  page: number;
  perPage: number;
  search: string;
  sort: keyof typeof SORTS | null;
  order: "ASC" | "DESC";
  kind: ConversationKind | null;
  status: ConversationStatus | null;
  carrierId: number | null;
  /** An administrator's id, or "none" (not assigned). */
  assigneeId: number | "none" | null;
  age: ConversationAge | null;
}

/** The query of a list or export; null after a 422 for a malformed filter. */
function readQuery(source: Source, req: Request, res: Response): ConversationQuery | null {
  const raw = req.query as Record<string, unknown>;
  const fields: Record<string, string[]> = {};
  const value = (name: string) => {
    const v = scalar(raw[name]);
    return v === undefined || v === "" ? null : v;
  };
  const oneOf = <T extends string>(name: string, values: readonly T[]): T | null => {
    const v = value(name);
    if (v === null) return null;
    const found = values.find((x) => x === v);
    if (!found) fields[name] = [`${name} must be one of ${values.join(", ")}.`];
    return found ?? null;
  };
  const id = (name: string) => {
    const v = value(name);
    if (v === null) return null;
    const n = positiveInt(v);
    if (n == null) fields[name] = [`${name} must be a positive integer.`];
    return n;
  };
  const assignee = value("assigneeId");
  const q: ConversationQuery = {
    ...parseTableQuery(raw, SORTS),
    kind: oneOf("kind", source.kinds),
    status: oneOf("status", CONVERSATION_STATUSES),
    carrierId: id("carrierId"),
    assigneeId: assignee === "none" ? "none" : id("assigneeId"),
    age: oneOf("age", CONVERSATION_AGES),
  };
  if (Object.keys(fields).length > 0) {
    refuseFields(res, fields);
    return null;
  }
  return q;
}

function whereOf(source: Source, q: ConversationQuery, now: number): { where: string[]; args: InValue[] } {
  const kinds = kindFilter(source.kinds);
  const where: string[] = [kinds.sql];
  const args: InValue[] = [...kinds.args];
  if (q.search) {
    where.push(`(instr(lower(s.subject), lower(?)) > 0 OR instr(lower(s.owner_name), lower(?)) > 0
      OR instr(lower(s.owner_email), lower(?)) > 0 OR instr(lower(COALESCE(s.reference, '')), lower(?)) > 0)`);
    args.push(q.search, q.search, q.search, q.search);
  }
  if (q.kind) {
    where.push("s.kind = ?");
    args.push(q.kind);
  }
  if (q.status) {
    where.push("s.status = ?");
    args.push(q.status);
  }
  if (q.carrierId != null) {
    where.push("s.carrier_id = ?");
    args.push(q.carrierId);
  }
  if (q.assigneeId === "none") where.push("s.assignee_user_id IS NULL");
  else if (q.assigneeId != null) {
    where.push("s.assignee_user_id = ?");
    args.push(q.assigneeId);
  }
  if (q.age) {
    const [lo, hi] = AGE_BANDS[q.age];
    where.push("s.last_created_at <= ?");
    args.push(new Date(now - lo * DAY_MS).toISOString());
    if (hi != null) {
      where.push("s.last_created_at > ?");
      args.push(new Date(now - (hi + 1) * DAY_MS).toISOString());
    }
  }
  return { where, args };
}

const orderOf = (q: ConversationQuery) => (q.sort ? SORTS[q.sort](q.order) : SORTS.waiting("DESC"));

/** The administrators a conversation may be assigned to (active admins), as a facet. */
async function assignees(db: ReferenceDb): Promise<Array<{ value: string; label: string }>> {
  const rows = await db.client.execute(
    "SELECT id, first_name, last_name FROM users WHERE role = 'Admin' AND status = 'active' ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, id",
  );
  return rows.rows.map((r) => ({ value: String(r.id), label: `${String(r.first_name)} ${String(r.last_name)}` }));
}

async function list(db: ReferenceDb, source: Source, q: ConversationQuery): Promise<ListResponse> {
  const now = Date.now();
  const [{ rows, meta }, carriers, admins] = await Promise.all([
    summaryPage(db, whereOf(source, q, now), orderOf(q), q),
    source === TICKETS
      ? db.client.execute("SELECT id, name FROM carriers ORDER BY name COLLATE NOCASE, id").then((r) => r.rows)
      : Promise.resolve([]),
    assignees(db),
  ]);
  return {
    records: rows.map((r) => recordOf(r, now)),
    meta,
    facets: {
      kind: source.kinds.map((k) => ({ value: k, label: CONVERSATION_KIND_LABELS[k] })),
      status: CONVERSATION_STATUSES.map((s) => ({ value: s, label: CONVERSATION_STATUS_LABELS[s] })),
      carrierId: carriers.map((r) => ({ value: String(r.id), label: String(r.name) })),
      assigneeId: [{ value: "none", label: "Unassigned" }, ...admins],
      age: CONVERSATION_AGES.map((a) => ({ value: a, label: `${a} days` })),
    },
  };
}

async function recordById(db: ReferenceDb, source: Source, id: number): Promise<AdminConversation | null> {
  const kinds = kindFilter(source.kinds);
  const row = await summaryRow(db, { where: ["s.id = ?", kinds.sql], args: [id, ...kinds.args] });
  return row ? recordOf(row, Date.now()) : null;
}

/** Public messages and internal notes, oldest first. */
async function threadOf(db: ReferenceDb, id: number): Promise<ConversationEntry[]> {
  const [messages, notes] = await Promise.all([messagesOf(db, id), notesOf(db, id)]);
  const entries: ConversationEntry[] = [
    ...messages.map(({ read: _read, ...message }): ConversationEntry => ({ ...message, kind: "message" })),
    ...notes.map((n): ConversationEntry => ({ ...n, kind: "note", fromStaff: true, attachment: null })),
  ];
  return entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.kind.localeCompare(b.kind) || a.id - b.id);
}

async function isAdmin(db: ReferenceDb, id: number): Promise<string | null> {
  const found = await db.client.execute({
    sql: "SELECT first_name, last_name FROM users WHERE id = ? AND role = 'Admin' AND status = 'active'",
    args: [id],
  });
  const r = found.rows[0];
  return r ? `${String(r.first_name)} ${String(r.last_name)}` : null;
}

const CSV_HEADER = [
  "ID",
  "Kind",
  "Subject",
  "Category",
  "Status",
  "Owner",
  "Owner e-mail",
  "Carrier",
  "Reference",
  "Assignee",
  "Created at",
  "Last message at",
  "Days waiting",
  "Messages",
] as const;

function registerSource(app: Express, db: ReferenceDb, source: Source, log: (o: object, msg: string) => void) {
  const base = `/api/admin/${source.resource}`;

  app.get(base, async (req, res) => {
    const q = readQuery(source, req, res);
    if (q) res.json(await list(db, source, q));
  });

  app.get(`${base}/export`, async (req, res) => {
    const q = readQuery(source, req, res);
    if (!q) return;
    const now = Date.now();
    const { where, args } = whereOf(source, q, now);
    await streamCsv(
      res,
      db,
      `${source.resource}.csv`,
      CSV_HEADER,
      { sql: `SELECT * FROM ${SUMMARIES} WHERE ${where.join(" AND ")} ORDER BY ${orderOf(q)}`, args },
      (r) => {
        const c = recordOf(r, now);
        return [
          c.id,
          CONVERSATION_KIND_LABELS[c.kind],
          c.subject,
          c.category,
          CONVERSATION_STATUS_LABELS[c.status],
          c.owner.name,
          c.owner.email,
          c.carrier?.name,
          c.reference,
          c.assignee?.name,
          c.createdAt,
          c.lastMessage.createdAt,
          c.waitingDays,
          c.messageCount,
        ];
      },
    );
  });

  /** The record of the `:id` parameter; else answers 404 and returns null. */
  const found = async (req: Request, res: Response) => {
    const id = positiveInt(scalar(req.params.id));
    const record = id == null ? null : await recordById(db, source, id);
    if (!record) fail(res, 404, noConversation(String(req.params.id)));
    return record;
  };

  app.get(`${base}/:id`, async (req, res) => {
    const record = await found(req, res);
    if (!record) return;
    const [thread, history, admins] = await Promise.all([
      threadOf(db, record.id),
      historyOf(db, source.resource, record.id),
      assignees(db),
    ]);
    res.json({ record, thread, history, assignees: admins } satisfies OneResponse);
  });

  app.post(`${base}/bulk_assign`, async (req, res: AdminResponse) => {
    const parsed = ConversationBulkAssignBodySchema.safeParse(bodyObject(req));
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const { assigneeId } = parsed.data;
    const name = assigneeId == null ? null : await isAdmin(db, assigneeId);
    if (assigneeId != null && !name) return refuseFields(res, { assigneeId: [NOT_AN_ADMIN] });
    const session = res.locals.session;
    const done = await db.exclusive(async () => {
      const now = new Date().toISOString();
      const statements: InStatement[] = [];
      let found = 0;
      for (const id of new Set(parsed.data.ids)) {
        const record = await recordById(db, source, id);
        if (record) found++;
        if (!record || (record.assignee?.id ?? null) === assigneeId) continue;
        statements.push(
          assigneeStatement(id, assigneeId),
          audit(session, {
            resource: source.resource,
            recordId: id,
            action: "assigned",
            changes: [{ field: "assignee", from: record.assignee?.name ?? null, to: name }],
            at: now,
          }),
        );
      }
      if (statements.length > 0) await db.client.batch(statements, "write");
      // Done: every conversation that exists now has that assignee (those that had it already included).
      return found;
    });
    log({ adminId: session.user.userId, resource: source.resource, done }, "conversations assigned in bulk");
    res.json({ done });
  });

  app.patch(`${base}/:id`, async (req, res: AdminResponse) => {
    await db.exclusive(async () => {
      const record = await found(req, res);
      if (!record) return;
      const parsed = ConversationPatchBodySchema.safeParse(bodyObject(req));
      if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
      const { assigneeId, status } = parsed.data;
      const session = res.locals.session;
      const now = new Date().toISOString();
      const statements: InStatement[] = [];
      if (assigneeId !== undefined && assigneeId !== (record.assignee?.id ?? null)) {
        const name = assigneeId == null ? null : await isAdmin(db, assigneeId);
        if (assigneeId != null && !name) return refuseFields(res, { assigneeId: [NOT_AN_ADMIN] });
        const change: Change = { field: "assignee", from: record.assignee?.name ?? null, to: name };
        statements.push(
          assigneeStatement(record.id, assigneeId),
          audit(session, {
            resource: source.resource,
            recordId: record.id,
            action: "assigned",
            changes: [change],
            at: now,
          }),
        );
      }
      if (status && (status === "closed") !== (record.status === "closed")) {
        statements.push(closedStatement(record.id, status === "closed", now));
        statements.push(
          audit(session, {
            resource: source.resource,
            recordId: record.id,
            action: status === "closed" ? "closed" : "reopened",
            at: now,
          }),
        );
      }
      if (statements.length > 0) await db.client.batch(statements, "write");
      log(
        { adminId: session.user.userId, resource: source.resource, id: record.id, status, assigneeId },
        "conversation updated",
      );
      res.json({ record: await recordById(db, source, record.id) });
    });
  });

  app.post(`${base}/:id/messages`, async (req, res: AdminResponse) => {
    await db.exclusive(async () => {
      const record = await found(req, res);
      if (!record) return;
      const parsed = ConversationMessageBodySchema.safeParse(bodyObject(req));
      if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
      if (record.status === "closed") return refuseFields(res, { message: [CONVERSATION_CLOSED] });
      const session = res.locals.session;
      const { user } = session;
      const now = new Date().toISOString();
      // Unread for its owner until they open the conversation (spec §3's unread count); answered from now on.
      await db.client.batch(
        [
          messageStatement({
            conversationId: record.id,
            ownerId: record.owner.id,
            author: { id: user.userId, name: fullName(user) },
            fromStaff: true,
            body: parsed.data.message,
            createdAt: now,
          }),
          touchStatement(record.id, now),
          audit(session, { resource: source.resource, recordId: record.id, action: "answered", at: now }),
        ],
        "write",
      );
      log({ adminId: user.userId, resource: source.resource, id: record.id }, "conversation answered");
      res.status(201).json({ record: await recordById(db, source, record.id) });
    });
  });

  app.post(`${base}/:id/notes`, async (req, res: AdminResponse) => {
    await db.exclusive(async () => {
      const record = await found(req, res);
      if (!record) return;
      const parsed = ConversationNoteBodySchema.safeParse(bodyObject(req));
      if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
      const session = res.locals.session;
      const { user } = session;
      const now = new Date().toISOString();
      await db.client.batch(
        [
          noteStatement({
            conversationId: record.id,
            ownerId: record.owner.id,
            author: { id: user.userId, name: fullName(user) },
            body: parsed.data.note,
            createdAt: now,
          }),
          audit(session, { resource: source.resource, recordId: record.id, action: "note_added", at: now }),
        ],
        "write",
      );
      log({ adminId: user.userId, resource: source.resource, id: record.id }, "internal note added");
      res.status(201).json({ record: await recordById(db, source, record.id) });
    });
  });
}

export function registerAdminConversationRoutes(
  app: Express,
  { db, logger }: { db: ReferenceDb; logger: { info: (o: object, msg: string) => void } },
): void {
  const log = (o: object, msg: string) => logger.info(o, msg);
  registerSource(app, db, TICKETS, log);
  registerSource(app, db, FEEDBACK, log);
}
