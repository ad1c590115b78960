import { z } from "zod";
import { ROLES, type SessionUser } from "~/domain/user";

/**
 * The upstream contract (docs/upstream-api.md) as zod schemas. The portal validates every response
 * with them; the reference API (server/reference-api) builds its responses to the same types.
 */
export const SessionUserSchema = z.object({
  userId: z.number().int(),
  role: z.enum(ROLES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  loa: z.boolean(),
  npnCurrentMaxLevel: z.string().nullable(),
  npnId: z.number().int().nullable(),
  npnNumber: z.string().nullable(),
  sunfireAccess: z.boolean(),
  existingActiveContracts: z.boolean(),
  existingExpiredContracts: z.boolean(),
  onboardingComplete: z.boolean(),
  onboardingInProgress: z.boolean(),
  onboardingPresent: z.boolean(),
  onboardingActivated: z.boolean(),
  hierarchyPresent: z.boolean(),
  skipOnboardingWithContracts: z.boolean(),
  roleHasOnboardingProcess: z.boolean(),
  roleHasShowAchInfo: z.boolean(),
  roleHasOptoutProcess: z.boolean(),
  roleRequiresSsnOrTin: z.boolean(),
  returnToUserId: z.number().int().nullable(),
}) satisfies z.ZodType<SessionUser>;

/** POST /api/login, POST /api/login_as_user, GET /api/logout_as_user */
export const LoginResponseSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** GET /api/me */
export const MeResponseSchema = z.object({ user: SessionUserSchema });

export const LicenseSchema = z.object({
  id: z.number().int(),
  state: z.string(),
  licenseNumber: z.string(),
  licenseType: z.string(),
  status: z.string(),
  expiresOn: z.string().nullable(),
});
export type License = z.infer<typeof LicenseSchema>;

export const ProfileSchema = z.object({
  licenses: z.array(LicenseSchema),
  smsConsent: z.boolean().nullable(),
  phone: z.string().nullable(),
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

/** GET /api/feedback_conversations/show_unread_messages */
export const UnreadMessagesSchema = z.object({ unread_messages: z.number().int().min(0) });
/** GET /api/feedback_conversations/show_unresponded_messages */
export const UnrespondedMessagesSchema = z.object({ unresponded_messages: z.number().int().min(0) });
