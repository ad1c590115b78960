/**
 * Feedback conversations routes (issue 12, docs/upstream-api.md): the user's conversations with the
 * organisation's staff — GET /api/feedback_conversations/show_unread_messages and …/show_unresponded_messages
 * (spec §7: the dashboard's counts, computed from the messages), GET …/categories, GET
 * /api/feedback_conversations?filter=unread|unresponded (paged, searched and sorted like the tickets),
 * GET …/:id, POST …/:id/read (marks the staff messages read), POST /api/feedback_conversations (multipart,
 * optional attachment and rating, Idempotency-Key) and POST …/:id/messages.
 * Storage: the one conversation model (store.ts: conversations of kind feedback, their messages, read_at: when
 * the owner opened a staff message), files, idempotency_keys. Who sees a conversation here: its owner only (staff
 * answer it in the admin area, admin.ts). Anyone else gets 404.
 */
import { createHash } from "node:crypto";
import type { Express, Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type {
  FeedbackConversation,
  FeedbackConversationReadSchema,
  FeedbackConversationResponseSchema,
  FeedbackConversationSummary,
  FeedbackConversationsResponseSchema,
} from "../../../app/.server/upstream/schemas/feedback.ts";
import { FEEDBACK_LIST_FILTERS } from "../../../app/.server/upstream/schemas/feedback.ts";
import { messageExcerpt } from "../../../app/domain/feedback.ts";
import { MAX_TICKET_MESSAGE as MAX_MESSAGE, MAX_TICKET_SUBJECT as MAX_SUBJECT } from "../../../app/domain/tickets.ts";
import { MAX_UPLOAD_BYTES } from "../../../app/domain/uploads.ts";
import {
  answerHttpErrors,
  attachmentOf,
  fail,
  idempotencyKeyOf,
  messageOf,
  messageWithAttachment,
  readReply,
  requiredText,
  startConversation,
  text,
} from "./forms.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { HttpError, readFormData } from "../core/legal-answers-form.ts";
import { parseTableQuery, positiveInt, scalar } from "../core/paging.ts";
import { FEEDBACK_CATEGORIES } from "./seed-feedback.ts";
import {
  feedbackAwaitingReply,
  messagesOf,
  readStatement,
  summaryPage,
  summaryRow,
  touchStatement,
  unreadFeedbackMessages,
} from "./store.ts";
import type { Upload } from "../core/uploads.ts";

type ListResponse = z.infer<typeof FeedbackConversationsResponseSchema>;
type OneResponse = z.infer<typeof FeedbackConversationResponseSchema>;
type ReadResponse = z.infer<typeof FeedbackConversationReadSchema>;
type User = SessionRecord["user"];
type Authed = Response<unknown, { session: SessionRecord }>;
export type FeedbackFilter = (typeof FEEDBACK_LIST_FILTERS)[number];

export const NO_FEEDBACK_FOR_CARRIERS = "Carriers have no feedback conversations";
export const INVALID_FILTER = `filter must be one of ${FEEDBACK_LIST_FILTERS.join(", ")}`;
export const INVALID_CATEGORY = `category must be one of ${FEEDBACK_CATEGORIES.join(", ")}`;
export const INVALID_RATING = "rating must be a whole number from 1 to 5";
export const conversationNotFound = (id: string) => `No feedback conversation with id ${id}`;

/** One attachment of up to MAX_UPLOAD_BYTES and the text fields; a larger file is still read, then refused (413). */
const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/** The sortable columns and their SQL; ties are broken by id in the same direction. */
const SORT_COLUMNS = {
  subject: "s.subject COLLATE NOCASE",
  category: "s.category",
  createdAt: "s.created_at",
  updatedAt: "s.updated_at",
} as const;

function summaryFromRow(r: Record<string, unknown>): FeedbackConversationSummary {
  return {
    id: Number(r.id),
    subject: String(r.subject),
    category: String(r.category),
    rating: r.rating == null ? null : Number(r.rating),
    createdAt: String(r.created_at),
    updatedAt: String(r.updated_at),
    messageCount: Number(r.message_count),
    unreadCount: Number(r.unread_count),
    awaitingReply: String(r.status) === "answered",
    closedAt: r.closed_at == null ? null : String(r.closed_at),
    lastMessage: {
      author: String(r.last_author),
      fromStaff: Number(r.last_from_staff) === 1,
      excerpt: messageExcerpt(String(r.last_body)),
      createdAt: String(r.last_created_at),
    },
  };
}

function filterOf(value: string | undefined): FeedbackFilter | null | "invalid" {
  if (value === undefined || value === "") return null;
  return (FEEDBACK_LIST_FILTERS as readonly string[]).includes(value) ? (value as FeedbackFilter) : "invalid";
}

const FILTER_SQL: Record<FeedbackFilter, string> = {
  unread: "s.unread_count > 0",
  unresponded: "s.status = 'answered'",
};

async function conversations(
  db: ReferenceDb,
  user: User,
  filter: FeedbackFilter | null,
  source: Record<string, unknown>,
): Promise<ListResponse> {
  const q = parseTableQuery(source, SORT_COLUMNS);
  const where = ["s.kind = 'feedback'", "s.user_id = ?"];
  const args: (string | number)[] = [user.userId];
  if (filter) where.push(FILTER_SQL[filter]);
  if (q.search) {
    where.push("instr(lower(s.subject), lower(?)) > 0");
    args.push(q.search);
  }
  // No sort: the most recent message first (the order parameter applies to a sorted column only).
  const orderBy = q.sort ? `${SORT_COLUMNS[q.sort]} ${q.order}, s.id ${q.order}` : "s.updated_at DESC, s.id DESC";
  const { rows, meta } = await summaryPage(db, { where, args }, orderBy, q);
  return { feedbackConversations: rows.map(summaryFromRow), meta };
}

/** The user's conversation with its messages (oldest first), or null when it is not theirs. */
async function findConversation(db: ReferenceDb, user: User, id: number): Promise<FeedbackConversation | null> {
  const row = await summaryRow(db, {
    where: ["s.id = ?", "s.kind = 'feedback'", "s.user_id = ?"],
    args: [id, user.userId],
  });
  if (!row) return null;
  return { ...summaryFromRow(row), messages: await messagesOf(db, id) };
}

interface NewConversation {
  subject: string;
  category: string;
  message: string;
  rating: number | null;
  attachment: Upload | null;
}

async function readNewConversation(form: FormData): Promise<NewConversation> {
  const problems: string[] = [];
  const subject = requiredText(form, "subject", MAX_SUBJECT, problems);
  const category = text(form, "category") ?? "";
  if (!FEEDBACK_CATEGORIES.some((c) => c === category)) problems.push(INVALID_CATEGORY);
  const message = messageOf(form, problems, MAX_MESSAGE);
  const rawRating = text(form, "rating") ?? "";
  const rating = rawRating === "" ? null : /^[1-5]$/.test(rawRating) ? Number(rawRating) : undefined;
  if (rating === undefined) problems.push(INVALID_RATING);
  if (problems.length > 0) throw new HttpError(422, problems.join("; "));
  return { subject, category, message, rating: rating ?? null, attachment: await attachmentOf(form) };
}

/** Same fields and same file bytes → same fingerprint (Idempotency-Key replay check). */
function fingerprintOf(c: NewConversation): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(["feedback", c.subject, c.category, c.message, c.rating, c.attachment?.name ?? null]));
  if (c.attachment) hash.update(c.attachment.data);
  return hash.digest("hex");
}

