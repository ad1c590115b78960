/**
 * The carrier enrollments section's server half (issue 24 §3; contract.server.ts): read only. The list and its CSV
 * (the shared list page); a record's own page (routes/admin.carrier_enrollments.$id.tsx) and its raw payload (the
 * JSON viewer, routes/admin.carrier_enrollments.json_viewer.tsx).
 */
import type { SectionServer } from "~/.server/admin/section-server";
import { adminCall, adminResource } from "~/.server/upstream/admin";
import {
  AdminCarrierEnrollmentResponseSchema,
  AdminCarrierEnrollmentsResponseSchema,
  CarrierEnrollmentPayloadSchema,
} from "./contract.server";
import type { AdminCarrierEnrollment } from "./records";

const api = adminResource("carrier_enrollments", {
  list: AdminCarrierEnrollmentsResponseSchema,
  one: AdminCarrierEnrollmentResponseSchema,
});

export const carrierEnrollment = async (token: string, id: number) => api.record(token, id);

/** The raw payload as it arrived (text). */
export const carrierEnrollmentPayload = async (token: string, id: number) =>
  adminCall(token, "GET", `carrier_enrollments/${id}/payload`, CarrierEnrollmentPayloadSchema);

export const server: SectionServer<AdminCarrierEnrollment> = {
  list: async (token, params) => api.list(token, params),
  record: async (token, id) => api.record(token, id),
  exportCsv: async (token, params) => api.exportCsv(token, params),
};
