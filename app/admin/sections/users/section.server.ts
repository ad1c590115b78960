import { type SectionServer, eachId, on, text } from "~/.server/admin/section-server";
import { adminCall, adminResource } from "~/.server/upstream/admin";
import { formatPhone } from "~/domain/masks";
import {
  AdminPasswordResetResponseSchema,
  AdminUserBodySchema,
  AdminUserPatchSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
} from "./contract.server";
import type { AdminUser } from "./records";
import { bulkRoleSchema } from "./schemas";

export async function sendPasswordReset(token: string, userId: number) {
  return adminCall(token, "POST", `users/${userId}/password_reset`, AdminPasswordResetResponseSchema);
}

const api = adminResource("users", {
  list: AdminUsersResponseSchema,
  one: AdminUserResponseSchema,
  body: AdminUserBodySchema,
  patch: AdminUserPatchSchema,
});

export const server: SectionServer<AdminUser> = {
  list: async (token, params) => api.list(token, params),
  // Not the phone, the agency's id, the upline, the flags nor the last change: the record page shows those.
  listRow: (u) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    npnNumber: u.npnNumber,
    status: u.status,
    role: { name: u.role.name, kind: u.role.kind },
    hierarchy: { agency: u.hierarchy.agency },
    lastSignInAt: u.lastSignInAt,
    licenses: u.licenses,
    appointments: u.appointments,
    createdAt: u.createdAt,
  }),
  record: async (token, id) => api.record(token, id),
  form: {
    create: async (token, value) => api.create(token, value as Parameters<typeof api.create>[1]),
    update: async (token, id, value) => {
      // Only an active or disabled account's status is the administrator's to set.
      const { status, ...rest } = value as Parameters<typeof api.update>[2] & { status?: string };
      const body = status === "active" || status === "disabled" ? { ...rest, status } : rest;
      return api.update(token, id, body);
    },
    formValues: (u) => ({
      firstName: u.firstName,
      lastName: u.lastName,
      email: u.email,
      phone: u.phone ? formatPhone(u.phone) : "",
      npnNumber: text(u.npnNumber),
      roleId: String(u.role.id),
      agencyId: text(u.agency?.id),
      sunfireAccess: on(u.sunfireAccess),
      loa: on(u.loa),
      skipOnboardingWithContracts: on(u.skipOnboardingWithContracts),
      status: u.status,
    }),
  },
  bulk: async (token, { id }) => eachId(id, async (one) => api.update(token, one, { status: "disabled" })),
  // Each user is changed by the upstream as from their form: checked (a pending account cannot be enabled, nor the
  // caller's own role changed) and written in the user's history.
  bulkMore: {
    enable: {
      run: async (token, { id }) => eachId(id, async (one) => api.update(token, one, { status: "active" })),
    },
    role: {
      schema: bulkRoleSchema,
      run: async (token, value) => {
        const { id, roleId } = value as { id: number[]; roleId: number };
        return eachId(id, async (one) => api.update(token, one, { roleId }));
      },
    },
  },
  exportCsv: async (token, params) => api.exportCsv(token, params),
  intents: {
    password_reset: async (token, u) => {
      const { sent } = await sendPasswordReset(token, u.id);
      return sent === "activation"
        ? `A new activation link was sent to ${u.email}`
        : `A password reset link was sent to ${u.email}`;
    },
  },
};
