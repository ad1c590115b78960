/**
 * The upstream contract of the Sunfire imports section (issue 24 §5; docs/upstream-api.md "Sunfire imports"): the
 * list (history), record, CSV export, the upload (a streamed CSV body → preview), confirm (background write,
 * progress), discard, a page of rows, one row with what its reconciliation offers, the reconciliation and the
 * per-row results as CSV. Pure: the reference API imports it.
 */
import { z } from "zod";
import { IMPORT_STATES } from "../../../domain/statuses";
import { hasControlCharacters } from "../../../domain/validation";
import { MATCH_RULES } from "../../../domain/sunfire-matching";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import {
  SUNFIRE_FIELDS,
  SUNFIRE_ROW_OUTCOMES,
  type SunfireClient,
  type SunfireImport,
  type SunfireImportRow,
} from "./records";

const PersonSchema = z.object({ userId: z.number().int(), name: z.string() });

export const SunfireImportSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATES),
  problem: z.string().nullable(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  counts: z.object({
    rows: z.number().int(),
    problems: z.number().int(),
    toReconcile: z.number().int(),
    matched: z.number().int(),
    unmatched: z.number().int(),
    reconciled: z.number().int(),
    refused: z.number().int(),
  }),
  duplicateOf: z.number().int().nullable(),
  createdBy: PersonSchema.nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
}) satisfies z.ZodType<SunfireImport>;

const ClientMatchSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("matched"), rule: z.enum(MATCH_RULES), clientId: z.string() }),
  z.object({ kind: z.literal("ambiguous"), rule: z.enum(MATCH_RULES), candidates: z.array(z.string()) }),
  z.object({ kind: z.literal("new") }),
]);

export const SunfireImportRowSchema = z.object({
  lineNo: z.number().int(),
  values: z.partialRecord(z.enum(SUNFIRE_FIELDS), z.string()),
  problem: z.string().nullable(),
  agent: z.object({ userId: z.number().int(), name: z.string(), npn: z.string() }).nullable(),
  client: ClientMatchSchema,
  outcome: z.enum(SUNFIRE_ROW_OUTCOMES).nullable(),
  clientId: z.string().nullable(),
  enrollmentId: z.number().int().nullable(),
}) satisfies z.ZodType<SunfireImportRow>;

export const SunfireClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  dateOfBirth: z.string().nullable(),
  email: z.string().nullable(),
  medicareId: z.string().nullable(),
  phone: z.string().nullable(),
}) satisfies z.ZodType<SunfireClient>;

export const SunfireImportsResponseSchema = z.object({
  records: z.array(SunfireImportSchema),
  meta: PagingMetaSchema,
  facets: z.object({ status: FacetSchema }),
});

export const SunfireImportRecordResponseSchema = z.object({
  record: SunfireImportSchema,
  history: z.array(AuditEntrySchema),
});

/** POST …/upload (and every import answer): the import; a refusal (409 duplicate, 422 unreadable) carries it too. */
export const SunfireImportResponseSchema = z.object({ import: SunfireImportSchema });

/** GET …/:id/rows?page&perPage&outcome: a page of its rows (before the import problems first, then by line). */
export const SunfireImportRowsResponseSchema = z.object({
  import: SunfireImportSchema,
  rows: z.array(SunfireImportRowSchema),
  meta: PagingMetaSchema,
});

/** GET …/:id/rows/:line: one row, the agents to choose from and the clients its rules found (and the matched one). */
export const SunfireImportRowResponseSchema = z.object({
  import: SunfireImportSchema,
  row: SunfireImportRowSchema,
  agents: FacetSchema,
  candidates: z.array(SunfireClientSchema),
});

/** POST …/:id/rows/:line/reconcile: the import and the row, reconciled. */
export const SunfireReconcileResponseSchema = z.object({ import: SunfireImportSchema, row: SunfireImportRowSchema });

/** The upload's facts (query string of POST …/upload; the body is the file). */
export const SunfireImportParamsSchema = z.object({
  fileName: z
    .string({ error: "Name the file" })
    .trim()
    .min(1, "Name the file")
    .max(200, "At most 200 characters")
    .refine((name) => !hasControlCharacters(name), "The file name has control characters"),
});

/** POST …/:id/rows/:line/reconcile: the agent, and the client (an id, or "new": a new client from the row). */
export const SunfireReconcileBodySchema = z.object({
  agentUserId: z.coerce.number({ error: "Choose the agent" }).int("Choose the agent").positive("Choose the agent"),
  clientId: z
    .string({ error: "Choose the client" })
    .trim()
    .min(1, "Choose the client")
    .max(40, "Choose the client")
    .refine((v) => !hasControlCharacters(v), "Choose the client"),
});
