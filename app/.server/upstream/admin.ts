/**
 * The admin area's upstream calls (issue 14; docs/upstream-api.md "Admin area", schemas/admin.ts). Every one is
 * an administrator's: the upstream answers 403 to anyone else, and the portal checks first (requireAdmin).
 */
import { z } from "zod";
import { call, callFile } from "./client";
import {
  ADMIN_BULK_MAX,
  AdminBrokerResponseSchema,
  AdminBulkResultSchema,
  AdminContractRequestResponseSchema,
  AdminContractRequestsResponseSchema,
  AdminDashboardSchema,
  AdminDocumentResponseSchema,
  AdminDocumentsResponseSchema,
  AdminNoteResponseSchema,
  AdminPasswordResetResponseSchema,
  AdminRoleResponseSchema,
  AdminRolesResponseSchema,
  AdminRtsStatusResponseSchema,
  AdminRtsStatusesResponseSchema,
  AdminUserResponseSchema,
  AdminUsersResponseSchema,
  type AdminBulkTransitionBodySchema,
  type AdminDocumentReviewBodySchema,
  type AdminNewContractRequestBodySchema,
  type AdminRoleBodySchema,
  type AdminRtsStatusBodySchema,
  type AdminTransitionBodySchema,
  type AdminUserBodySchema,
  type AdminUserPatchSchema,
} from "./schemas/admin";

const NoContent = z.undefined();

/** `/api/admin/<path>?<params>` (params as the list page checked them: listQueryFrom). */
function adminPath(path: string, params?: URLSearchParams): string {
  const query = params?.toString() ?? "";
  return `/api/admin/${path}${query ? `?${query}` : ""}`;
}

/** The admin resources the generic section pages read and write (app/.server/admin/sections.ts). */
export const ADMIN_RESOURCES = {
  users: { list: AdminUsersResponseSchema, one: AdminUserResponseSchema },
  roles: { list: AdminRolesResponseSchema, one: AdminRoleResponseSchema },
  rts_statuses: { list: AdminRtsStatusesResponseSchema, one: AdminRtsStatusResponseSchema },
} as const;
export type AdminResource = keyof typeof ADMIN_RESOURCES;

export function adminList<R extends AdminResource>(token: string, resource: R, params: URLSearchParams) {
  return call("GET", adminPath(resource, params), ADMIN_RESOURCES[resource].list, { token }) as Promise<
    z.infer<(typeof ADMIN_RESOURCES)[R]["list"]>
  >;
}

export function adminRecord<R extends AdminResource>(token: string, resource: R, id: number) {
  return call("GET", adminPath(`${resource}/${id}`), ADMIN_RESOURCES[resource].one, { token }) as Promise<
    z.infer<(typeof ADMIN_RESOURCES)[R]["one"]>
  >;
}

type Bodies = {
  users: { create: z.infer<typeof AdminUserBodySchema>; update: z.infer<typeof AdminUserPatchSchema> };
  roles: { create: z.infer<typeof AdminRoleBodySchema>; update: Partial<z.infer<typeof AdminRoleBodySchema>> };
  rts_statuses: {
    create: z.infer<typeof AdminRtsStatusBodySchema>;
    update: Partial<z.infer<typeof AdminRtsStatusBodySchema>>;
  };
};

const RecordOnly = z.object({ record: z.object({ id: z.number().int() }).passthrough() });

export async function adminCreate<R extends AdminResource>(token: string, resource: R, body: Bodies[R]["create"]) {
  return (await call("POST", adminPath(resource), RecordOnly, { token, body })).record;
}

export async function adminUpdate<R extends AdminResource>(
  token: string,
  resource: R,
  id: number,
  body: Bodies[R]["update"],
) {
  return (await call("PATCH", adminPath(`${resource}/${id}`), RecordOnly, { token, body })).record;
}

export function adminDelete(token: string, resource: AdminResource | "contract_requests", id: number) {
  return call("DELETE", adminPath(`${resource}/${id}`), NoContent, { token });
}

/** The CSV of every record the query matches, streamed from the upstream. */
export function adminExport(token: string, resource: AdminResource | "contract_requests", params: URLSearchParams) {
  return callFile(adminPath(`${resource}/export`, params), { token });
}

export function sendPasswordReset(token: string, userId: number) {
  return call("POST", adminPath(`users/${userId}/password_reset`), AdminPasswordResetResponseSchema, { token });
}

export function adminDashboard(token: string) {
  return call("GET", adminPath("dashboard"), AdminDashboardSchema, { token });
}

/* ---- Contract requests ---- */

export function contractRequests(token: string, params: URLSearchParams) {
  return call("GET", adminPath("contract_requests", params), AdminContractRequestsResponseSchema, { token });
}

/** One request; `next`: the longest-waiting pending one (the upstream's 404 when none waits). */
export function contractRequest(token: string, id: number | "next") {
  return call("GET", adminPath(`contract_requests/${id}`), AdminContractRequestResponseSchema, { token });
}

export function contractRequestFile(token: string, id: number, fileId: number) {
  return callFile(adminPath(`contract_requests/${id}/files/${fileId}`), { token });
}

export async function transitionContractRequest(
  token: string,
  id: number,
  body: z.infer<typeof AdminTransitionBodySchema>,
) {
  return (await call("POST", adminPath(`contract_requests/${id}/transition`), RecordOnly, { token, body })).record;
}

export function bulkTransitionContractRequests(token: string, body: z.infer<typeof AdminBulkTransitionBodySchema>) {
  if (body.ids.length === 0 || body.ids.length > ADMIN_BULK_MAX)
    throw new RangeError(`bulkTransitionContractRequests: ${body.ids.length} ids`);
  return call("POST", adminPath("contract_requests/bulk_transition"), AdminBulkResultSchema, { token, body });
}

export async function openContractRequest(token: string, body: z.infer<typeof AdminNewContractRequestBodySchema>) {
  return (await call("POST", adminPath("contract_requests"), RecordOnly, { token, body })).record;
}

/* ---- Brokers ---- */

export function broker(token: string, id: number) {
  return call("GET", adminPath(`brokers/${id}`), AdminBrokerResponseSchema, { token });
}

export async function addBrokerNote(token: string, id: number, body: string) {
  return (await call("POST", adminPath(`brokers/${id}/notes`), AdminNoteResponseSchema, { token, body: { body } }))
    .note;
}

export function brokerDocuments(token: string, id: number) {
  return call("GET", adminPath(`brokers/${id}/documents`), AdminDocumentsResponseSchema, { token });
}

export function brokerDocumentFile(token: string, id: number, kind: string) {
  return callFile(adminPath(`brokers/${id}/documents/${encodeURIComponent(kind)}/file`), { token });
}

export async function reviewBrokerDocument(
  token: string,
  id: number,
  kind: string,
  body: z.infer<typeof AdminDocumentReviewBodySchema>,
) {
  return (
    await call(
      "POST",
      adminPath(`brokers/${id}/documents/${encodeURIComponent(kind)}/review`),
      AdminDocumentResponseSchema,
      {
        token,
        body,
      },
    )
  ).document;
}
