/**
 * The upstream contract of the carrier notifications section (issue 24 §4; docs/upstream-api.md "Carrier
 * notifications"): GET /api/admin/carrier_notifications (filters handled, kind, carrierId, userId), /export, /:id,
 * POST /:id/handle (an optional note) and POST /:id/route (into the agent's document notifications). Pure: the
 * reference API imports it too.
 */
import { z } from "zod";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import { type AdminCarrierNotification, MAX_NOTE, NOTIFICATION_KINDS } from "./records";

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const AdminCarrierNotificationSchema = z.object({
  id: z.number().int(),
  carrier: PersonSchema,
  kind: z.enum(NOTIFICATION_KINDS),
  agent: PersonSchema.nullable(),
  policyNumber: z.string().nullable(),
  enrollmentId: z.number().int().nullable(),
  subject: z.string(),
  message: z.string(),
  receivedAt: z.string(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  handledBy: PersonSchema.nullable(),
  handledNote: z.string().nullable(),
  documentName: z.string().nullable(),
  routedAt: z.string().nullable(),
}) satisfies z.ZodType<AdminCarrierNotification>;

export const AdminCarrierNotificationsResponseSchema = z.object({
  records: z.array(AdminCarrierNotificationSchema),
  meta: PagingMetaSchema,
  facets: z.object({ handled: FacetSchema, kind: FacetSchema, carrierId: FacetSchema, userId: FacetSchema }),
});

export const AdminCarrierNotificationResponseSchema = z.object({
  record: AdminCarrierNotificationSchema,
  history: z.array(AuditEntrySchema),
});

/** POST /:id/handle's body: a note, optional. */
export const AdminHandleBodySchema = z.object({
  note: z
    .string()
    .trim()
    .max(MAX_NOTE, `At most ${MAX_NOTE} characters`)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
});
