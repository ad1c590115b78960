/**
 * The carrier exports' seed (issue 24 §2): the carriers' schedules (Blue Harbor weekly for every file, Summit Mutual's
 * new contract requests daily, Pioneer's terminations and address changes weekly; the others off), what the
 * terminations and address changes files carry (drawn from the seeded contracts, so each file's rows are real
 * agents with their writing numbers), and a few files built on demand by admin@ and finance@. The scheduled runs
 * and the seeded runs' files are built on the first read (build.ts catchUp), from the seeded data: deterministic.
 */
import type { InStatement } from "@libsql/client";
import type { SeedDates } from "../seed/seed-dates.ts";

const ADMIN = 9; // admin@demo.test
const FINANCE = 13; // finance@demo.test

const SCHEDULES: ReadonlyArray<[carrierId: number, kind: string, frequency: string]> = [
  [1, "new_contracts", "weekly"],
  [1, "terminations", "weekly"],
  [1, "address_changes", "weekly"],
  [2, "new_contracts", "daily"],
  [4, "terminations", "weekly"],
  [4, "address_changes", "weekly"],
];

/** Files built on demand: carrier, kind, who, the window's first day and last day back (its end: when it was built). */
const MANUAL: ReadonlyArray<
  [carrierId: number, kind: string, by: number, fromDaysAgo: number, toDaysAgo: number, time: string]
> = [
  [3, "new_contracts", ADMIN, 34, 27, "15:20"],
  [3, "new_contracts", FINANCE, 27, 13, "10:05"],
  [5, "new_contracts", ADMIN, 30, 9, "16:45"],
  [3, "terminations", ADMIN, 45, 6, "11:30"],
  [5, "address_changes", FINANCE, 40, 4, "09:15"],
  [6, "new_contracts", ADMIN, 20, 2, "14:10"],
];

const REASONS = `CASE ce.id % 4 WHEN 0 THEN 'Agent left the agency' WHEN 1 THEN 'Released at the agent''s request'
  WHEN 2 THEN 'License lapsed in the resident state' ELSE 'Not ready to sell: certification not renewed' END`;
const STREETS = `CASE u.id % 6 WHEN 0 THEN 'Oak Street' WHEN 1 THEN 'Maple Avenue' WHEN 2 THEN 'Lakeview Drive'
  WHEN 3 THEN 'Cedar Lane' WHEN 4 THEN 'Harbor Road' ELSE 'Pine Court' END`;
const CITIES = `CASE u.id % 5 WHEN 0 THEN 'Columbus' WHEN 1 THEN 'Tampa' WHEN 2 THEN 'Austin' WHEN 3 THEN 'Raleigh'
  ELSE 'Phoenix' END`;
const STATES = `CASE u.id % 5 WHEN 0 THEN 'OH' WHEN 1 THEN 'FL' WHEN 2 THEN 'TX' WHEN 3 THEN 'NC' ELSE 'AZ' END`;

export function carrierExportStatements(dates: SeedDates): InStatement[] {
  const midnight = dates.daysAgo(0, "00:00");
  return [
    ...SCHEDULES.map(([carrierId, kind, frequency]) => ({
      sql: "INSERT INTO carrier_export_schedules (carrier_id, kind, frequency, since) VALUES (?, ?, ?, ?)",
      args: [carrierId, kind, frequency, dates.daysAgo(40, "09:00")],
    })),
    // One in seven active contracts ended over the last six weeks.
    {
      sql: `INSERT INTO carrier_export_events (kind, user_id, carrier_id, at, writing_number, reason, effective_date)
            SELECT 'termination', ce.user_id, cp.carrier_id,
              strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-' || (1 + ce.id % 42) || ' days', '+' || (9 + ce.id % 8) || ' hours'),
              ce.writing_number, ${REASONS}, date(?, '-' || (1 + ce.id % 42) || ' days', '+30 days')
            FROM contracting_entries ce JOIN carrier_products cp ON cp.id = ce.carrier_product_id
            WHERE ce.status = 'active' AND ce.id % 7 = 3 ORDER BY ce.id`,
      args: [midnight, midnight],
    },
    // One in four contracted brokers moved over the last six weeks.
    {
      sql: `INSERT INTO carrier_export_events (kind, user_id, at, address_line1, address_line2, city, state, zip)
            SELECT 'address_change', u.id,
              strftime('%Y-%m-%dT%H:%M:%fZ', ?, '-' || (1 + u.id % 41) || ' days', '+' || (8 + u.id % 9) || ' hours'),
              (100 + u.id * 37 % 9800) || ' ' || ${STREETS}, CASE WHEN u.id % 3 = 0 THEN 'Suite ' || (100 + u.id % 400) END,
              ${CITIES}, ${STATES}, printf('%05d', 10000 + u.id * 613 % 89000)
            FROM users u WHERE u.id % 4 = 1 AND EXISTS (
              SELECT 1 FROM contracting_entries ce WHERE ce.user_id = u.id AND ce.status IN ('approved', 'active'))
            ORDER BY u.id`,
      args: [midnight],
    },
    ...MANUAL.map(([carrierId, kind, by, fromDaysAgo, toDaysAgo, time]) => ({
      sql: `INSERT INTO carrier_export_runs (carrier_id, kind, trigger, built_by, built_at, covered_from, covered_to)
            VALUES (?, ?, 'manual', ?, ?, ?, ?)`,
      args: [
        carrierId,
        kind,
        by,
        dates.daysAgo(toDaysAgo, time),
        dates.daysAgo(fromDaysAgo, time),
        dates.daysAgo(toDaysAgo, time),
      ],
    })),
  ];
}
