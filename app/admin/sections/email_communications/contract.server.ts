/**
 * The upstream contract of e-mail communications (issue 22 §2.5; docs/upstream-api.md "E-mail communications"):
 * zod schemas of the answers and bodies, satisfying the section's records. Pure: the reference API imports it too.
 *
 * - GET   /api/admin/email_templates?page&perPage&search&sort&order → { records, meta, facets: {} }; /export CSV
 * - GET   /api/admin/email_templates/:id → { record, history }
 * - PATCH /api/admin/email_templates/:id { subject?, body? } → 200 { record }; an unknown placeholder → 422 fields
 * - GET   /api/admin/email_templates/:id/preview?userId= → { preview } (default: the administrator)
 * - POST  /api/admin/email_templates/:id/test { userId? } → 201 { record } (the log entry: to the admin's address)
 * - GET   /api/admin/email_log?…&status&kind&messageId → { records, meta, facets: { status, kind } }; /export CSV
 * - GET   /api/admin/email_log/:id → { record, history };  POST /api/admin/email_log/:id/resend → 201 { record }
 * - GET   /api/admin/email_messages/recipients?roleId&agencyId&documents&contracts → { recipients, facets }
 * - POST  /api/admin/email_messages { subject, body, filter…, recipients } (Idempotency-Key) → 201 { record };
 *   the count no longer what was confirmed → 409 { error, recipients }; over the cap → 422 { error, fields }
 */
import { z } from "zod";
import { AuditEntrySchema, CONTRACT_STATES, FacetSchema } from "~/.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "~/.server/upstream/schemas/paging";
import { oneLine } from "~/.server/upstream/schemas/text";
import { MESSAGE_CAP } from "./schemas";
import type * as R from "./records";

export const EMAIL_STATUSES = ["queued", "sent", "failed"] as const;
export const EMAIL_DOCUMENT_FILTERS = ["awaiting_review", "notifications"] as const;
export const EMAIL_CONTRACT_FILTERS = [...CONTRACT_STATES, "none"] as const;
/** The most users one message may go to. */
export const EMAIL_MESSAGE_CAP = MESSAGE_CAP;

export const EmailTemplateSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  body: z.string(),
  placeholders: z.array(z.object({ name: z.string(), description: z.string() })),
  sentLast30Days: z.number().int(),
  updatedAt: z.string(),
}) satisfies z.ZodType<R.EmailTemplate>;

export const EmailTemplatesResponseSchema = z.object({
  records: z.array(EmailTemplateSchema),
  meta: PagingMetaSchema,
  facets: z.object({}),
});
export const EmailTemplateResponseSchema = z.object({
  record: EmailTemplateSchema,
  history: z.array(AuditEntrySchema),
});
/** PATCH body. */
export const EmailTemplateBodySchema = z.object({
  subject: oneLine(z.string().trim().min(1).max(200)),
  body: z.string().trim().min(1).max(10_000),
});

export const EmailLogEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  kindLabel: z.string(),
  to: z.string(),
  user: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  messageId: z.number().int().nullable(),
  resendOf: z.number().int().nullable(),
  test: z.boolean(),
}) satisfies z.ZodType<R.EmailLogEntry>;
export const EmailLogDetailSchema = EmailLogEntrySchema.extend({
  text: z.string().nullable(),
}) satisfies z.ZodType<R.EmailLogDetail>;

export const EmailLogResponseSchema = z.object({
  records: z.array(EmailLogEntrySchema),
  meta: PagingMetaSchema,
  facets: z.object({ status: FacetSchema, kind: FacetSchema }),
});
export const EmailLogEntryResponseSchema = z.object({
  record: EmailLogDetailSchema,
  history: z.array(AuditEntrySchema),
});
/** POST …/resend and POST …/test: the new log entry. */
export const EmailSentResponseSchema = z.object({ record: EmailLogEntrySchema });

export const EmailPreviewResponseSchema = z.object({
  preview: z.object({
    subject: z.string(),
    text: z.string(),
    user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  }) satisfies z.ZodType<R.EmailPreview>,
});

export const EmailMessageFilterSchema = z.object({
  roleId: z.number().int().positive().nullable(),
  agencyId: z.number().int().positive().nullable(),
  documents: z.enum(EMAIL_DOCUMENT_FILTERS).nullable(),
  contracts: z.enum(EMAIL_CONTRACT_FILTERS).nullable(),
}) satisfies z.ZodType<R.EmailMessageFilter>;

export const EmailRecipientsResponseSchema = z.object({
  recipients: z.number().int(),
  facets: z.object({ roleId: FacetSchema, agencyId: FacetSchema }),
});

/** POST body: the message, its filter and the count the administrator confirmed. */
export const EmailMessageBodySchema = EmailMessageFilterSchema.extend({
  subject: oneLine(z.string().trim().min(1).max(200)),
  body: z.string().trim().min(1).max(10_000),
  recipients: z.number().int().min(0),
});

export const EmailMessageSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  body: z.string(),
  filter: EmailMessageFilterSchema,
  recipientCount: z.number().int(),
  createdBy: z.object({ userId: z.number().int(), name: z.string() }),
  createdAt: z.string(),
}) satisfies z.ZodType<R.EmailMessage>;
export const EmailMessageResponseSchema = z.object({ record: EmailMessageSchema });
