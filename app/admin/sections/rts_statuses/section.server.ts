import { type SectionServer, eachId, text } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import {
  AdminRtsStatusBodySchema,
  AdminRtsStatusResponseSchema,
  AdminRtsStatusesResponseSchema,
} from "./contract.server";
import type { AdminRtsStatus } from "./records";

const api = adminResource("rts_statuses", {
  list: AdminRtsStatusesResponseSchema,
  one: AdminRtsStatusResponseSchema,
  body: AdminRtsStatusBodySchema,
  patch: AdminRtsStatusBodySchema.partial(),
});

export const server: SectionServer<AdminRtsStatus> = {
  list: (token, params) => api.list(token, params),
  record: (token, id) => api.record(token, id),
  remove: (token, id) => api.remove(token, id),
  bulk: (token, { id }) => eachId(id, (one) => api.remove(token, one)),
  exportCsv: (token, params) => api.exportCsv(token, params),
  form: {
    create: (token, value) => api.create(token, value as Parameters<typeof api.create>[1]),
    update: (token, id, value) => api.update(token, id, value as Parameters<typeof api.update>[2]),
    formValues: (s) => ({
      statusCode: s.statusCode,
      statusTitle: s.statusTitle,
      displayStatus: s.displayStatus,
      tone: s.tone,
      description: s.description,
      carrierId: text(s.carrier?.id),
    }),
  },
};
