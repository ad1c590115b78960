/**
 * Tickets routes (issue 4, docs/upstream-api.md): support tickets and commission inquiries with their
 * conversations — GET /api/tickets/categories, GET /api/tickets?kind= (paged, searched and sorted like
 * the book of business), GET /api/tickets/:id, POST /api/tickets (multipart, optional attachment,
 * Idempotency-Key), POST /api/tickets/:id/messages, POST /api/tickets/:id/close and
 * GET /api/tickets/:id/attachments/:fileId.
 * Storage: the one conversation model (store.ts: conversations of kind support or commission_inquiry, their
 * messages), files (attachments, owned by the uploader), carrier_users (the carrier a Carrier-role user answers
 * for), idempotency_keys.
 * Who sees a ticket: its owner (agents and agencies), an admin, and for a commission inquiry the carrier
 * it is addressed to. Anyone else gets 404.
 */
import { createHash } from "node:crypto";
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type {
  Ticket,
  TicketResponseSchema,
  TicketSummary,
  TicketsResponseSchema,
} from "../../../app/.server/upstream/schemas/tickets.ts";
import { MAX_TICKET_MESSAGE as MAX_MESSAGE, MAX_TICKET_SUBJECT as MAX_SUBJECT } from "../../../app/domain/tickets.ts";
import { MAX_UPLOAD_BYTES } from "../../../app/domain/uploads.ts";
import { parseTableQuery, positiveInt, scalar } from "../core/paging.ts";
import {
  answerHttpErrors,
  attachmentOf,
  fail,
  idempotencyKeyOf,
  messageOf as conversationMessageOf,
  messageWithAttachment,
  readReply,
  startConversation,
  text,
} from "./forms.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { HttpError, readFormData } from "../core/legal-answers-form.ts";
import { sendStoredFile, type Upload } from "../core/uploads.ts";
import { COMMISSION_INQUIRY_CATEGORY, TICKET_CATEGORIES, type TicketKind, type TicketStatus } from "./seed-tickets.ts";
import {
  closedStatement,
  messagesOf,
  summaryPage,
  summaryRow,
  touchStatement,
  type ConversationStatus,
  kindFilter,
  TICKET_KINDS,
  type Where,
} from "./store.ts";

type TicketsResponse = z.infer<typeof TicketsResponseSchema>;
type TicketResponse = z.infer<typeof TicketResponseSchema>;
type User = SessionRecord["user"];

export const BROKERS_ONLY_TICKETS = "Only agents and agencies can open tickets";
export const LOA_NO_INQUIRIES = "LOA users cannot open commission inquiries";
export const CARRIERS_SEE_INQUIRIES_ONLY = "Carriers can only see commission inquiries";
export const TICKET_CLOSED = "This ticket is closed";
export const CLOSE_NOT_ALLOWED = "Only the ticket's owner or an administrator can close it";
export const INVALID_KIND = "kind must be support or commission_inquiry";
export const BLANK_SUBJECT = "subject can't be blank";
export { BLANK_MESSAGE } from "./forms.ts";
export const BLANK_REFERENCE = "reference can't be blank (a statement or policy number)";
export const INVALID_CARRIER = "carrierId must be an existing carrier";
export const INVALID_CATEGORY = `category must be one of ${TICKET_CATEGORIES.join(", ")}`;
export const INQUIRY_CATEGORY = `category must be ${COMMISSION_INQUIRY_CATEGORY} for a commission inquiry`;
export const ticketNotFound = (id: string) => `No ticket with id ${id}`;

const MAX_REFERENCE = 100;
/** One attachment of up to MAX_UPLOAD_BYTES and the text fields; a larger file is still read, then refused (413). */
const MAX_TICKET_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/** The sortable columns and their SQL; ties are broken by id in the same direction. */
const SORT_COLUMNS = {
  subject: "s.subject COLLATE NOCASE",
  status: "s.status",
  createdAt: "s.created_at",
  updatedAt: "s.updated_at",
} as const;
export type TicketSortColumn = keyof typeof SORT_COLUMNS;

