import { z } from "zod";
import { PagingMetaSchema } from "~/.server/upstream/schemas/paging";
import { AuditEntrySchema, FacetSchema } from "~/.server/upstream/schemas/admin-common";
import { oneLine } from "~/.server/upstream/schemas/text";
import { ROLE_KINDS } from "../roles/contract.server";
import type * as Records from "./records";

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
