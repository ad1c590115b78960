/**
 * The upstream contract of the commission statements section (issue 23 §1; docs/upstream-api.md "Commission
 * statements"): the list, record, lines, CSV export, the imports (a streamed CSV body → preview → confirm or
 * discard; a carrier's mapping), reconciliation of a draft's lines and the lock. Pure: the reference API imports it.
 */
import { z } from "zod";
import { hasControlCharacters } from "../../../domain/validation";
import {
  AuditEntrySchema,
  DecisionVersionSchema,
  FacetSchema,
  RecordVersionSchema,
} from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import {
  type AdminCommissionStatement,
  IMPORT_STATUSES,
  type ImportRow,
  type KindTotal,
  LINE_KINDS,
  LINE_STATES,
  MAPPING_FIELDS,
  STATEMENT_STATUSES,
  type StatementImport,
  type StatementLine,
} from "./records";

const PersonSchema = z.object({ userId: z.number().int(), name: z.string() });

export const AdminCommissionStatementSchema = z.object({
  id: z.number().int(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  period: z.string(),
  carrierStatementDate: z.string(),
  fileName: z.string(),
  status: z.enum(STATEMENT_STATUSES),
  lineCount: z.number().int(),
  totalCents: z.number().int(),
  unmatchedCount: z.number().int(),
  setAsideCount: z.number().int(),
  importedBy: PersonSchema.nullable(),
  importedAt: z.string(),
  lockedBy: PersonSchema.nullable(),
  lockedAt: z.string().nullable(),
  version: RecordVersionSchema,
}) satisfies z.ZodType<AdminCommissionStatement>;

/**
 * POST /:id/lock: the statement's version the page showed (a line reconciled since: 409 `{ error: "This entry changed
 * since you opened it", reason: "stale" }`, nothing locked).
 */
export const StatementLockBodySchema = z.object({ version: DecisionVersionSchema });

export const AdminCommissionStatementsResponseSchema = z.object({
  records: z.array(AdminCommissionStatementSchema),
  meta: PagingMetaSchema,
  facets: z.object({ carrier: FacetSchema, period: FacetSchema, status: FacetSchema }),
});

export const KindTotalSchema = z.object({
  kind: z.enum(LINE_KINDS),
  lineCount: z.number().int(),
  totalCents: z.number().int(),
}) satisfies z.ZodType<KindTotal>;

export const AdminCommissionStatementResponseSchema = z.object({
  record: AdminCommissionStatementSchema,
  totals: z.array(KindTotalSchema),
  history: z.array(AuditEntrySchema),
});

export const StatementLineSchema = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  policyNumber: z.string(),
  memberName: z.string(),
  kind: z.enum(LINE_KINDS),
  amountCents: z.number().int(),
  state: z.enum(LINE_STATES),
  policy: z.object({ id: z.number().int(), policyNumber: z.string() }).nullable(),
  agent: PersonSchema.nullable(),
  matchedBy: PersonSchema.nullable(),
  note: z.string().nullable(),
}) satisfies z.ZodType<StatementLine>;

/** GET …/:id/lines?state&page&perPage: unmatched lines first, then by line. */
export const StatementLinesResponseSchema = z.object({
  records: z.array(StatementLineSchema),
  meta: PagingMetaSchema,
});

export const StatementImportSchema = z.object({
  id: z.number().int(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  period: z.string(),
  carrierStatementDate: z.string(),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  problem: z.string().nullable(),
  rowsRead: z.number().int(),
  rowsWritten: z.number().int(),
  statementId: z.number().int().nullable(),
  headers: z.array(z.string()),
  mapping: z.object({ policyNumber: z.string(), memberName: z.string(), kind: z.string(), amount: z.string() }),
  unmappedFields: z.array(z.enum(MAPPING_FIELDS)),
  counts: z.object({
    rows: z.number().int(),
    ready: z.number().int(),
    problems: z.number().int(),
    unmatched: z.number().int(),
  }),
  duplicateOf: z.object({ statementId: z.number().int().nullable(), importId: z.number().int().nullable() }).nullable(),
  createdBy: PersonSchema.nullable(),
  createdAt: z.string(),
}) satisfies z.ZodType<StatementImport>;

export const ImportRowSchema = z.object({
  lineNo: z.number().int(),
  policyNumber: z.string(),
  memberName: z.string(),
  kindText: z.string(),
  amountText: z.string(),
  kind: z.enum(LINE_KINDS).nullable(),
  amountCents: z.number().int().nullable(),
  policyId: z.number().int().nullable(),
  problem: z.string().nullable(),
}) satisfies z.ZodType<ImportRow>;

/** POST …/imports (and every import answer): the import; a refusal (409 duplicate, 422 unreadable) carries it too. */
export const StatementImportResponseSchema = z.object({ import: StatementImportSchema });

/** GET …/imports/:id?page&perPage: the import and a page of its rows, problems first. */
export const StatementImportPreviewSchema = z.object({
  import: StatementImportSchema,
  rows: z.array(ImportRowSchema),
  meta: PagingMetaSchema,
});

export const PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The import's facts (query string of POST …/imports; the body is the file). */
export const StatementImportParamsSchema = z.object({
  carrierId: z.coerce.number({ error: "Choose the carrier" }).int("Choose the carrier").positive("Choose the carrier"),
  period: z.string({ error: "Enter the period" }).trim().regex(PERIOD_PATTERN, "Enter the period as YYYY-MM"),
  carrierStatementDate: z
    .string({ error: "Enter the carrier's statement date" })
    .trim()
    .regex(DATE_PATTERN, "Enter the date as YYYY-MM-DD"),
  fileName: z
    .string({ error: "Name the file" })
    .trim()
    .min(1, "Name the file")
    .max(200, "At most 200 characters")
    .refine((name) => !hasControlCharacters(name), "The file name has control characters"),
});

const header = z.string().trim().min(1, "Choose the column").max(200);

/** PUT …/imports/:id/mapping: the column of each field (remembered for the carrier). */
export const StatementMappingBodySchema = z.object({
  policyNumber: header,
  memberName: header,
  kind: header,
  amount: header,
});

/** POST …/lines/:lineId/reconcile: match to a policy (by number), to an agent, or set aside with a note. */
export const ReconcileBodySchema = z.discriminatedUnion("action", [
  z.object({
    action: z.literal("policy"),
    policyNumber: z.string().trim().min(1, "Enter the policy number").max(60, "At most 60 characters"),
  }),
  z.object({ action: z.literal("agent"), agentUserId: z.coerce.number().int().positive("Choose the agent") }),
  z.object({
    action: z.literal("set_aside"),
    note: z.string().trim().min(1, "Say why the line is set aside").max(500, "At most 500 characters"),
  }),
]);
export type ReconcileBody = z.infer<typeof ReconcileBodySchema>;

/** GET …/agents?search: the agents and agencies a line can be matched to. */
export const StatementAgentsResponseSchema = z.object({ agents: z.array(PersonSchema) });
