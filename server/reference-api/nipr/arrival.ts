/**
 * An NIPR alert arriving (issue 37 §1: "an agent must stop selling the day NIPR says so"): the one write path of every
 * alert that comes in, the seed's and the daily file's (daily.ts) alike. It stores the alert and applies it at once, as
 * app/domain/nipr-holds.ts arrivalEffects says: the broker's license of that state as NIPR reports it, and for a lapse,
 * a revocation or a regulatory action the hold on new contract requests in that state. An administrator's "Mark
 * handled" later records that staff reviewed it; "Resolve the hold" lifts the hold.
 */
import type { InStatement } from "@libsql/client";
import type { NiprAlertKind } from "../../../app/admin/sections/nipr_pdb_alerts/records.ts";
import { arrivalEffects } from "../../../app/domain/nipr-holds.ts";
import { insertHold } from "./holds.ts";

export interface ArrivingAlert {
  id: number;
  userId: number;
  /** YYYY-MM-DD: the day of NIPR's alerts file. */
  day: string;
  kind: NiprAlertKind;
  state: string | null;
  summary: string;
  detail: Record<string, string>;
}

/** When a day's alerts file is read (the daily sync's time): the hold's start. */
export const arrivedAt = (day: string) => `${day}T06:00:00.000Z`;

/** The alert stored and applied, in one batch with whatever else the caller writes. */
export function arrivalStatements(alert: ArrivingAlert): InStatement[] {
  const statements: InStatement[] = [
    {
      sql: `INSERT INTO nipr_alerts (id, user_id, day, kind, state, summary, detail) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      args: [alert.id, alert.userId, alert.day, alert.kind, alert.state, alert.summary, JSON.stringify(alert.detail)],
    },
  ];
  const { license, hold } = arrivalEffects(alert);
  if (license)
    statements.push({
      sql: "UPDATE licenses SET status = ?, expires_on = ? WHERE user_id = ? AND state = ?",
      args: [license.status, license.expiresOn, alert.userId, license.state],
    });
  if (hold)
    statements.push(
      insertHold({
        userId: alert.userId,
        state: hold.state,
        alertId: alert.id,
        message: hold.message,
        at: arrivedAt(hold.since),
      }),
    );
  return statements;
}
