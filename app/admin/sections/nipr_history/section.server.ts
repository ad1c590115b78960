/**
 * The NIPR history section's server half (issue 24 §8; contract.server.ts): the list and its CSV, and Sync now for
 * one producer (from the broker's admin page).
 */
import type { SectionServer } from "~/.server/admin/section-server";
import { adminCall, adminResource } from "~/.server/upstream/admin";
import {
  AdminNiprHistoryResponseSchema,
  AdminNiprSyncBodySchema,
  AdminNiprSyncResponseSchema,
} from "./contract.server";
import type { AdminNiprSync } from "./records";

const api = adminResource("nipr_history", {
  list: AdminNiprHistoryResponseSchema,
  one: AdminNiprSyncResponseSchema,
  body: AdminNiprSyncBodySchema,
});

const RecordSchema = AdminNiprSyncResponseSchema.pick({ record: true });

/** Sync now: one producer asked about, one new history row. */
export async function syncProducer(token: string, userId: number): Promise<AdminNiprSync> {
  return (await adminCall(token, "POST", "nipr_history/sync", RecordSchema, { body: { userId } })).record;
}

export const server: SectionServer<AdminNiprSync> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => api.record(token, id),
  exportCsv: async (token, params) => api.exportCsv(token, params),
};
