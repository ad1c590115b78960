import { z } from "zod";
import type * as Records from "~/domain/admin/records";
import { CONTRACT_AGES } from "~/domain/admin/dashboard";
import { CONTRACT_MOVES } from "~/domain/admin/labels";
import { COMPLIANCE_DOCUMENT_KINDS } from "~/domain/compliance-documents";
import { RTS_TONES } from "~/domain/rts";
import { ROLES } from "~/domain/user";
import { PagingMetaSchema } from "./paging";
import { oneLine } from "./text";

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

/** A value the list's filters offer: { value, label } (ids as strings). */
export const FacetSchema = z.array(z.object({ value: z.string(), label: z.string() }));
export type Facet = z.infer<typeof FacetSchema>;

/* ---- Roles: GET/POST /api/admin/roles, GET/PATCH/DELETE /api/admin/roles/:id ---- */

/** What a role's users are to the portal: the session roles (app/domain/user.ts). */
export const ROLE_KINDS = ROLES;
export const RoleFlagsSchema = z.object({
  roleHasOnboardingProcess: z.boolean(),
  roleHasShowAchInfo: z.boolean(),
  roleHasOptoutProcess: z.boolean(),
  roleRequiresSsnOrTin: z.boolean(),
});
export const AdminRoleSchema = RoleFlagsSchema.extend({
  id: z.number().int(),
  name: z.string(),
  /** What the role's users are to the portal (the session user's role). */
  kind: z.enum(ROLE_KINDS),
  description: z.string(),
  userCount: z.number().int(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Records.AdminRole>;
export type AdminRole = z.infer<typeof AdminRoleSchema>;
/** Sorts: name, kind, userCount. Filters: kind. Facets: kind. */
export const AdminRolesResponseSchema = z.object({
  records: z.array(AdminRoleSchema),
  meta: PagingMetaSchema,
  facets: z.object({ kind: FacetSchema }),
});
export const AdminRoleResponseSchema = z.object({ record: AdminRoleSchema, history: z.array(AuditEntrySchema) });
/** POST body (every field); PATCH body (any of them). 422 on a duplicate name (fields.name). */
export const AdminRoleBodySchema = RoleFlagsSchema.extend({
  name: oneLine(z.string().min(1).max(80)),
  kind: z.enum(ROLE_KINDS),
  description: z.string().max(500),
});

/* ---- Users: GET/POST /api/admin/users, GET/PATCH /api/admin/users/:id, POST /api/admin/users/:id/password_reset ---- */

/** active; pending = created by an admin, no password chosen yet; unverified = registered, e-mail not verified; disabled. */
export const USER_STATUSES = ["active", "pending", "unverified", "disabled"] as const;
export const AdminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  npnNumber: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  role: z.object({ id: z.number().int(), name: z.string(), kind: z.enum(ROLE_KINDS) }),
  /** The user's upline agency (upline_user_id: an agent's agency, an agency's parent agency), or null. */
  agency: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /**
   * What the user's own profile shows (GET /api/profile/details agencyName, upline), from the same relationship: the
   * agency (an agency's own name, an agent's upline agency) and its upline (the marketing organisation at the top).
   */
  hierarchy: z.object({ agency: z.string().nullable(), upline: z.string() }),
  sunfireAccess: z.boolean(),
  loa: z.boolean(),
  skipOnboardingWithContracts: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The user's last own sign-in (POST /api/login; an administrator's "Sign in as" does not count), or null. */
  lastSignInAt: z.string().nullable(),
  /** states: states with a license valid today; expired: licenses past their expiry; nextExpiry: the soonest expiry of a valid one. */
  licenses: z.object({
    states: z.number().int().nonnegative(),
    expired: z.number().int().nonnegative(),
    nextExpiry: z.string().nullable(),
  }),
  /** Active contracts (carrier appointments). */
  appointments: z.number().int().nonnegative(),
}) satisfies z.ZodType<Records.AdminUser>;
export type AdminUser = z.infer<typeof AdminUserSchema>;
/**
 * Search: name, e-mail, NPN. Filters: roleId, status, agencyId, documents (awaiting_review: users with a compliance
 * document awaiting review). Sorts: lastName, email, status, role, createdAt, lastSignInAt, licenses (the soonest
 * expiry first), appointments. Facets: roleId (every role), status, agencyId (every Agency user, each label unique:
 * the name with NPN, city and level), documents.
 */
export const AdminUsersResponseSchema = z.object({
  records: z.array(AdminUserSchema),
  meta: PagingMetaSchema,
  facets: z.object({ roleId: FacetSchema, status: FacetSchema, agencyId: FacetSchema, documents: FacetSchema }),
});
/**
 * POST /api/admin/users/:id/password_reset → 202: e-mails a password reset link; to a pending user (no password
 * yet) a new activation link instead (`sent` says which). 422 for a disabled user.
 */
export const AdminPasswordResetResponseSchema = z.object({ sent: z.enum(["reset", "activation"]) });
export const AdminUserResponseSchema = z.object({ record: AdminUserSchema, history: z.array(AuditEntrySchema) });
/**
 * POST body → 201: the user is created `pending` and e-mailed an activation link (/account/activate/:id).
 * PATCH body: any of these plus `status` (active | disabled; disabling ends every session of the user, enabling a
 * disabled user makes them active again). 422 on a taken e-mail (fields.email), unknown roleId / agencyId.
 */
