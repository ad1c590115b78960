/**
 * The upstream contract of the NIPR history section (issue 24 §8; docs/upstream-api.md "NIPR"):
 * GET /api/admin/nipr_history (list, ?trigger&status&period), /export, GET /:id, POST /api/admin/nipr_history/sync
 * { userId } (Sync now for one producer: 201 { record }, the new history row). Pure: the reference API imports it.
 */
import { z } from "zod";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import { type AdminNiprSync, NIPR_SYNC_STATUSES, NIPR_TRIGGERS } from "./records";

export const AdminNiprSyncSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  trigger: z.enum(NIPR_TRIGGERS),
  by: z.string().nullable(),
  producers: z.number().int(),
  changes: z.number().int(),
  summary: z.string(),
  status: z.enum(NIPR_SYNC_STATUSES),
  failures: z.array(z.string()),
}) satisfies z.ZodType<AdminNiprSync>;

export const AdminNiprHistoryResponseSchema = z.object({
  records: z.array(AdminNiprSyncSchema),
  meta: PagingMetaSchema,
  facets: z.object({ trigger: FacetSchema, status: FacetSchema, period: FacetSchema }),
});

export const AdminNiprSyncResponseSchema = z.object({
  record: AdminNiprSyncSchema,
  history: z.array(AuditEntrySchema),
});

export const AdminNiprSyncBodySchema = z.object({
  userId: z.number({ error: "Choose the agent" }).int().positive("Choose the agent"),
});
