/**
 * The upstream contract of the carrier enrollments section (issue 24 §3; docs/upstream-api.md "Carrier enrollments"):
 * GET /api/admin/carrier_enrollments (filters status, carrierId, userId, from, to), /export, /:id and /:id/payload
 * (the raw payload as it arrived). Read only. Pure: the reference API imports it too.
 */
import { z } from "zod";
import { AuditEntrySchema, FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import { type AdminCarrierEnrollment, type CarrierEnrollmentPayload, ENROLLMENT_STATUSES, PLAN_TYPES } from "./records";

export const AdminCarrierEnrollmentSchema = z.object({
  id: z.number().int(),
  carrier: z.object({ id: z.number().int(), name: z.string() }),
  agent: z.object({ userId: z.number().int().nullable(), name: z.string(), npn: z.string().nullable() }),
  planName: z.string(),
  planType: z.enum(PLAN_TYPES),
  contractPbp: z.string().nullable(),
  client: z.object({ name: z.string(), id: z.string(), dateOfBirth: z.string() }),
  county: z.string(),
  state: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  statusUpdatedAt: z.string(),
  submittedOn: z.string(),
  effectiveOn: z.string().nullable(),
  terminatedOn: z.string().nullable(),
  terminationReason: z.string().nullable(),
  confirmationNumber: z.string(),
  receivedAt: z.string(),
  rfiRequest: z.string().nullable(),
  payloadBytes: z.number().int(),
}) satisfies z.ZodType<AdminCarrierEnrollment>;

export const AdminCarrierEnrollmentsResponseSchema = z.object({
  records: z.array(AdminCarrierEnrollmentSchema),
  meta: PagingMetaSchema,
  facets: z.object({ status: FacetSchema, carrierId: FacetSchema, userId: FacetSchema }),
});

export const AdminCarrierEnrollmentResponseSchema = z.object({
  record: AdminCarrierEnrollmentSchema,
  history: z.array(AuditEntrySchema),
});

export const CarrierEnrollmentPayloadSchema = z.object({
  id: z.number().int(),
  confirmationNumber: z.string(),
  carrierName: z.string(),
  payload: z.string(),
}) satisfies z.ZodType<CarrierEnrollmentPayload>;
