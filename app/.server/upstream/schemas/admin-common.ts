import { z } from "zod";
import type * as Records from "~/domain/admin/records";
import { VERSION_REQUIRED } from "~/domain/record-version";

/*
 * ---- The admin area (issue 14): every admin endpoint is under /api/admin/ and answers 403 to any token that is
 * not an administrator's own (an administrator signed in as another user is that user: 403 too) ----
 *
 * Conventions shared by every admin resource (docs/upstream-api.md "Admin area"):
 * - GET  /api/admin/<resource>?page&perPage&search&sort&order&<filters>  → { records, meta, facets }
 *   Paging, search and sort are forgiving as every list's are (paging.ts); a malformed filter is a 422.
 * - GET  /api/admin/<resource>/export?<the same query>  → text/csv, streamed, every matching record (no paging)
 * - GET  /api/admin/<resource>/<id>  → { record, history }
 * - POST /api/admin/<resource>  → 201 { record };  PATCH /api/admin/<resource>/<id>  → 200 { record }
 * - DELETE /api/admin/<resource>/<id>  → 204; in use → 409 { error: "<why>" }
 * - A refused body → 422 { error, fields: { <field>: [messages] } } (field names as the body's)
 * - Every write is recorded in the audit history (who, when, the changes old → new).
 */

/** The state of a contract request (spec §3 contracting status lists). */
export const CONTRACT_STATES = ["pending", "approved", "denied", "active"] as const;
export const ContractStateSchema = z.enum(CONTRACT_STATES);
export type ContractState = z.infer<typeof ContractStateSchema>;

/** One audit record: who did what when; `changes` old → new per field (values as text, null = empty). */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO timestamp. */
  at: z.string(),
  actor: z.object({ userId: z.number().int().nullable(), name: z.string() }),
  /** created, updated, deleted, or a verb of the resource (approved, denied, note_added, password_reset_sent …). */
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  note: z.string().nullable(),
}) satisfies z.ZodType<Records.AuditEntry>;
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/**
 * A record's version (issue 35 §2, app/domain/record-version.ts): 1 when created, one more at every change. A
 * decision on the record carries back the version it was shown (`DecisionVersionSchema`); another one is a 409
 * `{ error: "This entry changed since you opened it", reason: "stale" }` and nothing changes.
 */
export const RecordVersionSchema = z.number().int().positive();
export const DecisionVersionSchema = z
  .number({ error: VERSION_REQUIRED })
  .int(VERSION_REQUIRED)
  .positive(VERSION_REQUIRED);

/** A value the list's filters offer: { value, label } (ids as strings). */
export const FacetSchema = z.array(z.object({ value: z.string(), label: z.string() }));
export type Facet = z.infer<typeof FacetSchema>;
