import { z } from "zod";
import { PagingMetaSchema } from "~/.server/upstream/schemas/paging";
import {
  AuditEntrySchema,
  type ContractState,
  ContractStateSchema,
  DecisionVersionSchema,
  FacetSchema,
  RecordVersionSchema,
} from "~/.server/upstream/schemas/admin-common";
import { CONTRACT_AGES } from "~/domain/admin/dashboard";
import { CONTRACT_MOVES } from "~/domain/admin/labels";
import type * as Records from "./records";

/* ---- Contract requests (the contracting desk and a broker's contracts) ---- */

/** Who has to act next on a request: the broker, the agency (our staff) or the carrier; null once active. */
export const BALL_HOLDERS = ["broker", "agency", "carrier"] as const;
export const AdminContractRequestSchema = z.object({
  id: z.number().int(),
  broker: z.object({ id: z.number().int(), name: z.string(), npnNumber: z.string().nullable() }),
  carrierProductId: z.number().int(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  state: ContractStateSchema,
  /** When the request was made (ISO). */
  requestedAt: z.string(),
  /** When it entered its current state (ISO). */
  stateSince: z.string(),
  /** Whole days in the current state (the desk's waiting time). */
  waitingDays: z.number().int(),
  ballWith: z.enum(BALL_HOLDERS).nullable(),
  /** Seconds spent in each state so far (the current one up to now), in the order the states were entered. */
  timeInStates: z.array(z.object({ state: ContractStateSchema, seconds: z.number().int() })),
  /** Shown to the broker (spec §3 lastPublicNote). */
  lastPublicNote: z.string().nullable(),
  /** Staff only. */
  internalNote: z.string().nullable(),
  writingNumber: z.string().nullable(),
  /** YYYY-MM-DD, set when active. */
  effectiveDate: z.string().nullable(),
  /** The states the request covers (issue 24 §7); null: made before states were recorded. */
  states: z.array(z.string()).nullable().default(null),
  /** One more at every move, the staff's or the broker's (issue 35 §2). */
  version: RecordVersionSchema,
}) satisfies z.ZodType<Records.AdminContractRequest>;
export type AdminContractRequest = z.infer<typeof AdminContractRequestSchema>;
/** Age filter values (days in the current state): 0-7, 8-30, 31-90, 91+. */
export { CONTRACT_AGES };
/**
 * GET /api/admin/contract_requests: search broker name, NPN, carrier. Filters: state, carrierId, productId, age,
 * brokerId. Sorts: waiting (days in the current state), requestedAt, broker, carrier. Facets: state, carrierId,
 * productId, age.
 */
export const AdminContractRequestsResponseSchema = z.object({
  records: z.array(AdminContractRequestSchema),
  meta: PagingMetaSchema,
  facets: z.object({ state: FacetSchema, carrierId: FacetSchema, productId: FacetSchema, age: FacetSchema }),
});
/** A broker's legal answer as the request's review shows it; `file` can be downloaded. */
export const AdminLegalAnswerSchema = z.object({
  questionText: z.string(),
  hasOccurred: z.boolean(),
  actionOn: z.string().nullable(),
  action: z.string().nullable(),
  reason: z.string().nullable(),
  explanation: z.string().nullable(),
  file: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }).nullable(),
});
/**
 * GET /api/admin/contract_requests/:id (GET /api/admin/contract_requests/next: the longest-waiting pending one with our staff,
 * 404 when none waits). Files: GET /api/admin/contract_requests/:id/files/:fileId (the bytes).
 */
export const AdminContractRequestResponseSchema = z.object({
  record: AdminContractRequestSchema,
  legalAnswers: z.array(AdminLegalAnswerSchema),
  history: z.array(AuditEntrySchema),
});
/** Allowed moves; any other → 422 { error, fields.state }. */
export const CONTRACT_TRANSITIONS: Readonly<Record<ContractState, readonly ContractState[]>> = CONTRACT_MOVES;
/**
 * POST /api/admin/contract_requests/:id/transition → { record }. denied needs publicNote; active needs
 * writingNumber and effectiveDate. The public note becomes lastPublicNote (what the broker sees). `version`: the
 * request's version the reviewing page showed (moved since: 409 `{ error: "This entry changed since you opened it",
 * reason: "stale" }`, nothing moved).
 */
export const AdminTransitionBodySchema = z.object({
  version: DecisionVersionSchema,
  state: ContractStateSchema,
  publicNote: z.string().max(1000).nullable(),
  internalNote: z.string().max(1000).nullable(),
  writingNumber: z.string().max(40).nullable(),
  effectiveDate: z.string().nullable(),
});
/** The most ids one bulk call may carry. */
export const ADMIN_BULK_MAX = 100;
/** POST /api/admin/contract_requests/bulk_transition: the same move and notes for each (active is refused here). */
export const AdminBulkTransitionBodySchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(ADMIN_BULK_MAX),
  state: z.enum(["approved", "denied", "pending"]),
  publicNote: z.string().max(1000).nullable(),
  internalNote: z.string().max(1000).nullable(),
});
/** Every asked id lands in `moved` or in `refused` (unknown id, or a move its state does not allow). */
export const AdminBulkResultSchema = z.object({
  moved: z.array(z.number().int()),
  refused: z.array(z.object({ id: z.number().int(), error: z.string() })),
});
export type AdminBulkResult = z.infer<typeof AdminBulkResultSchema>;
/** POST /api/admin/contract_requests { brokerId, carrierProductId } → 201 { record } (pending); 409 when one exists. */
export const AdminNewContractRequestBodySchema = z.object({
  brokerId: z.number().int().positive(),
  carrierProductId: z.number().int().positive(),
  internalNote: z.string().max(1000).nullable(),
});

/* ---- Brokers (an agent or agency): GET /api/admin/brokers/:id, POST /api/admin/brokers/:id/notes ---- */
