/**
 * The carrier imports' seed (issue 24 §1): the brokers' appointments the carriers reported (an Appointed one per
 * active contract and state the broker holds an active license in, one in seven of them since terminated, and a few
 * appointments with no contract record behind them), and the history of the carriers' files imported over the last
 * weeks — a few of each kind, most imported, one refused as a file imported before, one discarded in its preview —
 * each with its rows and their outcomes, so the list and an import's page read as they do after months of use.
 */
import { formatDate } from "../../../app/domain/formats.ts";
import { createHash } from "node:crypto";
import type { InStatement } from "@libsql/client";
import {
  type CarrierImportKind,
  DEFAULT_CARRIER_IMPORT_MAPPINGS,
  type RowOutcome,
} from "../../../app/admin/sections/carrier_imports/records.ts";
import type { SeedDates } from "../seed/seed-dates.ts";

const ADMIN = 9; // admin@demo.test

interface SeedRow {
  cells: string[];
  outcome: RowOutcome | null;
  problem?: string;
}

interface SeedImport {
  carrierId: number;
  kind: CarrierImportKind;
  fileName: string;
  status: "imported" | "failed" | "discarded";
  daysAgo: number;
  /** failed: the index of the import of the same file (refused as a duplicate of it). */
  duplicateOf?: number;
  rows: SeedRow[];
}

const row = (outcome: RowOutcome | null, cells: string[], problem?: string): SeedRow => ({ cells, outcome, problem });

const IMPORTS: SeedImport[] = [
  {
    carrierId: 4,
    kind: "rts",
    fileName: "pioneer_rts_weekly.csv",
    status: "imported",
    daysAgo: 26,
    rows: [
      row("updated", ["30005202", "RTS"]),
      row("unchanged", ["30005203", "PEND"]),
      row("refused", ["30009999", "RTS"], "No agent has the NPN 30009999."),
    ],
  },
  {
    carrierId: 1,
    kind: "appointments",
    fileName: "blue_harbor_appointments_2026q3.csv",
    status: "imported",
    daysAgo: 21,
    rows: [
      row("created", ["17845210", "AZ", "Appointed", "2026-07-01", ""]),
      row("unchanged", ["18977342", "FL", "Appointed", "2026-03-15", ""]),
      row("updated", ["16554093", "TX", "Terminated", "2026-08-31", "Agent request"]),
      row("refused", ["1784521", "AZ", "Appointed", "2026-07-01", ""], "No agent has the NPN 1784521."),
    ],
  },
  {
    carrierId: 2,
    kind: "appointments",
    fileName: "summit_appointment_status.csv",
    status: "discarded",
    daysAgo: 12,
    rows: [],
  },
  {
    carrierId: 1,
    kind: "policies",
    fileName: "blue_harbor_book_sep.csv",
    status: "imported",
    daysAgo: 18,
    rows: [
      row("unchanged", ["BH-100231", "17845210", "Martha Reyes", "Medicare Advantage", "Active", "2026-01-01"]),
      row("updated", ["BH-100245", "17845210", "Gordon Blake", "Medicare Advantage", "Terminated", "2025-07-01"]),
      row(
        "refused",
        ["BH-100250", "17845210", "Irene Cho", "Medicare Advantage", "Lapsed", "2026-02-01"],
        "“Lapsed” is not a policy status (Active, Pending, Terminated or Canceled).",
      ),
    ],
  },
  {
    carrierId: 1,
    kind: "policies",
    fileName: "blue_harbor_book_sep.csv",
    status: "failed",
    daysAgo: 17,
    duplicateOf: 3,
    rows: [],
  },
  {
    carrierId: 3,
    kind: "enrollments",
    fileName: "evergreen_enrollments_0915.csv",
    status: "imported",
    daysAgo: 9,
    rows: [
      row("created", [
        "EV-55120931",
        "17845210",
        "Dolores Quinn",
        "3QF7-TK2-MH41",
        "1956-04-12",
        "Evergreen Complete (HMO-POS)",
        "MAPD",
        "H4509-002",
        "Maricopa",
        "AZ",
        "Pending",
        "2026-09-10",
        "2026-10-01",
        "",
        "",
      ]),
      row(
        "refused",
        [
          "EV-55120944",
          "17845210",
          "Walter Ng",
          "1EG4TE5MK7",
          "1951-11-30",
          "Evergreen Rx Plus (PDP)",
          "PDP",
          "S7126-011",
          "Pima",
          "AZ",
          "Submitted",
          "2026-09-11",
          "2026-10-01",
          "",
          "",
        ],
        "The Medicare ID is not 11 letters and digits.",
      ),
    ],
  },
  {
    carrierId: 5,
    kind: "enrollments",
    fileName: "keystone_feed_weekly.csv",
    status: "imported",
    daysAgo: 4,
    rows: [
      row("unchanged", [
        "KS-88310072",
        "18977342",
        "Harold Finch",
        "5KD2-AP7-QR16",
        "1949-02-03",
        "Keystone Senior Select (PPO)",
        "MAPD",
        "H6093-005",
        "Cuyahoga",
        "OH",
        "Enrolled",
        "2026-08-02",
        "2026-09-01",
        "",
        "",
      ]),
      row("updated", [
        "KS-88310090",
        "18977342",
        "Ruth Alvarez",
        "7HT3-WE9-GG52",
        "1953-06-21",
        "Keystone Dual Advantage (HMO D-SNP)",
        "DSNP",
        "H6093-021",
        "Franklin",
        "OH",
        "RFI",
        "2026-09-05",
        "2026-10-01",
        "",
        "",
      ]),
    ],
  },
];

