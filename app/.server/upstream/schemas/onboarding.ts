import { z } from "zod";
import { StoredFileSchema } from "./files";
import { LicenseSchema } from "./profile";

/* ---- Onboarding (issue 3): the contracting steps of a user whose contracting is required ---- */

export const ONBOARDING_STEP_KEYS = [
  "personal",
  "licenses",
  "legal",
  "banking",
  "documents",
  "signature",
  "optout",
] as const;
export type OnboardingStepKey = (typeof ONBOARDING_STEP_KEYS)[number];

export const OnboardingSchema = z.object({
  /** All steps done and the onboarding submitted (POST /api/onboarding/complete). */
  complete: z.boolean(),
  /** The steps this user's role calls for, in order (banking only with roleHasShowAchInfo, optout only with roleHasOptoutProcess). */
  steps: z.array(z.object({ key: z.enum(ONBOARDING_STEP_KEYS), title: z.string(), complete: z.boolean() })),
  personal: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string().nullable(),
      dateOfBirth: z.string().nullable(),
      addressLine1: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip: z.string().nullable(),
      /** Which tax id is on file; the number itself is never sent back. */
      taxIdType: z.enum(["ssn", "ein"]).nullable(),
    })
    .nullable(),
  licenses: z.array(LicenseSchema),
  banking: z
    .object({
      accountHolder: z.string(),
      accountType: z.enum(["checking", "savings"]),
      routingNumber: z.string(),
      accountNumberLast4: z.string(),
    })
    .nullable(),
  documents: z.array(z.object({ kind: z.enum(["w9", "eo"]), file: StoredFileSchema })),
  signature: z.object({ signedAt: z.string(), points: z.number().int() }).nullable(),
  optout: z.object({ marketingEmails: z.boolean(), leadPrograms: z.boolean() }).nullable(),
});
export type Onboarding = z.infer<typeof OnboardingSchema>;
/** GET /api/onboarding, PUT /api/onboarding/steps/{step}, POST /api/onboarding/complete */
export const OnboardingResponseSchema = z.object({ onboarding: OnboardingSchema });
