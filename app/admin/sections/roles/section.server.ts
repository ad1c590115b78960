import { type SectionServer, eachId, on } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import { AdminRoleBodySchema, AdminRoleResponseSchema, AdminRolesResponseSchema } from "./contract.server";
import type { AdminRole } from "./records";

const api = adminResource("roles", {
  list: AdminRolesResponseSchema,
  one: AdminRoleResponseSchema,
  body: AdminRoleBodySchema,
  patch: AdminRoleBodySchema.partial(),
});

export const server: SectionServer<AdminRole> = {
  list: (token, params) => api.list(token, params),
  record: (token, id) => api.record(token, id),
  remove: (token, id) => api.remove(token, id),
  bulk: (token, { id }) => eachId(id, (one) => api.remove(token, one)),
  exportCsv: (token, params) => api.exportCsv(token, params),
  form: {
    create: (token, value) => api.create(token, value as Parameters<typeof api.create>[1]),
    update: (token, id, value) => api.update(token, id, value as Parameters<typeof api.update>[2]),
    formValues: (r) => ({
      name: r.name,
      kind: r.kind,
      description: r.description,
      roleHasOnboardingProcess: on(r.roleHasOnboardingProcess),
      roleHasShowAchInfo: on(r.roleHasShowAchInfo),
      roleHasOptoutProcess: on(r.roleHasOptoutProcess),
      roleRequiresSsnOrTin: on(r.roleRequiresSsnOrTin),
    }),
  },
};
