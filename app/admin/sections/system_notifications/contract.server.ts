/**
 * The upstream contract of the system notifications section (issue 22 §2.3; docs/upstream-api.md "System
 * notifications"): GET/POST /api/admin/system_notifications, GET/PATCH/DELETE /api/admin/system_notifications/:id,
 * /export. Pure: the reference API imports it too.
 */
import { z } from "zod";
import { ROLES } from "../../../domain/user";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import { type AdminSystemNotification, NOTICE_AUDIENCES, NOTICE_SEVERITIES, NOTICE_STATUSES } from "./records";

export const AdminSystemNotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  severity: z.enum(NOTICE_SEVERITIES),
  audience: z.enum(NOTICE_AUDIENCES),
  roles: z.array(z.enum(ROLES)),
  agency: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  status: z.enum(NOTICE_STATUSES),
  dismissals: z.number().int(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminSystemNotification>;

export const AdminSystemNotificationsResponseSchema = z.object({
  records: z.array(AdminSystemNotificationSchema),
  meta: PagingMetaSchema,
  facets: z.object({ severity: FacetSchema, audience: FacetSchema, status: FacetSchema, agencyId: FacetSchema }),
});

export const AdminSystemNotificationResponseSchema = z.object({
  record: AdminSystemNotificationSchema,
  history: z.array(AuditEntrySchema),
});

const isoTime = z.iso.datetime({ offset: true, error: "Must be an ISO timestamp" });

/**
 * POST's body (PATCH: any part of it). The upstream checks what one field cannot say: the roles of audience
 * "roles", the agency of audience "agency", an end after the start.
 */
export const AdminSystemNotificationBodySchema = z.object({
  title: z.string().trim().min(1, "Enter the title").max(120, "At most 120 characters"),
  message: z.string().trim().min(1, "Enter the message").max(2000, "At most 2,000 characters"),
  severity: z.enum(NOTICE_SEVERITIES),
  audience: z.enum(NOTICE_AUDIENCES),
  roles: z.array(z.enum(ROLES)).max(ROLES.length).default([]),
  agencyId: z.number().int().positive().nullable().default(null),
  startsAt: isoTime,
  endsAt: isoTime.nullable().default(null),
});
export type AdminSystemNotificationBody = z.infer<typeof AdminSystemNotificationBodySchema>;
