/**
 * The commission statements section's server half (issue 23 §1; contract.server.ts): the list and export (the shared
 * list page); the statement's own page, the imports and reconciliation are in statements.server.ts.
 */
import type { SectionServer } from "~/.server/admin/section-server";
import { adminResource } from "~/.server/upstream/admin";
import { AdminCommissionStatementResponseSchema, AdminCommissionStatementsResponseSchema } from "./contract.server";
import type { AdminCommissionStatement } from "./records";

const api = adminResource("commission_statements", {
  list: AdminCommissionStatementsResponseSchema,
  one: AdminCommissionStatementResponseSchema,
});

export const server: SectionServer<AdminCommissionStatement> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => {
    const { record, history } = await api.record(token, id);
    return { record, history };
  },
  exportCsv: async (token, params) => api.exportCsv(token, params),
};
