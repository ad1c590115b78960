import { z } from "zod";

/* ---- Profile: licenses, SMS consent, system and document notifications ---- */

export const LicenseSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  licenseNumber: z.string(),
  licenseType: z.string(),
  status: z.string(),
  expiresOn: z.string().nullable(),
  /* Issue 12, from the licensing record (absent or null/[] for a license added in onboarding). */
  licenseClass: z.string().nullable().optional().default(null),
  linesOfAuthority: z.array(z.string()).optional().default([]),
  resident: z.boolean().nullable().optional().default(null),
  effectiveOn: z.string().nullable().optional().default(null),
});
export type License = z.infer<typeof LicenseSchema>;

export const ProfileSchema = z.object({
  licenses: z.array(LicenseSchema),
  smsConsent: z.boolean().nullable(),
  phone: z.string().nullable(),
  /** Days before expiry a license is marked "Expires soon" (the NIPR settings' warning window, issue 24 §6). */
  licenseWarningDays: z.number().int().positive().optional(),
  /**
   * The states NIPR holds new contract requests in (issue 24 §7, app/domain/nipr-holds.ts); absent: none. `since` is
   * the day the alert arrived, `kind` the alert's (issue 37 §1: Ready to Sell names it); absent kind: not named.
   */
  niprHolds: z
    .array(
      z.object({
        state: z.string(),
        message: z.string(),
        since: z.string(),
        kind: z.string().nullable().optional().default(null),
      }),
    )
    .optional()
    .default([]),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** GET /api/profile, POST/DELETE /api/profile/sms_consent */
export const ProfileResponseSchema = z.object({ profile: ProfileSchema });

export const SystemNotificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  severity: z.enum(["info", "warning", "critical"]),
  publishedAt: z.string(),
  /** When the notice ends (issue 20); absent or null: it stays until withdrawn. */
  endsAt: z.string().nullable().default(null),
});
export type SystemNotification = z.infer<typeof SystemNotificationSchema>;
/** GET /api/profile/notifications: spec §7 "whole response stored as system notifications". */
export const SystemNotificationsSchema = z.array(SystemNotificationSchema);

export const DocumentNotificationSchema = z.object({
  id: z.number().int(),
  documentName: z.string(),
  message: z.string(),
});
export type DocumentNotification = z.infer<typeof DocumentNotificationSchema>;
/** GET /api/profile/document_notifications */
export const DocumentNotificationsResponseSchema = z.object({
  documentNotifications: z.array(DocumentNotificationSchema),
});
