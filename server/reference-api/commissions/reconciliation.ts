/**
 * The reconciliation's read (issue 25 §3; docs/upstream-api.md "GET /api/commissions/reconciliation"): for one of the
 * caller's published periods, their whole book of business (every status: the portal says why a policy was not
 * expected to pay), every split the period's locked statements pay them (street and overrides) and their approved
 * payout entries of the period. The same rows the Commissions summary adds up (commission-totals/totals.ts), so the
 * portal's received totals are the Commissions page's figures. Agents and agencies only: an administrator has no
 * book or payouts of their own (403), nor do LOA agents and carriers.
 */
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import type { z } from "zod";
import type { CommissionReconciliationResponseSchema } from "../../../app/.server/upstream/schemas/commissions.ts";

type ReconciliationResponse = z.infer<typeof CommissionReconciliationResponseSchema>;
type User = SessionRecord["user"];

export const NO_RECONCILIATION = "Only agents and agencies have a commission reconciliation";

const TYPE_SQL = `CASE l.kind WHEN 'initial' THEN 'Initial' WHEN 'true_up' THEN 'True-up' WHEN 'renewal' THEN 'Renewal'
  ELSE 'Chargeback' END`;

/** The caller's book, splits and approved entries of `period` (one of `periods`, or null when they have none). */
export async function reconciliationOf(
  db: ReferenceDb,
  user: User,
  period: string | null,
  periods: string[],
): Promise<ReconciliationResponse> {
  const [policies, lines, entries] = await Promise.all([
    db.client.execute({
      sql: `SELECT p.id, p.policy_number, p.member_name, p.status, p.effective_date, p.carrier_product_id,
                   c.id AS carrier_id, c.name AS carrier_name, pr.name AS product_name
            FROM policies p
            JOIN carrier_products cp ON cp.id = p.carrier_product_id
            JOIN carriers c ON c.id = cp.carrier_id
            JOIN products pr ON pr.id = cp.product_id
            WHERE p.user_id = ? ORDER BY p.id`,
      args: [user.userId],
    }),
    db.client.execute({
      sql: `SELECT sp.id, l.policy_id, COALESCE(p.policy_number, l.policy_number) AS policy_number, l.member_name,
                   sp.carrier_id, c.name AS carrier_name, ${TYPE_SQL} AS type, sp.level, sp.amount_cents
            FROM commission_splits sp
            JOIN statement_lines l ON l.id = sp.statement_line_id
            JOIN commission_statements s ON s.id = l.statement_id AND s.status = 'locked'
            JOIN carriers c ON c.id = sp.carrier_id
            LEFT JOIN policies p ON p.id = l.policy_id
            WHERE sp.user_id = ? AND sp.period = ? ORDER BY sp.id`,
      args: [user.userId, period ?? ""],
    }),
    db.client.execute({
      sql: `SELECT id, policy_id, kind, memo, amount_cents FROM payout_entries
            WHERE user_id = ? AND period = ? AND status = 'approved' ORDER BY id`,
      args: [user.userId, period ?? ""],
    }),
  ]);
  return {
    periods,
    period,
    policies: policies.rows.map((r) => ({
      id: Number(r.id),
      policyNumber: String(r.policy_number),
      memberName: String(r.member_name),
      status: String(r.status),
      effectiveDate: String(r.effective_date),
      carrierProductId: Number(r.carrier_product_id),
      carrierId: Number(r.carrier_id),
      carrierName: String(r.carrier_name),
      productName: String(r.product_name),
    })),
    lines: lines.rows.map((r) => ({
      id: Number(r.id),
      policyId: r.policy_id == null ? null : Number(r.policy_id),
      policyNumber: String(r.policy_number),
      memberName: String(r.member_name),
      carrierId: Number(r.carrier_id),
      carrierName: String(r.carrier_name),
      type: String(r.type) as ReconciliationResponse["lines"][number]["type"],
      level: Number(r.level),
      amountCents: Number(r.amount_cents),
    })),
    // Only a published period reaches here, so every approved entry of it counts (totals.ts's rule).
    entries: period
      ? entries.rows.map((r) => ({
          id: Number(r.id),
          policyId: r.policy_id == null ? null : Number(r.policy_id),
          kind: String(r.kind),
          memo: String(r.memo),
          amountCents: Number(r.amount_cents),
        }))
      : [],
  };
}
