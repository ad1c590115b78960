/**
 * The upstream contract of the carrier exports section (issue 24 §2; docs/upstream-api.md "Carrier exports"):
 * GET/POST /api/admin/carrier_exports, GET /api/admin/carrier_exports/:id (with its first rows), …/:id/file (the
 * CSV), /export (the history as CSV), GET /schedules and PUT /schedules/:carrierId. Pure: the reference API imports it.
 */
import { z } from "zod";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import {
  type AdminCarrierExport,
  type CarrierExportPreview,
  type CarrierExportSchedule,
  EXPORT_FREQUENCIES,
  EXPORT_KINDS,
  EXPORT_TRIGGERS,
} from "./records";

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const AdminCarrierExportSchema = z.object({
  id: z.number().int(),
  carrier: PersonSchema,
  kind: z.enum(EXPORT_KINDS),
  trigger: z.enum(EXPORT_TRIGGERS),
  frequency: z.enum(["daily", "weekly"]).nullable(),
  builtBy: PersonSchema.nullable(),
  builtAt: z.string(),
  coveredFrom: z.string(),
  coveredTo: z.string(),
  rowCount: z.number().int(),
  fileName: z.string(),
}) satisfies z.ZodType<AdminCarrierExport>;

export const AdminCarrierExportsResponseSchema = z.object({
  records: z.array(AdminCarrierExportSchema),
  meta: PagingMetaSchema,
  facets: z.object({ carrier: FacetSchema, kind: FacetSchema, trigger: FacetSchema, month: FacetSchema }),
});

export const CarrierExportPreviewSchema = z.object({
  header: z.array(z.string()),
  rows: z.array(z.array(z.string())),
}) satisfies z.ZodType<CarrierExportPreview>;

export const AdminCarrierExportResponseSchema = z.object({
  record: AdminCarrierExportSchema,
  history: z.array(AuditEntrySchema),
  preview: CarrierExportPreviewSchema,
});

/** POST's body: build the carrier's file of this kind now. */
export const AdminCarrierExportBodySchema = z.object({
  carrierId: z.number({ error: "Choose the carrier" }).int().positive("Choose the carrier"),
  kind: z.enum(EXPORT_KINDS, { error: "Choose the kind of file" }),
});
export type AdminCarrierExportBody = z.infer<typeof AdminCarrierExportBodySchema>;

const FrequencySchema = z.enum(EXPORT_FREQUENCIES, { error: "Choose off, daily or weekly" });

export const CarrierExportScheduleSchema = z.object({
  carrier: PersonSchema.extend({ active: z.boolean() }),
  frequencies: z.object({
    new_contracts: FrequencySchema,
    terminations: FrequencySchema,
    address_changes: FrequencySchema,
  }),
  updatedAt: z.string().nullable(),
}) satisfies z.ZodType<CarrierExportSchedule>;

export const CarrierExportSchedulesResponseSchema = z.object({ schedules: z.array(CarrierExportScheduleSchema) });

/** PUT /schedules/:carrierId's body: every kind's frequency. */
export const CarrierExportScheduleBodySchema = z.object({
  new_contracts: FrequencySchema,
  terminations: FrequencySchema,
  address_changes: FrequencySchema,
});
export type CarrierExportScheduleBody = z.infer<typeof CarrierExportScheduleBodySchema>;