type Authed = Response<unknown, { session: SessionRecord }>;

export interface TicketsQuery {
  kind: TicketKind | null;
  page: number;
  perPage: number;
  search: string;
  sort: TicketSortColumn | null;
  order: "ASC" | "DESC";
}

function ticketKind(value: string | undefined): TicketKind | null {
  return value === "support" || value === "commission_inquiry" ? value : null;
}

/** Forgiving, as the book of business: a bad value falls back to its default (kind is checked by the route). */
export function parseTicketsQuery(source: Record<string, unknown>): TicketsQuery {
  return {
    kind: ticketKind(scalar(source.kind)),
    ...parseTableQuery(source, SORT_COLUMNS),
  };
}

/** The ticket's status as the tickets API names it. */
const STATUS: Record<ConversationStatus, TicketStatus> = { open: "Open", answered: "Answered", closed: "Closed" };

function summaryFromRow(r: Record<string, unknown>): TicketSummary {
  return {
    id: Number(r.id),
    kind: String(r.kind) as TicketKind,
    subject: String(r.subject),
    category: String(r.category),
    status: STATUS[String(r.status) as ConversationStatus],
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    messageCount: Number(r.message_count),
    reference: r.reference == null ? null : String(r.reference),
    carrierName: r.carrier_name == null ? null : String(r.carrier_name),
    ownerName: String(r.owner_name),
  };
}

/** The carrier a Carrier-role user answers for, or null. */
async function carrierOf(db: ReferenceDb, user: User): Promise<number | null> {
  if (user.role !== "Carrier") return null;
  const found = await db.client.execute({
    sql: "SELECT carrier_id FROM carrier_users WHERE user_id = ?",
    args: [user.userId],
  });
  const row = found.rows[0];
  return row ? Number(row.carrier_id) : null;
}

/** The tickets `user` may see: admin all; carrier the inquiries addressed to its carrier; else their own. */
async function scopeOf(db: ReferenceDb, user: User): Promise<Where> {
  const tickets = kindFilter(TICKET_KINDS);
  if (user.role === "Admin") return { where: [tickets.sql], args: tickets.args };
  if (user.role === "Carrier") {
    const carrierId = await carrierOf(db, user);
    return { where: ["s.kind = 'commission_inquiry'", "s.carrier_id = ?"], args: [carrierId ?? -1] };
  }
  return { where: [tickets.sql, "s.user_id = ?"], args: [...tickets.args, user.userId] };
}