/** The brokers' appointments: every active contract's, per active license; some terminated; a few with no contract. */
function appointmentStatements(dates: SeedDates): InStatement[] {
  const at = dates.daysAgo(30, "08:00");
  return [
    {
      sql: `INSERT OR IGNORE INTO carrier_appointments (user_id, carrier_id, state, status, effective_date,
              termination_reason, import_id, updated_at)
            SELECT ce.user_id, cp.carrier_id, l.state,
              CASE WHEN ce.id % 7 = 3 THEN 'Terminated' ELSE 'Appointed' END,
              CASE WHEN ce.id % 7 = 3 THEN date(?, '-' || (1 + ce.id % 42) || ' days')
                ELSE COALESCE(ce.effective_date, date(?, '-90 days')) END,
              CASE WHEN ce.id % 7 = 3 THEN CASE ce.id % 3 WHEN 0 THEN 'Agent request' WHEN 1 THEN 'No production'
                ELSE 'Contract ended by the carrier' END END,
              NULL, ?
            FROM contracting_entries ce JOIN carrier_products cp ON cp.id = ce.carrier_product_id
            JOIN licenses l ON l.user_id = ce.user_id AND l.status = 'Active'
            WHERE ce.status = 'active' ORDER BY ce.id, l.state`,
      args: [dates.day, dates.day, at],
    },
    // Found in the carriers' files with no contract request behind them (admin-domain: "appointments found … with no
    // contract record"): agents with a license and no contract with Keystone, one in six of them.
    {
      sql: `INSERT OR IGNORE INTO carrier_appointments (user_id, carrier_id, state, status, effective_date,
              termination_reason, import_id, updated_at)
            SELECT u.id, 5, (SELECT MIN(l.state) FROM licenses l WHERE l.user_id = u.id), 'Appointed',
              date(?, '-' || (20 + u.id % 200) || ' days'), NULL, NULL, ?
            FROM users u WHERE u.role IN ('Agent', 'Agency') AND u.npn_number IS NOT NULL AND u.id % 6 = 1
              AND EXISTS (SELECT 1 FROM licenses l WHERE l.user_id = u.id)
              AND NOT EXISTS (SELECT 1 FROM contracting_entries ce JOIN carrier_products cp
                ON cp.id = ce.carrier_product_id WHERE ce.user_id = u.id AND cp.carrier_id = 5)
            ORDER BY u.id`,
      args: [dates.day, at],
    },
  ];
}

/** A seeded file's bytes as a carrier would send them, for its hash (a re-upload of it is recognised). */
function fileOf(i: SeedImport): string {
  const headers = Object.values(DEFAULT_CARRIER_IMPORT_MAPPINGS[i.kind]);
  return [headers, ...i.rows.map((r) => r.cells)].map((cells) => cells.join(",")).join("\r\n");
}

function historyStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = [];
  IMPORTS.forEach((i, index) => {
    const id = index + 1;
    const at = dates.daysAgo(i.daysAgo, `${String(9 + (index % 8)).padStart(2, "0")}:15`);
    const finished = dates.daysAgo(i.daysAgo, `${String(9 + (index % 8)).padStart(2, "0")}:16`);
    const headers = Object.values(DEFAULT_CARRIER_IMPORT_MAPPINGS[i.kind]);
    const count = (o: RowOutcome) => i.rows.filter((r) => r.outcome === o).length;
    const same = i.duplicateOf === undefined ? undefined : IMPORTS[i.duplicateOf];
    const sha = createHash("sha256")
      .update(fileOf(same ?? i))
      .digest("hex");
    const problem =
      same && i.duplicateOf !== undefined
        ? `This file was already imported on ${formatDate(dates.daysAgo(same.daysAgo))}: Blue Harbor Health import #${i.duplicateOf + 1}.`
        : null;
    statements.push({
      sql: `INSERT INTO carrier_imports (id, carrier_id, kind, file_name, file_sha256, mapping, headers, status, problem,
              rows_read, rows_written, n_problems, n_created, n_updated, n_unchanged, n_refused, created_by,
              created_at, updated_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        id,
        i.carrierId,
        i.kind,
        i.fileName,
        i.status === "imported" || i.status === "failed" ? sha : null,
        JSON.stringify(DEFAULT_CARRIER_IMPORT_MAPPINGS[i.kind]),
        JSON.stringify(i.status === "failed" ? [] : headers),
        i.status,
        problem,
        i.rows.length,
        i.status === "imported" ? i.rows.length : 0,
        i.rows.filter((r) => r.problem).length,
        count("created"),
        count("updated"),
        count("unchanged"),
        count("refused"),
        ADMIN,
        at,
        finished,
        finished,
      ],
    });
    i.rows.forEach((r, n) =>
      statements.push({
        sql: "INSERT INTO carrier_import_rows (import_id, line_no, cells, problem, outcome) VALUES (?, ?, ?, ?, ?)",
        args: [id, n + 2, JSON.stringify(r.cells), r.problem ?? null, r.outcome],
      }),
    );
  });
  return statements;
}

export function carrierImportStatements(dates: SeedDates): InStatement[] {
  return [...appointmentStatements(dates), ...historyStatements(dates)];
}
