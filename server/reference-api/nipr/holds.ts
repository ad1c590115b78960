/**
 * NIPR holds (issue 24 §7; app/domain/nipr-holds.ts has the rule): the open holds of a broker, and the states a
 * contract request made now covers. A hold is written when its alert arrives (arrival.ts, issue 37 §1). Read by the profile (the broker's notification), the contract request (which
 * refuses when holds leave no state, and records the states it covers) and the alerts' pages (resolve).
 */
import type { InStatement } from "@libsql/client";
import { type NiprHold, type StatesOfSale, statesOfSale } from "../../../app/domain/nipr-holds.ts";
import type { ReferenceDb } from "../core/db.ts";
import { todayIso } from "../core/today.ts";

export async function openHolds(db: ReferenceDb, userId: number): Promise<NiprHold[]> {
  const found = await db.client.execute({
    sql: `SELECT h.state, h.message, h.created_at, a.kind FROM nipr_holds h LEFT JOIN nipr_alerts a ON a.id = h.alert_id
          WHERE h.user_id = ? AND h.resolved_at IS NULL ORDER BY h.state, h.id`,
    args: [userId],
  });
  return found.rows.map((r) => ({
    state: String(r.state),
    message: String(r.message),
    since: String(r.created_at).slice(0, 10),
    kind: r.kind == null ? null : String(r.kind),
  }));
}

/** The states a request made now covers: the broker's selling licenses' states less the states NIPR holds. */
export async function statesOfSaleOf(db: ReferenceDb, userId: number): Promise<StatesOfSale> {
  const [licenses, holds] = await Promise.all([
    db.client.execute({ sql: "SELECT state, status, expires_on FROM licenses WHERE user_id = ?", args: [userId] }),
    openHolds(db, userId),
  ]);
  return statesOfSale(
    licenses.rows.map((r) => ({
      state: String(r.state),
      status: String(r.status),
      expiresOn: r.expires_on == null ? null : String(r.expires_on),
    })),
    holds,
    todayIso(),
  );
}

export function insertHold(hold: {
  userId: number;
  state: string;
  alertId: number;
  message: string;
  at: string;
}): InStatement {
  return {
    sql: `INSERT INTO nipr_holds (user_id, state, alert_id, message, created_at) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (alert_id) DO NOTHING`,
    args: [hold.userId, hold.state, hold.alertId, hold.message, hold.at],
  };
}
