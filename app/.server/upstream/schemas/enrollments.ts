import { z } from "zod";
import { SUBMITTED_ENROLLMENT_STATUSES } from "~/domain/enrollments";
import { PagingMetaSchema } from "./paging";

/* ---- Quote & Enroll (issue 12): the quote tool's sign-on link, and the enrollments submitted through it ---- */

/**
 * GET /partners/sunfire (spec §7 "reads url; opened in a new window"): a single-use sign-on link into the
 * quote provider. Never cached, never logged, never rendered into a page: the portal redirects to it.
 */
export const SunfireSignOnSchema = z.object({
  url: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//i.test(v), "the sign-on link must be an http(s) URL"),
});

export const SubmittedEnrollmentSchema = z.object({
  id: z.number().int(),
  confirmationNumber: z.string(),
  memberName: z.string(),
  planName: z.string(),
  productName: z.string(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  /** YYYY-MM-DD */
  effectiveDate: z.string(),
  status: z.enum(SUBMITTED_ENROLLMENT_STATUSES),
  /** ISO timestamp */
  submittedAt: z.string(),
  /** Who wrote it: the caller, or for an agency an agent of its downline. */
  writingAgent: z.object({ name: z.string(), npnNumber: z.string().nullable() }),
});
export type SubmittedEnrollment = z.infer<typeof SubmittedEnrollmentSchema>;

/** GET /api/submitted_enrollments */
export const SubmittedEnrollmentsResponseSchema = z.object({
  enrollments: z.array(SubmittedEnrollmentSchema),
  meta: PagingMetaSchema,
  filters: z.object({
    statuses: z.array(z.enum(SUBMITTED_ENROLLMENT_STATUSES)),
    carriers: z.array(z.object({ id: z.number().int(), name: z.string() })),
  }),
});

/** POST /api/submitted_enrollments/export: spec §8 'Download was sent to your email'. */
export const SubmittedEnrollmentsExportSchema = z.object({ message: z.string() });

/** GET /partners/sunfire/availability (issue 22 §2.4): whether the caller's quote tool (or its test site) opens now. */
export const QuoteToolAvailabilitySchema = z.discriminatedUnion("available", [
  z.object({ available: z.literal(true), provider: z.string() }),
  z.object({ available: z.literal(false), reason: z.enum(["disabled", "no_test_site"]) }),
]);
export type QuoteToolAvailability = z.infer<typeof QuoteToolAvailabilitySchema>;
