import { z } from "zod";
import { PagingMetaSchema } from "~/.server/upstream/schemas/paging";
import { AuditEntrySchema, FacetSchema } from "~/.server/upstream/schemas/admin-common";
import { oneLine } from "~/.server/upstream/schemas/text";
import { RTS_TONES } from "~/domain/rts";
import type * as Records from "./records";

/* ---- RTS statuses: GET/POST /api/admin/rts_statuses, GET/PATCH/DELETE /api/admin/rts_statuses/:id ---- */

export const AdminRtsStatusSchema = z.object({
  id: z.number().int(),
  /** Unique per carrier (carrierId null = any carrier). */
  statusCode: z.string(),
  statusTitle: z.string(),
  displayStatus: z.string(),
  /** The badge's colour wherever the status is shown: ready (green), in_progress (orange), blocked (red). */
  tone: z.enum(RTS_TONES),
  description: z.string(),
  carrier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** How many downline contracts show it (> 0: it cannot be deleted). */
  usageCount: z.number().int(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Records.AdminRtsStatus>;
export type AdminRtsStatus = z.infer<typeof AdminRtsStatusSchema>;
/** Search: code, title. Filters: carrierId. Sorts: statusCode, statusTitle, carrier, usageCount. Facets: carrierId. */
export const AdminRtsStatusesResponseSchema = z.object({
  records: z.array(AdminRtsStatusSchema),
  meta: PagingMetaSchema,
  facets: z.object({ carrierId: FacetSchema }),
});
export const AdminRtsStatusResponseSchema = z.object({
  record: AdminRtsStatusSchema,
  history: z.array(AuditEntrySchema),
});
/** 422 on a code taken for that carrier (fields.statusCode). */
export const AdminRtsStatusBodySchema = z.object({
  statusCode: z.string().regex(/^[A-Z0-9_]{1,16}$/),
  statusTitle: oneLine(z.string().min(1).max(80)),
  displayStatus: oneLine(z.string().min(1).max(40)),
  tone: z.enum(RTS_TONES),
  description: z.string().max(500),
  carrierId: z.number().int().positive().nullable(),
});
