/**
 * The upstream contract of the support desk (issue 22 §2.6–2.7, docs/upstream-api.md "Support desk"): one
 * conversation model, two resources sharing it — /api/admin/tickets (support tickets and commission inquiries) and
 * /api/admin/feedback_conversations (the admin_support inbox). Each answers the admin list conventions:
 * - GET  …?page&perPage&search&sort&order&kind&status&carrierId&assigneeId&age → { records, meta, facets }
 *   (assigneeId: an administrator's id or `none`; sort: waiting (default, DESC: awaiting staff first, longest
 *   waiting first), updatedAt, createdAt, subject, owner)
 * - GET  …/export → text/csv of every matching record
 * - GET  …/:id → { record, thread, history, assignees } (thread: public messages and internal notes, oldest
 *   first; assignees: the administrators it may be assigned to)
 * - POST …/:id/messages { message } → 201 { record } (a public answer: the owner — and for an inquiry its
 *   carrier — see it; a ticket becomes answered, a feedback message unread for its owner)
 * - POST …/:id/notes { note } → 201 { record } (internal: never in any non-admin answer)
 * - PATCH …/:id { assigneeId?: number | null, status?: "open" | "closed" } → 200 { record } (assign, close, reopen)
 * - POST …/bulk_assign { ids, assigneeId } → { done } (done: how many of the ids exist and now have that assignee)
 * Refusals: 422 { error, fields } (a blank message, an unknown assignee, an answer to a closed conversation).
 * Pure: the reference API imports it too.
 */
import { z } from "zod";
import { AuditEntrySchema, FacetSchema } from "~/.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "~/.server/upstream/schemas/paging";
import { StoredFileSchema } from "~/.server/upstream/schemas/files";
import { MAX_TICKET_MESSAGE } from "~/domain/tickets";
import type * as Records from "./records";
import { CONVERSATION_KINDS, CONVERSATION_STATUSES } from "./records";

export const AdminConversationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONVERSATION_KINDS),
  subject: z.string(),
  category: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  carrier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reference: z.string().nullable(),
  rating: z.number().int().nullable(),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  waitingDays: z.number().int(),
  messageCount: z.number().int(),
  notesCount: z.number().int(),
  lastMessage: z.object({ author: z.string(), fromStaff: z.boolean(), createdAt: z.string(), excerpt: z.string() }),
}) satisfies z.ZodType<Records.AdminConversation>;

export const ConversationEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(["message", "note"]),
  author: z.string(),
  fromStaff: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachment: StoredFileSchema.nullable(),
}) satisfies z.ZodType<Records.ConversationEntry>;

export const AdminConversationsResponseSchema = z.object({
  records: z.array(AdminConversationSchema),
  meta: PagingMetaSchema,
  facets: z.object({
    kind: FacetSchema,
    status: FacetSchema,
    carrierId: FacetSchema,
    assigneeId: FacetSchema,
    age: FacetSchema,
  }),
});
export const AdminConversationResponseSchema = z.object({
  record: AdminConversationSchema,
  thread: z.array(ConversationEntrySchema),
  history: z.array(AuditEntrySchema),
  /** The administrators it may be assigned to. */
  assignees: FacetSchema,
});
export const AdminConversationWriteSchema = z.object({ record: AdminConversationSchema });

export const ConversationMessageBodySchema = z.object({ message: z.string().trim().min(1).max(MAX_TICKET_MESSAGE) });
export const ConversationNoteBodySchema = z.object({ note: z.string().trim().min(1).max(MAX_TICKET_MESSAGE) });
export const ConversationPatchBodySchema = z
  .object({
    assigneeId: z.number().int().positive().nullable().optional(),
    status: z.enum(["open", "closed"]).optional(),
  })
  .strict();
export const ConversationBulkAssignBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(100),
  assigneeId: z.number().int().positive().nullable(),
});
export const ConversationBulkResultSchema = z.object({ done: z.number().int() });
