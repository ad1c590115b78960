import type { SectionServer } from "~/.server/admin/section-server";
import { notFound } from "~/.server/admin/guard";
import { adminCall, adminExport } from "~/.server/upstream/admin";
import { PolicyProductionResponseSchema } from "./contract.server";
import type { ProductionRow } from "./records";

/** Read-only: the list (its summary drawn above the table: the view's aboveList) and its CSV; no record page. */
export const server: SectionServer<ProductionRow> = {
  list: async (token, params) => {
    const { summary, ...list } = await adminCall(token, "GET", "policy_production", PolicyProductionResponseSchema, {
      params,
    });
    return { ...list, above: summary };
  },
  record: () => notFound(),
  exportCsv: async (token, params) => adminExport(token, "policy_production", params),
};
