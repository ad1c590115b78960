import { z } from "zod";
import type * as Records from "~/domain/admin/records";
import { CONTRACT_AGES } from "~/domain/admin/dashboard";
import { COMPLIANCE_DOCUMENT_KINDS } from "~/domain/compliance-documents";
import { RTS_TONES } from "~/domain/rts";
import { USER_STATUSES } from "~/admin/sections/users/contract.server";

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
  /** Tickets (support and commission inquiries) awaiting staff: what /api/admin/tickets?status=open lists. */
  openTickets: z.number().int(),
  /** Feedback conversations awaiting staff: what /api/admin/feedback_conversations?status=open lists. */
  feedbackAwaitingStaff: z.number().int(),
  /** Spec §3 registration failure count: registered accounts whose e-mail was never verified within 24 hours. */
  registrationFailures: z.number().int(),
  usersPendingActivation: z.number().int(),
  /** Carrier statements not yet locked (not published to the agents): /api/admin/commission_statements?status=draft. */
  draftStatements: z.number().int(),
  /** Lines of draft statements that match no policy or agent yet, waiting for reconciliation. */
  unmatchedStatementLines: z.number().int(),
  /** Payout entries waiting for another administrator's approval: /api/admin/payout_entries?status=pending. */
  payoutEntriesAwaitingApproval: z.number().int(),
});
export type AdminDashboard = z.infer<typeof AdminDashboardSchema>;

/*
 * The shared part of the admin contract, and the sections' contracts (each beside its section in
 * app/admin/sections/<key>/contract.server.ts), for the modules that read the admin area as a whole.
 */
export * from "./admin-common";
export * from "~/admin/sections/users/contract.server";
export * from "~/admin/sections/roles/contract.server";
export * from "~/admin/sections/rts_statuses/contract.server";
export * from "~/admin/sections/contracting/contract.server";
