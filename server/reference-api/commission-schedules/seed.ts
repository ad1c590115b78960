/**
 * The commission schedule's seed (issue 25 §3): one row per carrier product (schedule.ts). Composed by seed/seed.ts
 * before the money seed, which pays by it (commission-statements/seed.ts).
 */
import type { InStatement } from "@libsql/client";
import { seedSchedule } from "./schedule.ts";

export function commissionScheduleStatements(): InStatement[] {
  const rows = seedSchedule();
  return [
    {
      sql: `INSERT INTO commission_schedules (carrier_product_id, initial_cents, renewal_cents) VALUES ${rows
        .map(() => "(?, ?, ?)")
        .join(", ")}`,
      args: rows.flatMap((r) => [r.carrierProductId, r.initialCents, r.renewalCents]),
    },
  ];
}
