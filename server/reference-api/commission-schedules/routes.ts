/**
 * The carriers' commission schedule (issue 25 §3; docs/upstream-api.md "Commission schedule"):
 * GET /api/commission_schedules, one row per carrier product with what it pays per policy per period (schedule.ts).
 * Read by the portal's commission reconciliation (expected against received). Agents, agencies and administrators;
 * a carrier gets 403 (one carrier's terms are not another's business).
 */
import type { Express, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type { CommissionSchedulesResponseSchema } from "../../../app/.server/upstream/schemas/commissions.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";

type SchedulesResponse = z.infer<typeof CommissionSchedulesResponseSchema>;
type Authed = Response<unknown, { session: SessionRecord }>;

export const NO_SCHEDULE = "Only agents, agencies and administrators see the commission schedule";

export async function commissionSchedules(db: ReferenceDb): Promise<SchedulesResponse> {
  const rows = await db.client.execute(
    `SELECT s.carrier_product_id, s.initial_cents, s.renewal_cents, c.id AS carrier_id, c.name AS carrier_name,
            p.id AS product_id, p.name AS product_name
     FROM commission_schedules s
     JOIN carrier_products cp ON cp.id = s.carrier_product_id
     JOIN carriers c ON c.id = cp.carrier_id
     JOIN products p ON p.id = cp.product_id
     ORDER BY p.position, p.id, c.name, s.carrier_product_id`,
  );
  return {
    schedules: rows.rows.map((r) => ({
      carrierProductId: Number(r.carrier_product_id),
      carrierId: Number(r.carrier_id),
      carrierName: String(r.carrier_name),
      productId: Number(r.product_id),
      productName: String(r.product_name),
      initialCents: Number(r.initial_cents),
      renewalCents: Number(r.renewal_cents),
    })),
  };
}

export function registerCommissionScheduleRoutes(
  app: Express,
  { db, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  app.get("/api/commission_schedules", requireSession, async (_req, res: Authed) => {
    if (res.locals.session.user.role === "Carrier") {
      res.status(403).json({ error: NO_SCHEDULE });
      return;
    }
    res.json(await commissionSchedules(db));
  });
}