async function tickets(db: ReferenceDb, user: User, kind: TicketKind, q: TicketsQuery): Promise<TicketsResponse> {
  const { where, args } = await scopeOf(db, user);
  where.push("s.kind = ?");
  args.push(kind);
  if (q.search) {
    where.push("(instr(lower(s.subject), lower(?)) > 0 OR instr(lower(COALESCE(s.reference, '')), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  // No sort: most recently updated first (the order parameter applies to a sorted column only).
  const orderBy = q.sort ? `${SORT_COLUMNS[q.sort]} ${q.order}, s.id ${q.order}` : "s.updated_at DESC, s.id DESC";
  const { rows, meta } = await summaryPage(db, { where, args }, orderBy, q);
  return { tickets: rows.map(summaryFromRow), meta };
}

/** One ticket with its messages, if `user` may see it. */
async function findTicket(db: ReferenceDb, user: User, id: number): Promise<Ticket | null> {
  const { where, args } = await scopeOf(db, user);
  const row = await summaryRow(db, { where: ["s.id = ?", ...where], args: [id, ...args] });
  if (!row) return null;
  const messages = await messagesOf(db, id);
  return { ...summaryFromRow(row), messages: messages.map(({ read: _read, ...m }) => m) };
}

function messageOf(form: FormData, problems: string[]): string {
  return conversationMessageOf(form, problems, MAX_MESSAGE);
}

interface NewTicket {
  kind: TicketKind;
  subject: string;
  category: string;
  message: string;
  reference: string | null;
  carrierId: number | null;
  attachment: Upload | null;
}

async function readNewTicket(db: ReferenceDb, user: User, form: FormData): Promise<NewTicket> {
  const kind = ticketKind(text(form, "kind"));
  if (!kind) throw new HttpError(422, INVALID_KIND);
  if (kind === "commission_inquiry" && user.loa) throw new HttpError(403, LOA_NO_INQUIRIES);
  const problems: string[] = [];
  const subject = text(form, "subject", { line: true }) ?? "";
  if (!subject) problems.push(BLANK_SUBJECT);
  else if (subject.length > MAX_SUBJECT) problems.push(`subject is too long (at most ${MAX_SUBJECT} characters)`);
  let category = text(form, "category") ?? "";
  if (kind === "support") {
    if (!TICKET_CATEGORIES.some((c) => c === category)) problems.push(INVALID_CATEGORY);
  } else {
    if (category === "") category = COMMISSION_INQUIRY_CATEGORY;
    if (category !== COMMISSION_INQUIRY_CATEGORY) problems.push(INQUIRY_CATEGORY);
  }
  const message = messageOf(form, problems);
  let reference: string | null = null;
  let carrierId: number | null = null;
  if (kind === "commission_inquiry") {
    reference = text(form, "reference", { line: true }) ?? "";
    if (!reference) problems.push(BLANK_REFERENCE);
    else if (reference.length > MAX_REFERENCE)
      problems.push(`reference is too long (at most ${MAX_REFERENCE} characters)`);
    carrierId = positiveInt(text(form, "carrierId"));
    const known =
      carrierId != null &&
      (await db.client.execute({ sql: "SELECT 1 FROM carriers WHERE id = ?", args: [carrierId] })).rows.length > 0;
    if (!known) problems.push(INVALID_CARRIER);
  }
  if (problems.length > 0) throw new HttpError(422, problems.join("; "));
  const attachment = await attachmentOf(form);
  return { kind, subject, category, message, reference, carrierId, attachment };
}

/** Same fields and same file bytes → same fingerprint (Idempotency-Key replay check). */
function fingerprintOf(t: NewTicket): string {
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify([
      "tickets",
      t.kind,
      t.subject,
      t.category,
      t.message,
      t.reference,
      t.carrierId,
      t.attachment?.name ?? null,
    ]),
  );
  if (t.attachment) hash.update(t.attachment.data);
  return hash.digest("hex");
}

export function registerTicketRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  const handle = answerHttpErrors;

  /** The ticket of the `:id` parameter the caller may see; else answers 404 and returns null. */
  const visibleTicket = async (req: Request, res: Authed): Promise<Ticket | null> => {
    const id = positiveInt(scalar(req.params.id));
    const ticket = id == null ? null : await findTicket(db, res.locals.session.user, id);
    if (!ticket) fail(res, 404, ticketNotFound(String(req.params.id)));
    return ticket;
  };

  const ticketBody = async (user: User, id: number): Promise<TicketResponse> => {
    const ticket = await findTicket(db, user, id);
    if (!ticket) throw new Error(`ticket ${id} vanished`);
    return { ticket };
  };

  app.get("/api/tickets/categories", requireSession, (_req, res) => {
    res.json({ categories: [...TICKET_CATEGORIES] });
  });

  app.get("/api/tickets", requireSession, async (req: Request, res: Authed) => {
    const q = parseTicketsQuery(req.query as Record<string, unknown>);
    if (!q.kind) return fail(res, 422, INVALID_KIND);
    const { user } = res.locals.session;
    if (user.role === "Carrier" && q.kind !== "commission_inquiry") return fail(res, 403, CARRIERS_SEE_INQUIRIES_ONLY);
    res.json(await tickets(db, user, q.kind, q));
  });

  app.get("/api/tickets/:id", requireSession, async (req: Request, res: Authed) => {
    const ticket = await visibleTicket(req, res);
    if (ticket) res.json({ ticket } satisfies TicketResponse);
  });

  app.post("/api/tickets", requireSession, async (req: Request, res: Authed) => {
    const { user } = res.locals.session;
    await handle(res, async () => {
      if (user.role !== "Agent" && user.role !== "Agency") throw new HttpError(403, BROKERS_ONLY_TICKETS);
      const key = idempotencyKeyOf(req.get("idempotency-key"));
      const form = await readFormData(req, MAX_TICKET_BODY_BYTES, "the ticket");
      const input = await readNewTicket(db, user, form);
      const fingerprint = fingerprintOf(input);

      const { kind, subject, category, reference, carrierId, message, attachment } = input;
      const ticketId = await startConversation(db, res, {
        user,
        idempotency: { key, fingerprint },
        conversation: { kind, subject, category, reference, carrierId },
        message,
        attachment,
        answer: async (id) => ticketBody(user, id),
      });
      if (ticketId != null) logger.info({ userId: user.userId, ticketId, kind }, "ticket opened");
    });
  });

  app.post("/api/tickets/:id/messages", requireSession, async (req: Request, res: Authed) => {
    const { user } = res.locals.session;
    await handle(res, async () => {
      const ticket = await visibleTicket(req, res);
      if (!ticket) return;
      const { message, attachment } = await readReply(req, MAX_TICKET_BODY_BYTES, MAX_MESSAGE);
      // Visible and not the owner: an admin or the addressed carrier (staff).
      const fromStaff = user.role === "Admin" || user.role === "Carrier";
      await db.exclusive(async () => {
        const current = await db.client.execute({
          sql: "SELECT closed_at, user_id FROM conversations WHERE id = ?",
          args: [ticket.id],
        });
        const row = current.rows[0];
        if (!row) throw new HttpError(404, ticketNotFound(String(ticket.id)));
        if (row.closed_at != null) throw new HttpError(422, TICKET_CLOSED);
        const now = new Date().toISOString();
        const written = await messageWithAttachment(
          db,
          { conversationId: ticket.id, ownerId: Number(row.user_id), user, fromStaff, body: message, now },
          attachment,
        );
        // Its status follows: answered after staff's message, open (awaiting staff) after the owner's.
        await db.client.batch([...written.file, written.message, touchStatement(ticket.id, now)], "write");
      });
      logger.info({ userId: user.userId, ticketId: ticket.id, fromStaff }, "ticket message added");
      res.json(await ticketBody(user, ticket.id));
    });
  });

  app.post("/api/tickets/:id/close", requireSession, async (req: Request, res: Authed) => {
    const { user } = res.locals.session;
    const ticket = await visibleTicket(req, res);
    if (!ticket) return;
    if (user.role === "Carrier") return fail(res, 403, CLOSE_NOT_ALLOWED);
    if (ticket.status !== "Closed") {
      await db.client.execute(closedStatement(ticket.id, true, new Date().toISOString()));
      logger.info({ userId: user.userId, ticketId: ticket.id }, "ticket closed");
    }
    res.json(await ticketBody(user, ticket.id));
  });

  app.get("/api/tickets/:id/attachments/:fileId", requireSession, async (req: Request, res: Authed) => {
    const ticket = await visibleTicket(req, res);
    if (!ticket) return;
    const fileId = positiveInt(scalar(req.params.fileId));
    const found =
      fileId == null || !ticket.messages.some((m) => m.attachment?.id === fileId)
        ? null
        : (await db.client.execute({ sql: "SELECT name, content_type, data FROM files WHERE id = ?", args: [fileId] }))
            .rows[0];
    if (!found) return fail(res, 404, "Not found");
    sendStoredFile(res, {
      name: String(found.name),
      contentType: String(found.content_type),
      data: Buffer.from(found.data as ArrayBuffer),
    });
  });
}
