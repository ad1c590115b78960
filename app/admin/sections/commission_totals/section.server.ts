import type { SectionServer } from "~/.server/admin/section-server";
import { adminCall, adminExport } from "~/.server/upstream/admin";
import { AdminCommissionTotalDetailSchema, AdminCommissionTotalsResponseSchema } from "./contract.server";
import type { AdminCommissionTotal } from "./records";

/**
 * One row's drill-down (key "<userId>-<YYYY-MM>"): the row, its approved entries and one page of one level's lines
 * (params `level` street or overrides, `page`, `perPage`).
 */
export async function commissionTotalDetail(token: string, key: string, params?: URLSearchParams) {
  return adminCall(token, "GET", `commission_totals/${key}`, AdminCommissionTotalDetailSchema, { params });
}

/**
 * Read only: the list and its CSV. A row's own page is routes/admin.commission_totals.$id.tsx (the shared record
 * page is a form's; this one shows the lines and entries), so `record` is the drill-down by the row's number.
 */
export const server: SectionServer<AdminCommissionTotal> = {
  list: async (token, params) =>
    adminCall(token, "GET", "commission_totals", AdminCommissionTotalsResponseSchema, { params }),
  // What the list draws: not the by-carrier breakdown (the drill-down has it).
  listRow: ({ byCarrier: _byCarrier, ...row }) => ({ ...row, byCarrier: [] }),
  record: async (token, id) => ({ record: (await commissionTotalDetail(token, String(id))).record, history: [] }),
  exportCsv: async (token, params) => adminExport(token, "commission_totals", params),
};
