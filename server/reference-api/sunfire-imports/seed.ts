/**
 * The Sunfire imports' seed (issue 24 §5; ADR 034): the plans the quote tool sells (the submitted enrollments'
 * plans: a row's carrier and plan must name one exactly), the clients the matching rules run against (the demo's
 * members; two records of one person entered twice, sharing a Medicare id, so a row can be ambiguous), and a short
 * history of exports imported: one imported two weeks ago (two rows that became agent@'s submitted enrollments, one
 * waiting to be reconciled, one refused), the same file uploaded again (refused, naming the first) and one discarded.
 */
import type { InStatement } from "@libsql/client";
import type { SunfireValues } from "../../../app/admin/sections/sunfire_imports/records.ts";
import type { ClientMatch } from "../../../app/domain/sunfire-matching.ts";
import { formatDate } from "../../../app/domain/formats.ts";
import type { SeedDates } from "../seed/seed-dates.ts";
import { SUBMITTED_ENROLLMENT_PLANS, seedSubmittedEnrollments } from "../submitted-enrollments/seed.ts";

const ADMIN = 9; // admin@demo.test
const AGENT = 1; // agent@demo.test
const AGENT_NPN = "17845210";
const CARRIER_NAMES: Record<number, string> = {
  1: "Blue Harbor Health",
  2: "Summit Mutual",
  3: "Evergreen Life & Health",
};

/** A client entered twice (two ids, one Medicare id): a row with this Medicare id alone is ambiguous. */
export const SEED_TWICE_ENTERED_MEDICARE_ID = "5KJ2XY3QR41";
/** The seeded import waiting to have a row reconciled, and that row's line. */
export const SEED_IMPORT_WITH_UNMATCHED = { importId: 1, line: 4 } as const;

interface SeedClient {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  dateOfBirth: string | null;
  medicareId: string | null;
  phone: string | null;
}

export const SEED_SUNFIRE_CLIENTS: readonly SeedClient[] = [
  {
    id: "SF-100101",
    firstName: "Margaret",
    lastName: "Ellison",
    email: "m.ellison@example.com",
    dateOfBirth: "1954-02-11",
    medicareId: "1EG4TE5MK72",
    phone: "(555) 201-3344",
  },
  {
    id: "SF-100102",
    firstName: "Walter",
    lastName: "Brennan",
    email: "wbrennan@example.com",
    dateOfBirth: "1951-09-30",
    medicareId: "2FH5TF6NK83",
    phone: "555-201-9000",
  },
  {
    id: "SF-100103",
    firstName: "Lucille",
    lastName: "Hart",
    email: null,
    dateOfBirth: "1956-12-03",
    medicareId: "3GJ6UG7PL94",
    phone: "555-201-4521",
  },
  {
    id: "SF-100104",
    firstName: "Raymond",
    lastName: "Okafor",
    email: "ray.okafor@example.com",
    dateOfBirth: "1957-06-21",
    medicareId: null,
    phone: "555-201-7710",
  },
  {
    id: "SF-100105",
    firstName: "Beatrice",
    lastName: "Lund",
    email: "bea.lund@example.com",
    dateOfBirth: "1950-01-17",
    medicareId: "4HK7VH8QM15",
    phone: null,
  },
  {
    id: "SF-100106",
    firstName: "Gloria",
    lastName: "Vance",
    email: "gloria.v@example.com",
    dateOfBirth: "1953-04-08",
    medicareId: SEED_TWICE_ENTERED_MEDICARE_ID,
    phone: "555-201-6002",
  },
  {
    id: "SF-100107",
    firstName: "Gloria",
    lastName: "Vance",
    email: "gvance@example.com",
    dateOfBirth: "1953-04-08",
    medicareId: SEED_TWICE_ENTERED_MEDICARE_ID,
    phone: "555-201-6002",
  },
  {
    id: "SF-100108",
    firstName: "Howard",
    lastName: "Pike",
    email: "hpike@example.com",
    dateOfBirth: "1949-11-25",
    medicareId: "6LM3ZA4RS52",
    phone: "555-201-8080",
  },
];

const HEADER = [
  "Agent NPN",
  "Writing Agent",
  "Carrier",
  "Plan Name",
  "Contract-PBP",
  "Client ID",
  "First Name",
  "Last Name",
  "Date of Birth",
  "Email",
  "Phone",
  "Medicare ID",
  "Status",
  "Submitted Date",
  "Effective Date",
  "Confirmation Number",
];

const values = (v: SunfireValues): string => JSON.stringify(v);

