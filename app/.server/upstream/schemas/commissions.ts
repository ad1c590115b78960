import { z } from "zod";
import { PagingMetaSchema } from "./paging";

/*
 * ---- Commissions (issue 4; issue 23): what the locked (published) carrier statements pay the caller, by period,
 * with the period's summary (server/reference-api/commission-totals/totals.ts, the same computation as the
 * administrators' commission totals) and the payouts over time. Whole cents. ----
 */

/** The statement line's kind: a chargeback is negative. */
export const COMMISSION_LINE_TYPES = ["Initial", "True-up", "Renewal", "Chargeback"] as const;

export const CommissionLineSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM */
  period: z.string(),
  carrierName: z.string(),
  productName: z.string(),
  memberName: z.string(),
  policyNumber: z.string(),
  type: z.enum(COMMISSION_LINE_TYPES),
  /** Street: the caller wrote it; Override: a share of their downline's (overrideLevel 1, 2: how far down). */
  source: z.enum(["Street", "Override"]),
  overrideLevel: z.number().int(),
  /** Chargebacks are negative. */
  amountCents: z.number().int(),
  paidOn: z.string(),
});
export type CommissionLine = z.infer<typeof CommissionLineSchema>;

export const CommissionEntrySchema = z.object({
  id: z.number().int(),
  /** bonus, fee, advance, chargeback_recovery, correction */
  kind: z.string(),
  memo: z.string(),
  amountCents: z.number().int(),
});

/** The period's figures: what was earned, the approved entries, the balance carried in and what is paid. */
export const CommissionSummarySchema = z.object({
  streetCents: z.number().int(),
  overridesCents: z.number().int(),
  entriesCents: z.number().int(),
  carriedInCents: z.number().int(),
  /** carried in + street + overrides + entries */
  availableCents: z.number().int(),
  /** 0 when the available balance is under the minimum: it is carried to the next period instead. */
  payoutCents: z.number().int(),
  carriedForwardCents: z.number().int(),
  minimumPayoutCents: z.number().int(),
  /** The payment date; null when nothing is paid for the period. */
  paidOn: z.string().nullable(),
  entries: z.array(CommissionEntrySchema),
});
export type CommissionSummary = z.infer<typeof CommissionSummarySchema>;

/** GET /api/commissions/statements?period=&page&perPage&search&sort&order */
export const CommissionStatementsResponseSchema = z.object({
  lines: z.array(CommissionLineSchema),
  meta: PagingMetaSchema,
  /** The period's summary (an administrator, who sees every line, has none). */
  summary: CommissionSummarySchema.nullable(),
  /** The published periods of the caller, newest first; `period` is the one shown. */
  periods: z.array(z.string()),
  period: z.string().nullable(),
});

/** GET /api/commissions/payouts: one per published period, oldest first (the earnings chart). */
export const CommissionPayoutsResponseSchema = z.object({
  payouts: z.array(
    z.object({
      period: z.string(),
      /** street + overrides + entries of the period */
      earnedCents: z.number().int(),
      payoutCents: z.number().int(),
      carriedForwardCents: z.number().int(),
      paidOn: z.string(),
    }),
  ),
});

/*
 * ---- Commission reconciliation (issue 25 §3; docs/decisions/037-commission-reconciliation.md): the carriers'
 * schedule, and for one published period the caller's book with what the period's published statements and approved
 * payout entries paid them. The portal computes expected against received (app/domain/commission-reconciliation.ts).
 * ----
 */

/** One carrier product's terms: what it pays per policy per period (initial: the first paying period). */
export const CommissionScheduleSchema = z.object({
  carrierProductId: z.number().int(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  initialCents: z.number().int(),
  renewalCents: z.number().int(),
});
export type CommissionSchedule = z.infer<typeof CommissionScheduleSchema>;

/** GET /api/commission_schedules */
export const CommissionSchedulesResponseSchema = z.object({ schedules: z.array(CommissionScheduleSchema) });

/** A policy of the caller's book of business, as the reconciliation reads it. */
export const ReconciliationPolicySchema = z.object({
  id: z.number().int(),
  policyNumber: z.string(),
  memberName: z.string(),
  status: z.string(),
  /** YYYY-MM-DD */
  effectiveDate: z.string(),
  carrierProductId: z.number().int(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  productName: z.string(),
});
export type ReconciliationPolicy = z.infer<typeof ReconciliationPolicySchema>;

/** What one published statement line paid the caller (a split): street (level 0) or an override. */
export const ReceivedLineSchema = z.object({
  id: z.number().int(),
  /** The policy the line is matched to; null when matched by hand to the agent only. */
  policyId: z.number().int().nullable(),
  policyNumber: z.string(),
  memberName: z.string(),
  carrierId: z.number().int(),
  carrierName: z.string(),
  type: z.enum(COMMISSION_LINE_TYPES),
  level: z.number().int(),
  amountCents: z.number().int(),
});
export type ReceivedLine = z.infer<typeof ReceivedLineSchema>;

/** An approved payout entry of the period; policyId when it is about one policy. */
export const ReceivedEntrySchema = z.object({
  id: z.number().int(),
  policyId: z.number().int().nullable(),
  kind: z.string(),
  memo: z.string(),
  amountCents: z.number().int(),
});
export type ReceivedEntry = z.infer<typeof ReceivedEntrySchema>;

/** GET /api/commissions/reconciliation?period= */
export const CommissionReconciliationResponseSchema = z.object({
  /** The caller's published periods, newest first (the statements' `periods`); `period` is the one shown. */
  periods: z.array(z.string()),
  period: z.string().nullable(),
  policies: z.array(ReconciliationPolicySchema),
  lines: z.array(ReceivedLineSchema),
  entries: z.array(ReceivedEntrySchema),
});
export type CommissionReconciliationData = z.infer<typeof CommissionReconciliationResponseSchema>;
