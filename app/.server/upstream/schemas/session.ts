import { z } from "zod";
import { ROLES, type SessionUser } from "~/domain/user";

/* ---- Session: the signed-in user, login and impersonation ---- */

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
