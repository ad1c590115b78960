/**
 * The upstream contract of NIPR license settings (issue 24 §6; docs/upstream-api.md "NIPR"):
 * GET /api/admin/nipr_license_config → { config, producers } and PATCH it (any part of the body) → { config }.
 * The password is write-only: sent to change it, never answered. Pure: the reference API imports it too.
 */
import { z } from "zod";
import { MAX_WARNING_DAYS, MIN_WARNING_DAYS, NIPR_SCANS, NIPR_TRACKING, type NiprLicenseConfig } from "./records";

export const NiprLicenseConfigSchema = z.object({
  username: z.string(),
  passwordSet: z.boolean(),
  tracking: z.enum(NIPR_TRACKING),
  trackedUserIds: z.array(z.number().int()),
  activeProducers: z.number().int(),
  costCents: z.number().int(),
  activeScan: z.enum(NIPR_SCANS),
  inactiveScan: z.enum(NIPR_SCANS),
  warningDays: z.number().int(),
}) satisfies z.ZodType<NiprLicenseConfig>;

export const NiprLicenseConfigResponseSchema = z.object({
  config: NiprLicenseConfigSchema,
  /** The active producers (with an NPN) a chosen list may name. */
  producers: z.array(z.object({ id: z.number().int(), name: z.string(), npn: z.string() })),
});

export const NiprLicenseConfigUpdateSchema = z
  .object({
    username: z.string().trim().min(1, "Enter the NIPR user name").max(80, "At most 80 characters"),
    password: z.string().min(8, "At least 8 characters").max(200, "At most 200 characters"),
    tracking: z.enum(NIPR_TRACKING, { error: "Choose who is tracked" }),
    trackedUserIds: z.array(z.number().int().positive()).max(5000),
    activeScan: z.enum(NIPR_SCANS, { error: "Choose weekly or monthly" }),
    inactiveScan: z.enum(NIPR_SCANS, { error: "Choose weekly or monthly" }),
    warningDays: z
      .number({ error: "Enter a number of days" })
      .int("Enter a whole number of days")
      .min(MIN_WARNING_DAYS, `At least ${MIN_WARNING_DAYS} day`)
      .max(MAX_WARNING_DAYS, `At most ${MAX_WARNING_DAYS} days`),
  })
  .partial();
export type NiprLicenseConfigUpdate = z.infer<typeof NiprLicenseConfigUpdateSchema>;
