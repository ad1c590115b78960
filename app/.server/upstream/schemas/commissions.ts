import { z } from "zod";
import { PagingMetaSchema } from "./paging";

/* ---- Commissions (issue 4): statement lines by period, totals and payouts over time ---- */

export const CommissionLineSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM */
  period: z.string(),
  carrierName: z.string(),
  productName: z.string(),
  memberName: z.string(),
  policyNumber: z.string(),
  type: z.enum(["New", "Renewal", "Chargeback"]),
  /** Dollars; chargebacks are negative. */
  amount: z.number(),
  paidOn: z.string(),
});
export type CommissionLine = z.infer<typeof CommissionLineSchema>;

/** GET /api/commissions/statements?period=&page&perPage&search&sort&order */
export const CommissionStatementsResponseSchema = z.object({
  lines: z.array(CommissionLineSchema),
  meta: PagingMetaSchema,
  /** Totals of the whole period (all pages). */
  totals: z.object({ total: z.number(), newBusiness: z.number(), renewals: z.number(), chargebacks: z.number() }),
  /** The periods that have statements, newest first; `period` is the one shown. */
  periods: z.array(z.string()),
  period: z.string().nullable(),
});

/** GET /api/commissions/payouts: one payout per period, oldest first (the earnings chart). */
export const CommissionPayoutsResponseSchema = z.object({
  payouts: z.array(z.object({ period: z.string(), amount: z.number(), paidOn: z.string() })),
});
