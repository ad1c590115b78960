import { z } from "zod";
import { PagingMetaSchema } from "~/.server/upstream/schemas/paging";
import { AuditEntrySchema, FacetSchema } from "~/.server/upstream/schemas/admin-common";
import { oneLine } from "~/.server/upstream/schemas/text";
import { ROLES } from "~/domain/user";
import type * as Records from "./records";

/* ---- Roles: GET/POST /api/admin/roles, GET/PATCH/DELETE /api/admin/roles/:id ---- */

/** What a role's users are to the portal: the session roles (app/domain/user.ts). */
export const ROLE_KINDS = ROLES;
export const RoleFlagsSchema = z.object({
  roleHasOnboardingProcess: z.boolean(),
  roleHasShowAchInfo: z.boolean(),
  roleHasOptoutProcess: z.boolean(),
  roleRequiresSsnOrTin: z.boolean(),
});
export const AdminRoleSchema = RoleFlagsSchema.extend({
  id: z.number().int(),
  name: z.string(),
  /** What the role's users are to the portal (the session user's role). */
  kind: z.enum(ROLE_KINDS),
  description: z.string(),
  userCount: z.number().int(),
  updatedAt: z.string(),
}) satisfies z.ZodType<Records.AdminRole>;
export type AdminRole = z.infer<typeof AdminRoleSchema>;
/** Sorts: name, kind, userCount. Filters: kind. Facets: kind. */
export const AdminRolesResponseSchema = z.object({
  records: z.array(AdminRoleSchema),
  meta: PagingMetaSchema,
  facets: z.object({ kind: FacetSchema }),
});
export const AdminRoleResponseSchema = z.object({ record: AdminRoleSchema, history: z.array(AuditEntrySchema) });
/** POST body (every field); PATCH body (any of them). 422 on a duplicate name (fields.name). */
export const AdminRoleBodySchema = RoleFlagsSchema.extend({
  name: oneLine(z.string().min(1).max(80)),
  kind: z.enum(ROLE_KINDS),
  description: z.string().max(500),
});
