/**
 * The upstream contract of the commission totals section (issue 23 §2; docs/upstream-api.md "Commission totals"):
 * GET /api/admin/commission_totals (the list, filters period, carrierId, agencyId), /export (its CSV) and
 * /api/admin/commission_totals/:userId-:period (the drill-down: the lines and entries behind one row). Read only.
 * Pure: the reference API imports it too.
 */
import { z } from "zod";
import { FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import {
  type AdminCommissionTotal,
  type AdminCommissionTotalEntry,
  type AdminCommissionTotalLine,
  LINE_KINDS,
} from "./records";

const cents = z.number().int();

export const CarrierTotalSchema = z.object({
  carrierId: z.number().int(),
  carrierName: z.string(),
  streetCents: cents,
  overridesCents: cents,
});

export const AdminCommissionTotalSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  userId: z.number().int(),
  name: z.string(),
  role: z.enum(["Agent", "Agency"]),
  agencyName: z.string().nullable(),
  period: z.string(),
  streetCents: cents,
  overridesCents: cents,
  entriesCents: cents,
  carriedInCents: cents,
  payoutCents: cents,
  carriedForwardCents: cents,
  byCarrier: z.array(CarrierTotalSchema),
}) satisfies z.ZodType<AdminCommissionTotal>;

export const AdminCommissionTotalsResponseSchema = z.object({
  records: z.array(AdminCommissionTotalSchema),
  meta: PagingMetaSchema,
  facets: z.object({ period: FacetSchema, carrierId: FacetSchema, agencyId: FacetSchema }),
  minimumPayoutCents: cents,
});

export const AdminCommissionTotalLineSchema = z.object({
  id: z.number().int(),
  statementId: z.number().int(),
  carrierName: z.string(),
  policyNumber: z.string(),
  memberName: z.string(),
  kind: z.enum(LINE_KINDS),
  level: z.number().int(),
  amountCents: cents,
}) satisfies z.ZodType<AdminCommissionTotalLine>;

export const AdminCommissionTotalEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  memo: z.string(),
  amountCents: cents,
  approvedAt: z.string().nullable(),
}) satisfies z.ZodType<AdminCommissionTotalEntry>;

/** The drill-down: the row (not narrowed by a carrier), every line behind it and the approved entries. */
export const AdminCommissionTotalDetailSchema = z.object({
  record: AdminCommissionTotalSchema,
  /** One page of one level's lines (street, or the overrides), with how many each level has. */
  lines: z.array(AdminCommissionTotalLineSchema),
  level: z.enum(["street", "overrides"]),
  lineCounts: z.object({ street: z.number().int().nonnegative(), overrides: z.number().int().nonnegative() }),
  meta: PagingMetaSchema,
  entries: z.array(AdminCommissionTotalEntrySchema),
  minimumPayoutCents: cents,
});
