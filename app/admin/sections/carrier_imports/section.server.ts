/**
 * The carrier imports section's server half (issue 24 §1; contract.server.ts): the history list and export (the shared
 * list page); an import's own page, the upload and the results are in imports.server.ts.
 */
import type { SectionServer } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import { CarrierImportRecordResponseSchema, CarrierImportsResponseSchema } from "./contract.server";
import type { CarrierImport } from "./records";

const api = adminResource("carrier_imports", {
  list: CarrierImportsResponseSchema,
  one: CarrierImportRecordResponseSchema,
});

export const server: SectionServer<CarrierImport> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => {
    const { record, history } = await api.record(token, id);
    return { record, history };
  },
  exportCsv: async (token, params) => api.exportCsv(token, params),
};
