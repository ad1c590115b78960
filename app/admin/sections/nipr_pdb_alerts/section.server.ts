/**
 * The NIPR PDB alerts section's server half (issue 24 §7; contract.server.ts): the list and export (the shared list
 * page), the bulk Mark handled, and for the alert's own page (routes/admin.nipr_pdb_alerts.$id.tsx) the record and
 * Mark handled with a note.
 */
import { type SectionServer, eachId } from "~/.server/admin/section-server";
import { adminCall, adminResource } from "~/.server/upstream/admin";
import { AdminNiprAlertResponseSchema, AdminNiprAlertsResponseSchema, AdminNiprHandleSchema } from "./contract.server";
import type { AdminNiprAlert } from "./records";

const api = adminResource("nipr_pdb_alerts", {
  list: AdminNiprAlertsResponseSchema,
  one: AdminNiprAlertResponseSchema,
  body: AdminNiprHandleSchema,
});

const RecordSchema = AdminNiprAlertResponseSchema.pick({ record: true });

export const niprAlertRecord = async (token: string, id: number) => api.record(token, id);

export async function handleNiprAlert(token: string, id: number, note: string | null): Promise<AdminNiprAlert> {
  return (await adminCall(token, "POST", `nipr_pdb_alerts/${id}/handle`, RecordSchema, { body: { note } })).record;
}

export const server: SectionServer<AdminNiprAlert> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => api.record(token, id),
  exportCsv: async (token, params) => api.exportCsv(token, params),
  bulk: async (token, { id }) => eachId(id, async (one) => handleNiprAlert(token, one, null)),
};

/** Lifts the hold a handled lapse or regulatory action put on the broker's new contract requests in its state. */
export async function resolveNiprHold(token: string, id: number, note: string | null): Promise<AdminNiprAlert> {
  return (await adminCall(token, "POST", `nipr_pdb_alerts/${id}/resolve_hold`, RecordSchema, { body: { note } }))
    .record;
}