export const AdminUserBodySchema = z.object({
  email: z.string().email().max(254),
  firstName: oneLine(z.string().min(1).max(80)),
  lastName: oneLine(z.string().min(1).max(80)),
  phone: z.string().max(40).nullable(),
  npnNumber: z
    .string()
    .regex(/^\d{1,10}$/)
    .nullable(),
  roleId: z.number().int().positive(),
  agencyId: z.number().int().positive().nullable(),
  sunfireAccess: z.boolean(),
  loa: z.boolean(),
  skipOnboardingWithContracts: z.boolean(),
});
export const AdminUserPatchSchema = AdminUserBodySchema.partial().extend({
  status: z.enum(["active", "disabled"]).optional(),
});

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
 * writingNumber and effectiveDate. The public note becomes lastPublicNote (what the broker sees).
 */
export const AdminTransitionBodySchema = z.object({
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

export const ADMIN_DOCUMENT_KINDS = COMPLIANCE_DOCUMENT_KINDS;
/** A broker's compliance document as the reviewer sees it. */
export const AdminDocumentSchema = z.object({
  kind: z.enum(ADMIN_DOCUMENT_KINDS),
  name: z.string(),
  file: z.object({ name: z.string(), size: z.number().int(), contentType: z.string() }),
  uploadedAt: z.string(),
  expiresOn: z.string().nullable(),
  /** pending = awaiting review; expired = past expiresOn (whatever its review). */
  review: z.enum(["pending", "accepted", "rejected", "expired"]),
  reviewerNote: z.string().nullable(),
}) satisfies z.ZodType<Records.AdminDocument>;
export type AdminDocument = z.infer<typeof AdminDocumentSchema>;
export const AdminBrokerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  kind: z.enum(["Agent", "Agency"]),
  status: z.enum(USER_STATUSES),
  npnNumber: z.string().nullable(),
  level: z.string().nullable(),
  /** The agency and upline the broker's profile shows (AdminUser.hierarchy). */
  agency: z.string().nullable(),
  upline: z.string().nullable(),
  licenses: z.array(
    z.object({
      state: z.string(),
      licenseNumber: z.string(),
      licenseType: z.string(),
      status: z.string(),
      expiresOn: z.string().nullable(),
    }),
  ),
  /** Ready to Sell per carrier (from the broker's downline contracts; carriers without one are left out). */
  rts: z.array(
    z.object({
      carrierName: z.string(),
      statusCode: z.string(),
      statusTitle: z.string(),
      displayStatus: z.string(),
      tone: z.enum(RTS_TONES),
    }),
  ),
  activeContracts: z.number().int(),
  /** Counts per contract state. */
  contractCounts: z.object({
    pending: z.number().int(),
    approved: z.number().int(),
    denied: z.number().int(),
    active: z.number().int(),
  }),
  /** The broker's document notifications (what blocks their contract requests). */
  documentNotifications: z.array(z.object({ documentName: z.string(), message: z.string() })),
  documentsAwaitingReview: z.number().int(),
});
export type AdminBroker = z.infer<typeof AdminBrokerSchema>;
export const AdminNoteSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  author: z.string(),
  body: z.string(),
});
/** GET /api/admin/brokers/:id → 404 for an unknown id or a user who is not an agent or agency. */
export const AdminBrokerResponseSchema = z.object({ broker: AdminBrokerSchema, notes: z.array(AdminNoteSchema) });
/** POST /api/admin/brokers/:id/notes { body } → 201 { note }. */
export const AdminNoteBodySchema = z.object({ body: z.string().trim().min(1).max(2000) });
export const AdminNoteResponseSchema = z.object({ note: AdminNoteSchema });
/**
 * GET /api/admin/brokers/:id/documents → { documents }; GET …/documents/:kind/file (the bytes);
 * POST …/documents/:kind/review { decision, note } → { document }. reject needs a note (the broker sees it) and
 * creates the broker's document notification; approve clears it.
 */
export const AdminDocumentsResponseSchema = z.object({ documents: z.array(AdminDocumentSchema) });
export const AdminDocumentReviewBodySchema = z.object({
  decision: z.enum(["approve", "reject"]),
  note: z.string().max(1000).nullable(),
});
export const AdminDocumentResponseSchema = z.object({ document: AdminDocumentSchema });

/* ---- The admin index: GET /api/admin/dashboard ---- */

export const AdminDashboardSchema = z.object({
  /** Pending contract requests by days waiting (CONTRACT_AGES order), and approved ones waiting on the carrier. */
  contractRequests: z.object({
    pendingByAge: z.array(z.object({ age: z.enum(CONTRACT_AGES), count: z.number().int() })),
    approved: z.number().int(),
  }),
  /** Brokers with at least one uploaded document awaiting review: what /api/admin/users?documents=awaiting_review lists. */
  brokersAwaitingDocumentReview: z.number().int(),
  openTickets: z.number().int(),
  /** Spec §3 registration failure count: registered accounts whose e-mail was never verified within 24 hours. */
  registrationFailures: z.number().int(),
  usersPendingActivation: z.number().int(),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;
