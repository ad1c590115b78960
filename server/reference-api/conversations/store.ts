/**
 * The one conversation model (issue 22): a broker's conversation with the organization is one row of
 * `conversations` with a kind — a ticket (`support`, or `commission_inquiry`: addressed to a carrier, about a
 * reference) or `feedback` (with the owner's optional rating) — and its messages are rows of
 * `conversation_messages`, its internal notes rows of `conversation_notes`. Its status is not stored but read:
 * closed when `closed_at` is set, else answered when staff wrote last, else open (awaiting staff).
 *
 * Each kind's rules (who sees it, who may close it, what a reply does to a closed one) are its routes':
 * tickets.ts and feedback.ts for the owner's and the carrier's side, admin.ts for staff. What they share —
 * the summary every list and page reads, the messages, and the statements that write them — is here.
 */
import type { InStatement, InValue } from "@libsql/client";
import type { StoredFile } from "../../../app/.server/upstream/schemas/files.ts";
import type { ConversationKind, ConversationStatus } from "../../../app/admin/sections/tickets/records.ts";
import { pagingMeta, type TableQuery } from "../../../app/domain/table.ts";
import type { ReferenceDb } from "../core/db.ts";

export type { ConversationKind, ConversationStatus };
export const TICKET_KINDS = ["support", "commission_inquiry"] as const satisfies readonly ConversationKind[];
export const FEEDBACK_KINDS = ["feedback"] as const satisfies readonly ConversationKind[];

/**
 * Every conversation with what the lists and pages show, as `s` (filters and sorts name its columns): the row,
 * its status, the owner's, carrier's and assignee's names, its counts and its last message.
 */
export const SUMMARIES = `(
  SELECT c.*,
    CASE WHEN c.closed_at IS NOT NULL THEN 'closed' WHEN l.from_staff = 1 THEN 'answered' ELSE 'open' END AS status,
    u.first_name || ' ' || u.last_name AS owner_name, u.email AS owner_email, ca.name AS carrier_name,
    a.first_name || ' ' || a.last_name AS assignee_name,
    (SELECT COUNT(*) FROM conversation_messages m WHERE m.conversation_id = c.id) AS message_count,
    (SELECT COUNT(*) FROM conversation_messages m
      WHERE m.conversation_id = c.id AND m.from_staff = 1 AND m.read_at IS NULL) AS unread_count,
    (SELECT COUNT(*) FROM conversation_notes n WHERE n.conversation_id = c.id) AS notes_count,
    l.author AS last_author, l.from_staff AS last_from_staff, l.body AS last_body, l.created_at AS last_created_at
  FROM conversations c
  JOIN users u ON u.id = c.user_id
  LEFT JOIN carriers ca ON ca.id = c.carrier_id
  LEFT JOIN users a ON a.id = c.assignee_user_id
  JOIN conversation_messages l ON l.id = (SELECT m.id FROM conversation_messages m WHERE m.conversation_id = c.id
    ORDER BY m.created_at DESC, m.id DESC LIMIT 1)
) s`;

/** `s.kind IN (…)` for `kinds`, with its arguments. */
export function kindFilter(kinds: readonly ConversationKind[]): { sql: string; args: InValue[] } {
  return { sql: `s.kind IN (${kinds.map(() => "?").join(", ")})`, args: [...kinds] };
}

/** The conditions and arguments of a query on SUMMARIES, joined with AND. */
export interface Where {
  where: string[];
  args: InValue[];
}

/** One summary row matching `where`, or undefined. */
export async function summaryRow(
  db: ReferenceDb,
  { where, args }: Where,
): Promise<Record<string, unknown> | undefined> {
  const found = await db.client.execute({ sql: `SELECT * FROM ${SUMMARIES} WHERE ${where.join(" AND ")}`, args });
  return found.rows[0];
}

/**
 * A page of summary rows matching `where`, in `orderBy`, with spec §3's paging meta by the portal's rule (an
 * empty result is one empty page; past the last page, the last).
 */