export function registerFeedbackRoutes(
  app: Express,
  { db, logger, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  /** Carriers have no conversations (the portal's feedback pages are for brokers and admins): 403. */
  const noCarriers = (res: Authed): boolean => {
    if (res.locals.session.user.role !== "Carrier") return false;
    fail(res, 403, NO_FEEDBACK_FOR_CARRIERS);
    return true;
  };

  /** The caller's conversation of the `:id` parameter; else answers 404 and returns null. */
  const ownConversation = async (req: Request, res: Authed): Promise<FeedbackConversation | null> => {
    const id = positiveInt(scalar(req.params.id));
    const found = id == null ? null : await findConversation(db, res.locals.session.user, id);
    if (!found) fail(res, 404, conversationNotFound(String(req.params.id)));
    return found;
  };

  const conversationBody = async (user: User, id: number): Promise<OneResponse> => {
    const found = await findConversation(db, user, id);
    if (!found) throw new Error(`feedback conversation ${id} vanished`);
    return { feedbackConversation: found };
  };

  app.get("/api/feedback_conversations/show_unread_messages", requireSession, async (_req, res: Authed) => {
    res.json({ unread_messages: await unreadFeedbackMessages(db, res.locals.session.user.userId) });
  });

  app.get("/api/feedback_conversations/show_unresponded_messages", requireSession, async (_req, res: Authed) => {
    res.json({ unresponded_messages: await feedbackAwaitingReply(db, res.locals.session.user.userId) });
  });

  app.get("/api/feedback_conversations/categories", requireSession, (_req, res) => {
    res.json({ categories: [...FEEDBACK_CATEGORIES] });
  });

  app.get("/api/feedback_conversations", requireSession, async (req: Request, res: Authed) => {
    if (noCarriers(res)) return;
    const filter = filterOf(scalar(req.query.filter));
    if (filter === "invalid") return fail(res, 422, INVALID_FILTER);
    res.json(await conversations(db, res.locals.session.user, filter, req.query as Record<string, unknown>));
  });

  app.get("/api/feedback_conversations/:id", requireSession, async (req: Request, res: Authed) => {
    const found = await ownConversation(req, res);
    if (found) res.json({ feedbackConversation: found } satisfies OneResponse);
  });

  app.post("/api/feedback_conversations/:id/read", requireSession, async (req: Request, res: Authed) => {
    const { user } = res.locals.session;
    const found = await ownConversation(req, res);
    if (!found) return;
    const markedRead = found.messages.filter((m) => !m.read).map((m) => m.id);
    if (markedRead.length > 0) {
      await db.client.execute({
        sql: `UPDATE conversation_messages SET read_at = ? WHERE id IN (${markedRead.map(() => "?").join(", ")})`,
        args: [new Date().toISOString(), ...markedRead],
      });
      logger.info({ userId: user.userId, conversationId: found.id, read: markedRead.length }, "feedback read");
    }
    const body: ReadResponse = { ...(await conversationBody(user, found.id)), markedRead };
    res.json(body);
  });

  app.post("/api/feedback_conversations", requireSession, async (req: Request, res: Authed) => {
    const { user } = res.locals.session;
    await answerHttpErrors(res, async () => {
      if (noCarriers(res)) return;
      const key = idempotencyKeyOf(req.get("idempotency-key"));
      const input = await readNewConversation(await readFormData(req, MAX_BODY_BYTES, "the conversation"));
      const fingerprint = fingerprintOf(input);
      const { subject, category, rating, message, attachment } = input;
      const id = await startConversation(db, res, {
        user,
        idempotency: { key, fingerprint },
        conversation: { kind: "feedback", subject, category, rating },
        message,
        attachment,
        answer: async (started) => conversationBody(user, started),
      });
      if (id != null) logger.info({ userId: user.userId, conversationId: id }, "feedback conversation started");
    });
  });

  app.post("/api/feedback_conversations/:id/messages", requireSession, async (req: Request, res: Authed) => {
    const { user } = res.locals.session;
    await answerHttpErrors(res, async () => {
      const found = await ownConversation(req, res);
      if (!found) return;
      const { message, attachment } = await readReply(req, MAX_BODY_BYTES, MAX_MESSAGE);
      await db.exclusive(async () => {
        const now = new Date().toISOString();
        const written = await messageWithAttachment(
          db,
          { conversationId: found.id, ownerId: user.userId, user, fromStaff: false, body: message, now },
          attachment,
        );
        await db.client.batch(
          [
            ...written.file,
            written.message,
            // The owner's reply reopens a conversation staff closed (issue 22).
            touchStatement(found.id, now, { reopen: true }),
            // Replying answers what staff wrote: it has been read.
            readStatement(found.id, now),
          ],
          "write",
        );
      });
      logger.info({ userId: user.userId, conversationId: found.id }, "feedback reply added");
      res.json(await conversationBody(user, found.id));
    });
  });
}
