/**
 * The Learning Center resources section's server half (issue 22 §2.2; contract.server.ts): list, record, create,
 * update, delete and export of /api/admin/learning_center_resources, and the attachments' upload, removal and bytes
 * (app/routes/admin.learning_center_resources.attachments.ts).
 */
import { type SectionServer, eachId, text } from "~/.server/admin/section-server";
import { adminFile, adminResource, adminUpload } from "~/.server/upstream/admin";
import { toUsDate } from "~/domain/validation";
import {
  AdminLearningResourceBodySchema,
  AdminLearningResourcePatchSchema,
  AdminLearningResourceResponseSchema,
  AdminLearningResourceSavedSchema,
  AdminLearningResourcesResponseSchema,
} from "./contract.server";
import type { AdminLearningResource } from "./records";
import { linksText } from "./schemas";

const PATH = "learning_center_resources";
const api = adminResource(PATH, {
  list: AdminLearningResourcesResponseSchema,
  one: AdminLearningResourceResponseSchema,
  body: AdminLearningResourceBodySchema,
  patch: AdminLearningResourcePatchSchema,
});

/** Adds a file, or replaces `replaces` with it. */
export const uploadAttachment = async (token: string, id: number, file: File, replaces: number | null) =>
  adminUpload(token, `${PATH}/${id}/attachments`, AdminLearningResourceSavedSchema, [
    ["file", file],
    ...(replaces ? ([["replaces", String(replaces)]] as Array<[string, string]>) : []),
  ]);

export const removeAttachment = async (token: string, id: number, attachmentId: number) =>
  adminResource(`${PATH}/${id}/attachments`, {
    list: AdminLearningResourcesResponseSchema,
    one: AdminLearningResourceResponseSchema,
  }).remove(token, attachmentId);

export const attachmentFile = async (token: string, id: number, attachmentId: number) =>
  adminFile(token, `${PATH}/${id}/attachments/${attachmentId}`);

export const server: SectionServer<AdminLearningResource> = {
  list: async (token, params) => api.list(token, params),
  // Not the body, links nor attachments: the record page shows those.
  listRow: (r) => ({
    id: r.id,
    title: r.title,
    state: r.state,
    publishOn: r.publishOn,
    library: r.library,
    carrier: r.carrier,
    product: r.product,
    audience: r.audience,
  }),
  record: async (token, id) => api.record(token, id),
  remove: async (token, id) => api.remove(token, id),
  bulk: async (token, { id }) => eachId(id, async (one) => api.remove(token, one)),
  exportCsv: async (token, params) => api.exportCsv(token, params),
  form: {
    create: async (token, value) => api.create(token, value as Parameters<typeof api.create>[1]),
    update: async (token, id, value) => api.update(token, id, value as Parameters<typeof api.update>[2]),
    formValues: (r) => ({
      title: r.title,
      library: r.library,
      category: r.category,
      carrierId: text(r.carrier?.id),
      productId: text(r.product?.id),
      description: r.description,
      body: r.body ?? "",
      links: linksText(r.links),
      audience: r.audience,
      status: r.status,
      publishOn: toUsDate(r.publishOn),
    }),
  },
};