export function sunfireImportStatements(dates: SeedDates): InStatement[] {
  const statements: InStatement[] = SUBMITTED_ENROLLMENT_PLANS.map((p) => ({
    sql: "INSERT INTO sunfire_plans (carrier_id, plan_name, product_name) VALUES (?, ?, ?)",
    args: [p.carrierId, p.planName, p.productName],
  }));
  const created = dates.daysAgo(60);
  for (const c of SEED_SUNFIRE_CLIENTS)
    statements.push({
      sql: `INSERT INTO sunfire_clients (id, first_name, last_name, email, date_of_birth, medicare_id, phone, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [c.id, c.firstName, c.lastName, c.email, c.dateOfBirth, c.medicareId, c.phone, created],
    });
  // Import #1: two of agent@'s submitted enrollments came in by it (their members are clients 1 and 2).
  const agents = seedSubmittedEnrollments(dates).filter((e) => e.userId === AGENT);
  const matched = agents.slice(-2);
  const at = dates.daysAgo(14, "09:40");
  const rows: Array<{
    line: number;
    cells: SunfireValues;
    problem: string | null;
    agent: number | null;
    match: ClientMatch;
    outcome: string;
    clientId: string | null;
    enrollmentId: number | null;
  }> = [];
  matched.forEach((e, i) => {
    const client = SEED_SUNFIRE_CLIENTS[i]!;
    statements.push({ sql: "UPDATE submitted_enrollments SET client_id = ? WHERE id = ?", args: [client.id, e.id] });
    rows.push({
      line: i + 2,
      cells: {
        agentNpn: AGENT_NPN,
        agentName: e.writingAgent,
        carrier: CARRIER_NAMES[e.carrierId] ?? "",
        plan: e.planName,
        clientId: client.id,
        firstName: client.firstName,
        lastName: client.lastName,
        dateOfBirth: client.dateOfBirth ?? "",
        email: client.email ?? "",
        phone: client.phone ?? "",
        medicareId: client.medicareId ?? "",
        status: e.status,
        submittedDate: e.submittedAt.slice(0, 10),
        effectiveDate: e.effectiveDate,
        confirmationNumber: e.confirmationNumber,
      },
      problem: null,
      agent: AGENT,
      match: { kind: "matched", rule: "id", clientId: client.id },
      outcome: "matched",
      clientId: client.id,
      enrollmentId: e.id,
    });
  });
  // Line 4: an agent the portal does not know by this NPN (a typo in the quote tool): waiting for a person.
  rows.push({
    line: SEED_IMPORT_WITH_UNMATCHED.line,
    cells: {
      agentNpn: "17845201",
      agentName: "Maria Alvarez",
      carrier: "Summit Mutual",
      plan: "Summit Choice (PPO)",
      firstName: "Raymond",
      lastName: "Okafor",
      dateOfBirth: "1957-06-21",
      email: "ray.okafor@example.com",
      phone: "555-201-7710",
      status: "Submitted",
      submittedDate: dates.daysAgo(15).slice(0, 10),
      effectiveDate: dates.monthStart(1),
      confirmationNumber: "SF-7702-3391",
    },
    problem: null,
    agent: null,
    match: { kind: "matched", rule: "emailDob", clientId: "SF-100104" },
    outcome: "unmatched",
    clientId: null,
    enrollmentId: null,
  });
  // Line 5: a plan named the quote tool's way, not the carrier's: refused.
  rows.push({
    line: 5,
    cells: {
      agentNpn: AGENT_NPN,
      carrier: "Blue Harbor Health",
      plan: "Blue Harbor Advantage (HMO)",
      firstName: "Howard",
      lastName: "Pike",
      status: "Submitted",
      effectiveDate: dates.monthStart(1),
      confirmationNumber: "SF-7702-3392",
    },
    problem: "Blue Harbor Health has no plan named “Blue Harbor Advantage (HMO)” exactly.",
    agent: AGENT,
    match: { kind: "new" },
    outcome: "refused",
    clientId: null,
    enrollmentId: null,
  });
  const sha = "5f1e0c2b9a7d4e3f8c6b1a0d9e8f7c6b5a4d3e2f1c0b9a8d7e6f5c4b3a2d1e0f";
  const imports: Array<
    [id: number, file: string, status: string, problem: string | null, sha: string | null, at: string, rows: number]
  > = [
    [1, `sunfire-enrollments-${dates.daysAgo(15).slice(0, 10)}.csv`, "imported", null, sha, at, rows.length],
    [
      2,
      `sunfire-enrollments-${dates.daysAgo(15).slice(0, 10)}.csv`,
      "failed",
      `This file was already imported on ${formatDate(at)}: Sunfire import #1.`,
      sha,
      dates.daysAgo(13, "08:15"),
      0,
    ],
    [3, "enrollments-test-export.csv", "discarded", null, null, dates.daysAgo(20, "16:02"), 0],
  ];
  for (const [id, file, status, problem, fileSha, when, n] of imports) {
    const one = id === 1;
    statements.push({
      sql: `INSERT INTO sunfire_imports (id, file_name, file_sha256, headers, status, problem, rows_read, rows_written,
              n_problems, n_to_reconcile, n_matched, n_unmatched, n_reconciled, n_refused, created_by, created_at,
              updated_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
      args: [
        id,
        file,
        fileSha,
        JSON.stringify(id === 2 ? [] : HEADER),
        status,
        problem,
        n,
        n,
        one ? 1 : 0,
        one ? 1 : 0,
        one ? 2 : 0,
        one ? 1 : 0,
        one ? 1 : 0,
        ADMIN,
        when,
        when,
        when,
      ],
    });
  }
  for (const r of rows)
    statements.push({
      sql: `INSERT INTO sunfire_import_rows (import_id, line_no, cells, problem, agent_user_id, client_match, outcome,
              client_id, enrollment_id) VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [
        r.line,
        values(r.cells),
        r.problem,
        r.agent,
        JSON.stringify(r.match),
        r.outcome,
        r.clientId,
        r.enrollmentId,
      ],
    });
  return statements;
}