export async function summaryPage(db: ReferenceDb, { where, args }: Where, orderBy: string, q: TableQuery) {
  const whereSql = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
  const counted = await db.client.execute({ sql: `SELECT COUNT(*) AS n FROM ${SUMMARIES} ${whereSql}`, args });
  const meta = pagingMeta(q, Number(counted.rows[0]?.n ?? 0));
  const rows = await db.client.execute({
    sql: `SELECT * FROM ${SUMMARIES} ${whereSql} ORDER BY ${orderBy} LIMIT ? OFFSET ?`,
    args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
  });
  return { rows: rows.rows as Array<Record<string, unknown>>, meta };
}

export interface StoredMessage {
  id: number;
  author: string;
  fromStaff: boolean;
  body: string;
  createdAt: string;
  attachment: StoredFile | null;
  /** A staff message the owner has opened; the owner's own messages are read from the start. */
  read: boolean;
}

function attachmentOfRow(m: Record<string, unknown>): StoredFile | null {
  if (m.file_id == null || m.file_name == null) return null;
  return {
    id: Number(m.file_id),
    name: String(m.file_name),
    contentType: String(m.file_content_type),
    size: Number(m.file_size),
  };
}

/** The messages of conversation `id`, oldest first, with their attachments. */
export async function messagesOf(db: ReferenceDb, id: number): Promise<StoredMessage[]> {
  const found = await db.client.execute({
    sql: `SELECT m.*, f.name AS file_name, f.content_type AS file_content_type, f.size AS file_size
          FROM conversation_messages m LEFT JOIN files f ON f.id = m.file_id
          WHERE m.conversation_id = ? ORDER BY m.created_at, m.id`,
    args: [id],
  });
  return found.rows.map((row) => ({
    id: Number(row.id),
    author: String(row.author),
    fromStaff: Number(row.from_staff) === 1,
    body: String(row.body),
    createdAt: String(row.created_at),
    attachment: attachmentOfRow(row),
    read: Number(row.from_staff) !== 1 || row.read_at != null,
  }));
}

/** The internal notes of conversation `id`, oldest first (staff only: no owner's or carrier's query reads them). */
export async function notesOf(db: ReferenceDb, id: number) {
  const found = await db.client.execute({
    sql: "SELECT * FROM conversation_notes WHERE conversation_id = ? ORDER BY created_at, id",
    args: [id],
  });
  return found.rows.map((n) => ({
    id: Number(n.id),
    author: String(n.author),
    body: String(n.body),
    createdAt: String(n.created_at),
  }));
}

