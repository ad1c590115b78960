/**
 * The carrier notifications section's server half (issue 24 §4; contract.server.ts): the list and its CSV (the shared
 * list page), Mark handled on the selected rows (one call per row, started together), and for the notification's
 * own page (routes/admin.carrier_notifications.$id.tsx) Mark handled and Send to the agent.
 */
import { type SectionServer, eachId } from "~/.server/admin/section-server";
import { adminCall, adminResource } from "~/.server/upstream/admin";
import { AdminCarrierNotificationResponseSchema, AdminCarrierNotificationsResponseSchema } from "./contract.server";
import type { AdminCarrierNotification } from "./records";
import { bulkHandleSchema } from "./schemas";

const api = adminResource("carrier_notifications", {
  list: AdminCarrierNotificationsResponseSchema,
  one: AdminCarrierNotificationResponseSchema,
});

const RecordSchema = AdminCarrierNotificationResponseSchema.pick({ record: true });

export const carrierNotification = async (token: string, id: number) => api.record(token, id);

export const handleNotification = async (token: string, id: number, note: string | null) =>
  adminCall(token, "POST", `carrier_notifications/${id}/handle`, RecordSchema, { body: { note } });

export const routeNotification = async (token: string, id: number) =>
  adminCall(token, "POST", `carrier_notifications/${id}/route`, RecordSchema, { body: {} });

export const server: SectionServer<AdminCarrierNotification> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => api.record(token, id),
  // What the list draws: not the message (the notification's page has it).
  listRow: ({ message: _message, ...row }) => ({ ...row, message: "" }),
  bulkSchema: bulkHandleSchema,
  bulk: async (token, value) => {
    const { id, note } = value as { id: number[]; note: string | null };
    return eachId(id, async (one) => handleNotification(token, one, note));
  },
  exportCsv: async (token, params) => api.exportCsv(token, params),
};
