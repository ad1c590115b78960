/**
 * The upstream contract of the policy production section (issue 23 §4; docs/upstream-api.md "Policy production"):
 * GET /api/admin/policy_production (the rows of one level of the hierarchy, and the summary the page draws above
 * them: the months, the opened agency's path, the chart's series) and /export (the same rows as CSV). Read-only.
 * Pure: the reference API imports it too.
 */
import { z } from "zod";
import { FacetSchema } from "../../../.server/upstream/schemas/admin-common";
import { PagingMetaSchema } from "../../../.server/upstream/schemas/paging";
import type { ProductionBroker, ProductionMonth, ProductionRow, ProductionSummary } from "./records";

const count = z.number().int().nonnegative();

export const ProductionRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  npnNumber: z.string().nullable(),
  kind: z.enum(["Agent", "Agency"]),
  own: z.boolean(),
  hasDownline: z.boolean(),
  newCount: count,
  planChangeCount: count,
  renewalCount: count,
  total: count,
}) satisfies z.ZodType<ProductionRow>;

const MonthSchema = z.object({
  month: z.string(),
  newCount: count,
  planChangeCount: count,
  renewalCount: count,
}) satisfies z.ZodType<ProductionMonth>;

const BrokerSchema = z.object({ id: z.number().int(), name: z.string() }) satisfies z.ZodType<ProductionBroker>;

export const ProductionSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  newestComplete: z.string(),
  agency: BrokerSchema.nullable(),
  path: z.array(BrokerSchema),
  series: z.array(MonthSchema),
}) satisfies z.ZodType<ProductionSummary>;

export const PolicyProductionResponseSchema = z.object({
  records: z.array(ProductionRowSchema),
  meta: PagingMetaSchema,
  facets: z.object({
    carrierId: FacetSchema,
    productId: FacetSchema,
    agencyId: FacetSchema,
    from: FacetSchema,
    to: FacetSchema,
  }),
  summary: ProductionSummarySchema,
});
