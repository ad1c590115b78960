import { z } from "zod";
import { COMPLIANCE_DOCUMENT_KINDS } from "~/domain/compliance-documents";
import { StoredFileSchema } from "./files";
import { DocumentNotificationSchema } from "./profile";

/* ---- The profile page (issue 12): personal details, compliance documents, member rewards ---- */

export const ProfileDetailsSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** As stored, e.g. "(555) 201-4410" (any formatting of 10 digits and an optional extension). */
  phone: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  npnNumber: z.string().nullable(),
  /** The agency an agent writes under (an agency: its own name); null when none. */
  agencyName: z.string().nullable(),
  upline: z.string().nullable(),
});
export type ProfileDetails = z.infer<typeof ProfileDetailsSchema>;
/** GET /api/profile/details, PUT /api/profile/details */
export const ProfileDetailsResponseSchema = z.object({ details: ProfileDetailsSchema });

export const ComplianceDocumentSchema = z.object({
  kind: z.enum(COMPLIANCE_DOCUMENT_KINDS),
  title: z.string(),
  /** A certificate that runs out: an upload carries its expiry date. */
  expires: z.boolean(),
  /** null: nothing on file (missing). */
  file: StoredFileSchema.nullable(),
  uploadedAt: z.string().nullable(),
  expiresOn: z.string().nullable(),
  review: z.enum(["accepted", "rejected"]),
  reviewerNote: z.string().nullable(),
});
export type ComplianceDocument = z.infer<typeof ComplianceDocumentSchema>;
/** GET /api/profile/documents */
export const ComplianceDocumentsResponseSchema = z.object({ documents: z.array(ComplianceDocumentSchema) });
/** PUT /api/profile/documents/{kind}: the stored document and the notifications left. */
export const ComplianceDocumentUploadResponseSchema = z.object({
  document: ComplianceDocumentSchema,
  documentNotifications: z.array(DocumentNotificationSchema),
});

export const RewardsSchema = z.object({
  year: z.number().int(),
  qualifyingPolicies: z.number().int().nonnegative(),
  earnedCents: z.number().int().nonnegative(),
  pendingCents: z.number().int().nonnegative(),
  paidCents: z.number().int().nonnegative(),
  /** YYYY-MM-DD */
  nextPayoutOn: z.string().nullable(),
});
export type Rewards = z.infer<typeof RewardsSchema>;
/** GET /api/profile/rewards */
export const RewardsResponseSchema = z.object({ rewards: RewardsSchema });
