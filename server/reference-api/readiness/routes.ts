/**
 * Ready to sell (issue 25 §1, docs/upstream-api.md "Ready to sell"): GET /api/profile/readiness answers the facts of a
 * broker's readiness that no other read gives: the plan year, the carriers' certifications the broker completed for
 * it (carrier_certifications, from the carriers' files) and the broker's own Ready to Sell status per carrier (the
 * downline_contracts row of their NPN, as the admin broker page reads it). The portal joins them with the contract
 * states, licenses, compliance documents and document notifications it reads already (app/domain/readiness.ts).
 */
import type { Row } from "@libsql/client";
import type { Express, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import { planYearOf } from "../../../app/domain/readiness.ts";
import { isBroker } from "../../../app/domain/user.ts";
import type { BrokerRts, CarrierCertification, Readiness } from "../../../app/.server/upstream/schemas/readiness.ts";
import type { RtsTone } from "../../../app/domain/rts.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { todayIso } from "../core/today.ts";

export const READINESS_BROKERS_ONLY = "Only agents and agencies sell carrier products";

type Authed = Response<unknown, { session: SessionRecord }>;

export async function readinessOf(db: ReferenceDb, userId: number, today = todayIso()): Promise<Readiness> {
  const planYear = planYearOf(today);
  const [certifications, rts] = await Promise.all([
    db.client.execute({
      sql: `SELECT carrier_id, plan_year, completed_on FROM carrier_certifications
            WHERE user_id = ? AND plan_year = ? ORDER BY carrier_id`,
      args: [userId, planYear],
    }),
    db.client.execute({
      sql: `SELECT dc.carrier_id, rs.status_code, rs.display_status, rs.tone, rs.description FROM users u
            JOIN downline_contracts dc ON dc.npn_id = u.npn_id
            JOIN rts_statuses rs ON rs.id = dc.rts_status_id
            WHERE u.id = ? ORDER BY dc.carrier_id`,
      args: [userId],
    }),
  ]);
  return {
    planYear,
    certifications: certifications.rows.map(certificationFromRow),
    rtsStatuses: rts.rows.map(brokerRtsFromRow),
  };
}

/** A carrier_certifications row (carrier_id, plan_year, completed_on); downline readiness reads them too. */
export function certificationFromRow(r: Row): CarrierCertification {
  return { carrierId: Number(r.carrier_id), planYear: Number(r.plan_year), completedOn: String(r.completed_on) };
}

/** A downline_contracts row of the broker's NPN with its rts_statuses columns; downline readiness reads them too. */
export function brokerRtsFromRow(r: Row): BrokerRts {
  return {
    carrierId: Number(r.carrier_id),
    statusCode: String(r.status_code),
    displayStatus: String(r.display_status),
    tone: String(r.tone) as RtsTone,
    description: String(r.description ?? ""),
  };
}

export function registerReadinessRoutes(
  app: Express,
  { db, requireSession }: { db: ReferenceDb; logger: Logger; requireSession: RequestHandler },
): void {
  app.get("/api/profile/readiness", requireSession, async (_req, res: Authed) => {
    const { user } = res.locals.session;
    if (!isBroker(user)) {
      res.status(403).json({ error: READINESS_BROKERS_ONLY });
      return;
    }
    const body: { readiness: Readiness } = { readiness: await readinessOf(db, user.userId) };
    res.json(body);
  });
}