/** What starts a conversation: the row's fields (those of the other kinds null). */
export interface NewConversation {
  /** An explicit id (the seed's); else the next one. */
  id?: number;
  kind: ConversationKind;
  userId: number;
  subject: string;
  category: string;
  reference?: string | null;
  carrierId?: number | null;
  rating?: number | null;
  assigneeId?: number | null;
  closedAt?: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The INSERT of a conversation (its id: `id`, or last_insert_rowid() for the messages that follow it). */
export function conversationStatement(c: NewConversation): InStatement {
  return {
    sql: `INSERT INTO conversations (id, kind, user_id, subject, category, reference, carrier_id, rating,
            assignee_user_id, closed_at, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      c.id ?? null,
      c.kind,
      c.userId,
      c.subject,
      c.category,
      c.reference ?? null,
      c.carrierId ?? null,
      c.rating ?? null,
      c.assigneeId ?? null,
      c.closedAt ?? null,
      c.createdAt,
      c.updatedAt,
    ],
  };
}

export interface NewMessage {
  /** The conversation's id, or "last" for the conversation inserted just before in the same batch. */
  conversationId: number | "last";
  ownerId: number;
  author: { id: number; name: string };
  fromStaff: boolean;
  body: string;
  fileId?: number | null;
  createdAt: string;
  /** When the owner read it: the owner's own messages are read when written; staff messages null (unread). */
  readAt?: string | null;
}

export function messageStatement(m: NewMessage): InStatement {
  const conversation = m.conversationId === "last" ? "last_insert_rowid()" : "?";
  return {
    sql: `INSERT INTO conversation_messages
            (conversation_id, owner_user_id, author_id, author, from_staff, body, file_id, read_at, created_at)
          VALUES (${conversation}, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      ...(m.conversationId === "last" ? [] : [m.conversationId]),
      m.ownerId,
      m.author.id,
      m.author.name,
      m.fromStaff ? 1 : 0,
      m.body,
      m.fileId ?? null,
      m.readAt !== undefined ? m.readAt : m.fromStaff ? null : m.createdAt,
      m.createdAt,
    ],
  };
}

export function noteStatement(n: {
  conversationId: number;
  ownerId: number;
  author: { id: number; name: string };
  body: string;
  createdAt: string;
}): InStatement {
  return {
    sql: `INSERT INTO conversation_notes (conversation_id, owner_user_id, author_id, author, body, created_at)
          VALUES (?, ?, ?, ?, ?, ?)`,
    args: [n.conversationId, n.ownerId, n.author.id, n.author.name, n.body, n.createdAt],
  };
}

/** A new message's mark on its conversation: updated now; `reopen` (the owner's reply to feedback) clears closed. */
export function touchStatement(id: number, at: string, { reopen = false } = {}): InStatement {
  return {
    sql: `UPDATE conversations SET updated_at = ?${reopen ? ", closed_at = NULL" : ""} WHERE id = ?`,
    args: [at, id],
  };
}

/** Closes (at `at`) or reopens conversation `id`. */
export function closedStatement(id: number, closed: boolean, at: string): InStatement {
  return {
    sql: "UPDATE conversations SET closed_at = ?, updated_at = ? WHERE id = ?",
    args: [closed ? at : null, at, id],
  };
}

export function assigneeStatement(id: number, assigneeId: number | null): InStatement {
  return { sql: "UPDATE conversations SET assignee_user_id = ? WHERE id = ?", args: [assigneeId, id] };
}

/** Marks the owner's unread staff messages of conversation `id` read at `at`. */
export function readStatement(id: number, at: string): InStatement {
  return {
    sql: "UPDATE conversation_messages SET read_at = ? WHERE conversation_id = ? AND from_staff = 1 AND read_at IS NULL",
    args: [at, id],
  };
}

/** Spec §7's unread count: the staff messages of `userId`'s feedback conversations they have not read. */
export async function unreadFeedbackMessages(db: ReferenceDb, userId: number): Promise<number> {
  const found = await db.client.execute({
    sql: `SELECT COUNT(*) AS n FROM conversation_messages m JOIN conversations c ON c.id = m.conversation_id
          WHERE m.owner_user_id = ? AND c.kind = 'feedback' AND m.from_staff = 1 AND m.read_at IS NULL`,
    args: [userId],
  });
  return Number(found.rows[0]?.n ?? 0);
}

/** Spec §7's unresponded count: `userId`'s feedback conversations waiting for their reply (staff wrote last, not closed). */
export async function feedbackAwaitingReply(db: ReferenceDb, userId: number): Promise<number> {
  const found = await db.client.execute({
    sql: `SELECT COUNT(*) AS n FROM ${SUMMARIES} WHERE s.user_id = ? AND s.kind = 'feedback' AND s.status = 'answered'`,
    args: [userId],
  });
  return Number(found.rows[0]?.n ?? 0);
}

/** The conversations of `kinds` awaiting staff (open): the admin home's count. */
export async function awaitingStaff(db: ReferenceDb, kinds: readonly ConversationKind[]): Promise<number> {
  const { sql, args } = kindFilter(kinds);
  const found = await db.client.execute({
    sql: `SELECT COUNT(*) AS n FROM ${SUMMARIES} WHERE ${sql} AND s.status = 'open'`,
    args,
  });
  return Number(found.rows[0]?.n ?? 0);
}

/** A seeded conversation: its row, its messages (oldest first) and its internal notes. */
export interface SeedConversation extends Omit<NewConversation, "createdAt" | "updatedAt"> {
  id: number;
  messages: ReadonlyArray<Omit<NewMessage, "conversationId" | "ownerId">>;
  notes?: ReadonlyArray<{ author: { id: number; name: string }; body: string; createdAt: string }>;
}

/** A seeded staff action in a conversation's history (admin_audit), as the desk's own writes record it. */
export interface SeedHistoryEntry {
  at: string;
  actor: { id: number; name: string } | { id: number; name?: undefined };
  action: "assigned" | "answered" | "note_added" | "closed";
}

/**
 * What the staff did in a seeded conversation, oldest first, as the desk's writes would have recorded it (issue 37:
 * a seeded ticket with an answer, a note and an assignee said "No changes recorded yet"): taken by its assignee an
 * hour after it opened, each staff answer, each internal note, the close (by the last staff member who answered,
 * else the assignee).
 */
export function seedHistoryOf(c: SeedConversation): SeedHistoryEntry[] {
  const later = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();
  const entries: SeedHistoryEntry[] = [];
  if (c.assigneeId != null)
    entries.push({ at: later(c.messages[0]!.createdAt, 60), actor: { id: c.assigneeId }, action: "assigned" });
  const staff = c.messages.filter((m) => m.fromStaff);
  for (const m of staff) entries.push({ at: m.createdAt, actor: m.author, action: "answered" });
  for (const n of c.notes ?? []) entries.push({ at: n.createdAt, actor: n.author, action: "note_added" });
  const closer = staff.at(-1)?.author ?? (c.assigneeId != null ? { id: c.assigneeId } : null);
  if (c.closedAt && closer) entries.push({ at: c.closedAt, actor: closer, action: "closed" });
  // A stable sort: an assignment made after the first answer (same-day seeds) still reads in time order.
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

const USER_NAME = "(SELECT first_name || ' ' || last_name FROM users WHERE id = ?)";

function seedHistoryStatement(c: SeedConversation, e: SeedHistoryEntry): InStatement {
  const resource = c.kind === "feedback" ? "feedback_conversations" : "tickets";
  const named = e.actor.name !== undefined;
  const changes =
    e.action === "assigned" ? `json_array(json_object('field', 'assignee', 'from', NULL, 'to', ${USER_NAME}))` : "'[]'";
  return {
    sql: `INSERT INTO admin_audit (at, actor_user_id, actor_name, resource, record_id, action, changes)
          VALUES (?, ?, ${named ? "?" : USER_NAME}, ?, ?, ?, ${changes})`,
    args: [
      e.at,
      e.actor.id,
      named ? e.actor.name! : e.actor.id,
      resource,
      c.id,
      e.action,
      ...(e.action === "assigned" ? [c.assigneeId!] : []),
    ],
  };
}

/**
 * The seed's INSERT statements of `conversations` (createdAt = the first message's time, updatedAt = the last's),
 * with the staff's part in their history (seedHistoryOf).
 */
export function seedConversationStatements(conversations: readonly SeedConversation[]): InStatement[] {
  return conversations.flatMap((conversation) => {
    const { messages, notes = [], ...c } = conversation;
    return [
      conversationStatement({ ...c, createdAt: messages[0]!.createdAt, updatedAt: messages.at(-1)!.createdAt }),
      ...messages.map((m) => messageStatement({ ...m, conversationId: c.id, ownerId: c.userId })),
      ...notes.map((n) => noteStatement({ ...n, conversationId: c.id, ownerId: c.userId })),
      ...seedHistoryOf(conversation).map((e) => seedHistoryStatement(conversation, e)),
    ];
  });
}
