/**
 * The carrier exports section's server half (issue 24 §2; contract.server.ts): the history and its CSV (the shared
 * list page), "Build now" (the shared new page), and for the section's own pages (routes/admin.carrier_exports.*)
 * a run with its first rows, its file, and the carriers' schedules.
 */
import type { SectionServer } from "~/.server/admin/section-server";
import { adminCall, adminFile, adminResource } from "~/.server/upstream/admin";
import {
  type AdminCarrierExportBody,
  AdminCarrierExportResponseSchema,
  AdminCarrierExportsResponseSchema,
  CarrierExportScheduleSchema,
  CarrierExportSchedulesResponseSchema,
} from "./contract.server";
import type { AdminCarrierExport } from "./records";
import type { ScheduleFormValue } from "./schemas";
import { z } from "zod";

const api = adminResource("carrier_exports", {
  list: AdminCarrierExportsResponseSchema,
  one: AdminCarrierExportResponseSchema,
});

/** A run with its history and first rows. */
export const carrierExport = async (token: string, id: number) =>
  adminCall(token, "GET", `carrier_exports/${id}`, AdminCarrierExportResponseSchema);

/** A run's CSV, as sent to the carrier. */
export const carrierExportFile = async (token: string, id: number) => adminFile(token, `carrier_exports/${id}/file`);

export const carrierExportSchedules = async (token: string) =>
  adminCall(token, "GET", "carrier_exports/schedules", CarrierExportSchedulesResponseSchema);

export const saveCarrierExportSchedule = async (token: string, { carrierId, ...frequencies }: ScheduleFormValue) =>
  adminCall(token, "PUT", `carrier_exports/schedules/${carrierId}`, z.object({ record: CarrierExportScheduleSchema }), {
    body: frequencies,
  });

/** Builds the carrier's file of this kind now (the schema's value is the body). */
export const buildCarrierExport = async (token: string, body: AdminCarrierExportBody) =>
  (await adminCall(token, "POST", "carrier_exports", AdminCarrierExportResponseSchema.pick({ record: true }), { body }))
    .record;

export const server: SectionServer<AdminCarrierExport> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => api.record(token, id),
  exportCsv: async (token, params) => api.exportCsv(token, params),
};
