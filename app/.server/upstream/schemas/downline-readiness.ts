import { z } from "zod";
import { COMPLIANCE_DOCUMENT_KINDS } from "../../../domain/compliance-documents";
import { REMINDER_CAP, REMINDER_DETAIL_MAX } from "../../../domain/downline-readiness";
import { READINESS_STEPS } from "../../../domain/readiness";
import { BrokerRtsSchema, CarrierCertificationSchema } from "./readiness";

/* ---- Downline readiness (issue 25 §2): the facts of every broker in an agency's hierarchy ---- */

/** One contract request of a downline broker (its contracting entry, spec §4's states). */
export const DownlineContractSchema = z.object({
  carrierProductId: z.number().int(),
  status: z.enum(["pending", "denied", "approved", "active"]),
  lastPublicNote: z.string().nullable(),
  /** ISO: when the request was made. */
  requestedAt: z.string(),
  /** ISO: when it entered its current status (how long it has waited there). */
  stateSince: z.string(),
});
export type DownlineContract = z.infer<typeof DownlineContractSchema>;

/** A compliance document as the readiness rule needs it (the profile's documents, without the file). */
export const DownlineDocumentSchema = z.object({
  kind: z.enum(COMPLIANCE_DOCUMENT_KINDS),
  /** A file is on file (false: missing). */
  onFile: z.boolean(),
  review: z.enum(["accepted", "rejected"]),
  /** YYYY-MM-DD; null: does not run out. */
  expiresOn: z.string().nullable(),
});

/** One active broker (agent or sub-agency) under the agency, with every fact its readiness lines need. */
export const DownlineBrokerSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(["Agent", "Agency"]),
  npnNumber: z.string().nullable(),
  /** The agency they write under (users.upline_user_id): the agency itself or one of its sub-agencies. */
  agencyUserId: z.number().int(),
  contracts: z.array(DownlineContractSchema),
  licenses: z.array(z.object({ state: z.string(), status: z.string(), expiresOn: z.string().nullable() })),
  niprHolds: z.array(z.object({ state: z.string() })),
  documents: z.array(DownlineDocumentSchema),
  documentNotifications: z.array(z.object({ documentName: z.string() })),
  /** The carriers' certifications completed for this plan year and the next. */
  certifications: z.array(CarrierCertificationSchema),
  rtsStatuses: z.array(BrokerRtsSchema),
  /** YYYY-MM-DD: the latest business they wrote (a policy's effective date, an enrollment's submission); null: none. */
  lastWrittenOn: z.string().nullable(),
});
export type DownlineBroker = z.infer<typeof DownlineBrokerSchema>;

/** GET /api/downlines/readiness (agencies only) */
export const DownlineReadinessResponseSchema = z.object({
  downlineReadiness: z.object({
    /** The plan year being sold (app/domain/readiness.ts planYearOf); the next one is planYear + 1. */
    planYear: z.number().int(),
    /** The NIPR settings' warning window in days (issue 24 §6). */
    licenseWarningDays: z.number().int().positive(),
    /** The agency itself first, then every sub-agency in its hierarchy (by name). */
    agencies: z.array(z.object({ userId: z.number().int(), name: z.string() })),
    /** Every active broker in the hierarchy (the agency itself not included), by last then first name. */
    brokers: z.array(DownlineBrokerSchema),
  }),
});
export type DownlineReadiness = z.infer<typeof DownlineReadinessResponseSchema>["downlineReadiness"];

/** POST /api/downlines/readiness/reminders (Idempotency-Key) */
export const ReminderBodySchema = z.strictObject({
  step: z.enum(READINESS_STEPS),
  reminders: z
    .array(
      z.strictObject({
        userId: z.number().int().positive(),
        detail: z.string().trim().min(1).max(REMINDER_DETAIL_MAX),
      }),
    )
    .min(1)
    .max(REMINDER_CAP),
});
export type ReminderBody = z.infer<typeof ReminderBodySchema>;

/** 201: the message (e-mail communications' email_messages row) and how many e-mails it queued. */
export const ReminderResponseSchema = z.object({
  reminder: z.object({ messageId: z.number().int(), recipients: z.number().int() }),
});
