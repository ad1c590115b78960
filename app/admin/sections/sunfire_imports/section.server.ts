/**
 * The Sunfire imports section's server half (issue 24 §5; contract.server.ts): the history list and export (the
 * shared list page); an import's own page, the upload, the reconciliation and the results are in imports.server.ts.
 */
import type { SectionServer } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import { SunfireImportRecordResponseSchema, SunfireImportsResponseSchema } from "./contract.server";
import type { SunfireImport } from "./records";

const api = adminResource("sunfire_imports", {
  list: SunfireImportsResponseSchema,
  one: SunfireImportRecordResponseSchema,
});

export const server: SectionServer<SunfireImport> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => {
    const { record, history } = await api.record(token, id);
    return { record, history };
  },
  exportCsv: async (token, params) => api.exportCsv(token, params),
};
