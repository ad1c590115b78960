/**
 * The upstream contract of the NIPR PDB alerts section (issue 24 §7; docs/upstream-api.md "NIPR"):
 * GET /api/admin/nipr_pdb_alerts (list, ?category&userId&period&handled), /export, GET /:id, POST /:id/handle,
 * POST /:id/resolve_hold (lifts the hold a handled lapse or regulatory action put on the broker's requests).
 * Pure: the reference API imports it too.
 */
import { z } from "zod";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import { type AdminNiprAlert, MAX_NOTE, NIPR_ALERT_KINDS, NIPR_CATEGORIES } from "./records";

export const AdminNiprAlertSchema = z.object({
  id: z.number().int(),
  day: z.string(),
  category: z.enum(NIPR_CATEGORIES),
  kind: z.enum(NIPR_ALERT_KINDS),
  producer: z.object({ id: z.number().int(), name: z.string(), npn: z.string() }),
  state: z.string().nullable(),
  summary: z.string(),
  blocking: z.boolean(),
  handled: z.boolean(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
  note: z.string().nullable(),
  hold: z
    .object({
      state: z.string(),
      since: z.string(),
      resolvedAt: z.string().nullable(),
      resolvedBy: z.string().nullable(),
    })
    .nullable(),
}) satisfies z.ZodType<AdminNiprAlert>;

export const AdminNiprAlertsResponseSchema = z.object({
  records: z.array(AdminNiprAlertSchema),
  meta: PagingMetaSchema,
  facets: z.object({ category: FacetSchema, userId: FacetSchema, period: FacetSchema, handled: FacetSchema }),
});

export const AdminNiprAlertResponseSchema = z.object({
  record: AdminNiprAlertSchema,
  history: z.array(AuditEntrySchema),
});

/** POST /:id/handle: an optional note. 409 when already handled. */
export const AdminNiprHandleSchema = z.object({
  note: z
    .string()
    .trim()
    .max(MAX_NOTE, `At most ${MAX_NOTE} characters`)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
});
