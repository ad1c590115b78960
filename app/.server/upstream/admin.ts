/**
 * The admin area's upstream calls (issue 14; docs/upstream-api.md "Admin area", schemas/admin.ts). Every one is
 * an administrator's: the upstream answers 403 to anyone else, and the portal checks first (requireAdmin).
 */
import { z } from "zod";
import { call, callFile, callMultipart } from "./client";
import {
  ADMIN_BULK_MAX,
  AdminBulkResultSchema,
  AdminContractRequestResponseSchema,
  AdminContractRequestsResponseSchema,
  type AdminBulkTransitionBodySchema,
  type AdminNewContractRequestBodySchema,
  type AdminTransitionBodySchema,
} from "~/admin/sections/contracting/contract.server";
import {
  AdminBrokerResponseSchema,
  AdminDashboardSchema,
  AdminDocumentResponseSchema,
  AdminDocumentsResponseSchema,
  AdminNoteResponseSchema,
  type AdminDocumentReviewBodySchema,
} from "./schemas/admin";

const NoContent = z.undefined();

/** `/api/admin/<path>?<params>` (params as the list page checked them: listQueryFrom). */
function adminPath(path: string, params?: URLSearchParams): string {
  const query = params?.toString() ?? "";
  return `/api/admin/${path}${query ? `?${query}` : ""}`;
}

const RecordOnly = z.object({ record: z.object({ id: z.number().int() }).passthrough() });

/**
 * An admin resource the shared section pages read and write (ADR 024): list, record, create, update, delete and
 * CSV export of `/api/admin/<path>`, typed by the section's contract (app/admin/sections/<key>/contract.server.ts).
 * `body` and `patch` only type what create and update send (the upstream checks them).
 */
export function adminResource<
  List extends z.ZodType,
  One extends z.ZodType,
  Body extends z.ZodType = z.ZodNever,
  Patch extends z.ZodType = Body,
>(path: string, schemas: { list: List; one: One; body?: Body; patch?: Patch }) {
  return {
    list: async (token: string, params: URLSearchParams) =>
      call("GET", adminPath(path, params), schemas.list, { token }) as Promise<z.infer<List>>,
    record: async (token: string, id: number) =>
      call("GET", adminPath(`${path}/${id}`), schemas.one, { token }) as Promise<z.infer<One>>,
    create: async (token: string, body: z.infer<Body>) =>
      (await call("POST", adminPath(path), RecordOnly, { token, body })).record,
    update: async (token: string, id: number, body: z.infer<Patch>) =>
      (await call("PATCH", adminPath(`${path}/${id}`), RecordOnly, { token, body })).record,
    remove: async (token: string, id: number) => adminDelete(token, path, id),
    exportCsv: async (token: string, params: URLSearchParams) => adminExport(token, path, params),
  };
}

/** A multipart POST to `/api/admin/<path>` (a file the admin uploads, issue 22), answered as `schema` says. */
export async function adminUpload<S extends z.ZodType>(
  token: string,
  path: string,
  schema: S,
  entries: Array<[string, string | Blob]>,
) {
  return callMultipart("POST", adminPath(path), schema, { token, entries });
}

/** The bytes of a file under `/api/admin/<path>`, streamed. */
export async function adminFile(token: string, path: string) {
  return callFile(adminPath(path), { token });
}

/** Another call of a section (a record's intent, a list of its own): `/api/admin/<path>`, its answer checked by `schema`. */
export async function adminCall<S extends z.ZodType>(
  token: string,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  schema: S,
  options: { body?: unknown; params?: URLSearchParams; headers?: Record<string, string> } = {},
): Promise<z.infer<S>> {
  const { body, headers } = options;
  return call(method, adminPath(path, options.params), schema, { token, body, headers }) as Promise<z.infer<S>>;
}

export async function adminDelete(token: string, path: string, id: number) {
  return call("DELETE", adminPath(`${path}/${id}`), NoContent, { token });
}

/** The CSV of every record the query matches, streamed from the upstream. */
export async function adminExport(token: string, path: string, params: URLSearchParams) {
  return callFile(adminPath(`${path}/export`, params), { token });
}

export async function adminDashboard(token: string) {
  return call("GET", adminPath("dashboard"), AdminDashboardSchema, { token });
}

/* ---- Contract requests ---- */

export async function contractRequests(token: string, params: URLSearchParams) {
  return call("GET", adminPath("contract_requests", params), AdminContractRequestsResponseSchema, { token });
}

/** One request; `next`: the longest-waiting pending one (the upstream's 404 when none waits). */
export async function contractRequest(token: string, id: number | "next") {
  return call("GET", adminPath(`contract_requests/${id}`), AdminContractRequestResponseSchema, { token });
}

export async function contractRequestFile(token: string, id: number, fileId: number) {
  return callFile(adminPath(`contract_requests/${id}/files/${fileId}`), { token });
}

export async function transitionContractRequest(
  token: string,
  id: number,
  body: z.infer<typeof AdminTransitionBodySchema>,
) {
  return (await call("POST", adminPath(`contract_requests/${id}/transition`), RecordOnly, { token, body })).record;
}

export async function bulkTransitionContractRequests(
  token: string,
  body: z.infer<typeof AdminBulkTransitionBodySchema>,
) {
  if (body.ids.length === 0 || body.ids.length > ADMIN_BULK_MAX)
    throw new RangeError(`bulkTransitionContractRequests: ${body.ids.length} ids`);
  return call("POST", adminPath("contract_requests/bulk_transition"), AdminBulkResultSchema, { token, body });
}

export async function openContractRequest(token: string, body: z.infer<typeof AdminNewContractRequestBodySchema>) {
  return (await call("POST", adminPath("contract_requests"), RecordOnly, { token, body })).record;
}

/* ---- Brokers ---- */

export async function broker(token: string, id: number) {
  return call("GET", adminPath(`brokers/${id}`), AdminBrokerResponseSchema, { token });
}

export async function addBrokerNote(token: string, id: number, body: string) {
  return (await call("POST", adminPath(`brokers/${id}/notes`), AdminNoteResponseSchema, { token, body: { body } }))
    .note;
}

export async function brokerDocuments(token: string, id: number) {
  return call("GET", adminPath(`brokers/${id}/documents`), AdminDocumentsResponseSchema, { token });
}

export async function brokerDocumentFile(token: string, id: number, kind: string) {
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
