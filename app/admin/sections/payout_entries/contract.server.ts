/**
 * The upstream contract of the payout entries section (issue 23 §3; docs/upstream-api.md "Payout entries"):
 * GET/POST /api/admin/payout_entries, GET/PATCH/DELETE /api/admin/payout_entries/:id, POST …/:id/approve and
 * …/:id/reject, /export and /choices (the brokers an entry may be for). Pure: the reference API imports it too.
 */
import { z } from "zod";
import {
  AuditEntrySchema,
  DecisionVersionSchema,
  FacetSchema,
  RecordVersionSchema,
} from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import { type AdminPayoutEntry, MAX_MEMO, PAYOUT_KINDS, PAYOUT_STATUSES, isPeriod } from "./records";

const PersonSchema = z.object({ id: z.number().int(), name: z.string() });

export const AdminPayoutEntrySchema = z.object({
  id: z.number().int(),
  agent: PersonSchema.extend({ role: z.enum(["Agent", "Agency"]) }),
  kind: z.enum(PAYOUT_KINDS),
  amountCents: z.number().int(),
  memo: z.string(),
  policy: z.object({ id: z.number().int(), policyNumber: z.string() }).nullable(),
  period: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  createdBy: PersonSchema,
  createdAt: z.string(),
  decidedBy: PersonSchema.nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  createdByYou: z.boolean(),
  version: RecordVersionSchema,
}) satisfies z.ZodType<AdminPayoutEntry>;

export const AdminPayoutEntriesResponseSchema = z.object({
  records: z.array(AdminPayoutEntrySchema),
  meta: PagingMetaSchema,
  facets: z.object({ kind: FacetSchema, status: FacetSchema, period: FacetSchema, userId: FacetSchema }),
});

export const AdminPayoutEntryResponseSchema = z.object({
  record: AdminPayoutEntrySchema,
  history: z.array(AuditEntrySchema),
});

/** GET /choices: the brokers (agents and agencies) an entry may be for, as a facet. */
export const AdminPayoutChoicesSchema = z.object({ brokers: FacetSchema });

/**
 * POST's body (PATCH: any part of it). `amountCents`: whole cents, never 0, negative for a deduction.
 * `policyNumber`: an existing policy's number, or null.
 */
export const AdminPayoutEntryBodySchema = z.object({
  userId: z.number({ error: "Choose the agent or agency" }).int().positive("Choose the agent or agency"),
  kind: z.enum(PAYOUT_KINDS, { error: "Choose the kind" }),
  amountCents: z
    .number({ error: "Enter the amount in whole cents" })
    .int("Enter the amount in whole cents")
    .refine((v) => v !== 0, "The amount cannot be zero")
    .refine((v) => Math.abs(v) <= 100_000_000_00, "The amount is too large"),
  memo: z
    .string({ error: "Enter a memo" })
    .trim()
    .min(1, "Enter a memo")
    .max(MAX_MEMO, `At most ${MAX_MEMO} characters`),
  policyNumber: z
    .string()
    .trim()
    .max(40, "At most 40 characters")
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
  period: z.string({ error: "Enter the period" }).refine(isPeriod, "Enter the period as a month: YYYY-MM"),
});
export type AdminPayoutEntryBody = z.infer<typeof AdminPayoutEntryBodySchema>;

/**
 * POST /:id/approve (the note is optional) and /:id/reject (a note is required), with the entry's version the page
 * showed: another version → 409 `{ error: "This entry changed since you opened it", reason: "stale" }`.
 */
export const AdminPayoutDecisionSchema = z.object({
  version: DecisionVersionSchema,
  note: z
    .string()
    .trim()
    .max(MAX_MEMO, `At most ${MAX_MEMO} characters`)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null)),
});
