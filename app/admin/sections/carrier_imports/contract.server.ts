/**
 * The upstream contract of the carrier imports section (issue 24 §1; docs/upstream-api.md "Carrier imports"): the
 * list (history), record, CSV export, the upload (a streamed CSV body → preview), the mapping per carrier and kind,
 * confirm (background write, progress), discard and the per-row results as CSV. Pure: the reference API imports it.
 */
import { z } from "zod";
import { IMPORT_STATES } from "../../../domain/statuses";
import { hasControlCharacters } from "../../../domain/validation";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import {
  CARRIER_IMPORT_FIELD_LABELS,
  CARRIER_IMPORT_KINDS,
  type CarrierImport,
  type CarrierImportField,
  type CarrierImportRow,
  ROW_OUTCOMES,
} from "./records";

const PersonSchema = z.object({ userId: z.number().int(), name: z.string() });

/** Every kind's fields (their labels' keys). */
const FIELD_NAMES = Object.keys(CARRIER_IMPORT_FIELD_LABELS) as [CarrierImportField, ...CarrierImportField[]];

const MappingSchema = z.partialRecord(z.enum(FIELD_NAMES), z.string());

export const CarrierImportSchema = z.object({
  id: z.number().int(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  kind: z.enum(CARRIER_IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATES),
  problem: z.string().nullable(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  headers: z.array(z.string()),
  mapping: MappingSchema,
  unmappedFields: z.array(z.enum(FIELD_NAMES)),
  counts: z.object({
    rows: z.number().int(),
    problems: z.number().int(),
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
  }),
  duplicateOf: z.number().int().nullable(),
  createdBy: PersonSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<CarrierImport>;

export const CarrierImportRowSchema = z.object({
  lineNo: z.number().int(),
  values: MappingSchema,
  problem: z.string().nullable(),
  outcome: z.enum(ROW_OUTCOMES).nullable(),
}) satisfies z.ZodType<CarrierImportRow>;

export const CarrierImportsResponseSchema = z.object({
  records: z.array(CarrierImportSchema),
  meta: PagingMetaSchema,
  facets: z.object({ carrier: FacetSchema, kind: FacetSchema, status: FacetSchema }),
});

export const CarrierImportRecordResponseSchema = z.object({
  record: CarrierImportSchema,
  history: z.array(AuditEntrySchema),
});

/** POST …/upload (and every import answer): the import; a refusal (409 duplicate, 422 unreadable) carries it too. */
export const CarrierImportResponseSchema = z.object({ import: CarrierImportSchema });

/** GET …/:id/rows?page&perPage&outcome: a page of its rows, problems first (before the import) or by line. */
export const CarrierImportRowsResponseSchema = z.object({
  import: CarrierImportSchema,
  rows: z.array(CarrierImportRowSchema),
  meta: PagingMetaSchema,
});

/** The upload's facts (query string of POST …/upload; the body is the file). */
export const CarrierImportParamsSchema = z.object({
  carrierId: z.coerce.number({ error: "Choose the carrier" }).int("Choose the carrier").positive("Choose the carrier"),
  kind: z.enum(CARRIER_IMPORT_KINDS, { error: "Choose what the file holds" }),
  fileName: z
    .string({ error: "Name the file" })
    .trim()
    .min(1, "Name the file")
    .max(200, "At most 200 characters")
    .refine((name) => !hasControlCharacters(name), "The file name has control characters"),
});

/** PUT …/:id/mapping: the column of each of the kind's fields (remembered for the carrier and kind). */
export const CarrierImportMappingBodySchema = z.partialRecord(
  z.enum(FIELD_NAMES),
  z.string().trim().min(1, "Choose the column").max(200),
);

/**
 * GET /api/admin/brokers/:id/appointments: the broker's appointments as the carriers' appointments files said them
 * (issue 24 §1), with the state of the broker's contract request with the carrier (null: no contract record).
 */
export const BrokerAppointmentsResponseSchema = z.object({
  appointments: z.array(
    z.object({
      id: z.number().int(),
      carrierId: z.number().int(),
      carrierName: z.string(),
      state: z.string(),
      status: z.enum(["Appointed", "Pending", "Terminated"]),
      effectiveDate: z.string(),
      terminationReason: z.string().nullable(),
      contractState: z.enum(["pending", "approved", "denied", "active"]).nullable(),
      importId: z.number().int().nullable(),
      updatedAt: z.string(),
    }),
  ),
});
export type BrokerAppointment = z.infer<typeof BrokerAppointmentsResponseSchema>["appointments"][number];
