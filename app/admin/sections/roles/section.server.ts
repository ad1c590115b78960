import { editableRecords, on } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import { AdminRoleBodySchema, AdminRoleResponseSchema, AdminRolesResponseSchema } from "./contract.server";
import type { AdminRole } from "./records";

const api = adminResource("roles", {
  list: AdminRolesResponseSchema,
  one: AdminRoleResponseSchema,
  body: AdminRoleBodySchema,
  patch: AdminRoleBodySchema.partial(),
});

export const server = editableRecords<AdminRole>(api, (r) => ({
  name: r.name,
  kind: r.kind,
  description: r.description,
  roleHasOnboardingProcess: on(r.roleHasOnboardingProcess),
  roleHasShowAchInfo: on(r.roleHasShowAchInfo),
  roleHasOptoutProcess: on(r.roleHasOptoutProcess),
  roleRequiresSsnOrTin: on(r.roleRequiresSsnOrTin),
}));
