/**
 * A Sunfire enrollment export's rows (issue 24 §5; ADR 034): the fields read from the cells by the export's fixed
 * columns, and each row's problem (what the preview shows and the import refuses the row for), agent (by NPN) and
 * client (app/domain/sunfire-matching.ts). The lookups — carriers and plans by exact name, agents by NPN, the
 * clients' index, the confirmation numbers already submitted — are read once per file.
 */
import {
  SUNFIRE_COLUMNS,
  SUNFIRE_FIELDS,
  SUNFIRE_REQUIRED_FIELDS,
  type SunfireAgent,
  type SunfireField,
  type SunfireValues,
} from "../../../app/admin/sections/sunfire_imports/records.ts";
import { SUBMITTED_ENROLLMENT_STATUSES, type SubmittedEnrollmentStatus } from "../../../app/domain/enrollments.ts";
import {
  type ClientIndex,
  type ClientKeys,
  type ClientMatch,
  clientIndex,
  matchClient,
} from "../../../app/domain/sunfire-matching.ts";
import type { ReferenceDb } from "../core/db.ts";
import { isoDate } from "../carrier-imports/rows.ts";

export const blankCell = (label: string) => `The ${label} is blank.`;
export const NOT_AN_NPN = "The agent NPN is not a number of 1 to 10 digits.";
export const unknownCarrier = (name: string) => `No carrier is named “${name}” exactly (carriers in the admin area).`;
export const unknownPlan = (plan: string, carrier: string) => `${carrier} has no plan named “${plan}” exactly.`;
export const NOT_A_CONTRACT_PBP = "The contract–PBP id is not 5 and 3 characters (such as H1234-001).";
export const unknownStatus = (status: string) =>
  `“${status}” is not an enrollment status (${SUBMITTED_ENROLLMENT_STATUSES.join(", ")}).`;
export const notADate = (label: string) => `The ${label} is not a date (YYYY-MM-DD or MM/DD/YYYY).`;
export const alreadySubmitted = (confirmation: string) =>
  `The confirmation number ${confirmation} is already a submitted enrollment of this carrier.`;
export const sameConfirmationAs = (line: number) => `Line ${line} has the same carrier and confirmation number.`;
export const CELL_TOO_LONG = "A value is longer than 200 characters.";
export const missingColumns = (names: string[]) =>
  `The file lacks the column${names.length === 1 ? "" : "s"} ${names.map((n) => `“${n}”`).join(", ")}: is it Sunfire's enrollment export?`;

/** The index of each field's column in the file (its header, any case); absent fields are blank. */
export type Columns = Partial<Record<SunfireField, number>>;

export function columnsOf(headers: string[]): Columns {
  const lower = headers.map((h) => h.trim().toLowerCase());
  const columns: Columns = {};
  for (const f of SUNFIRE_FIELDS) {
    const at = lower.indexOf(SUNFIRE_COLUMNS[f].toLowerCase());
    if (at >= 0) columns[f] = at;
  }
  return columns;
}

/** The required columns the header lacks (their headers). */
export const missingOf = (columns: Columns): string[] =>
  SUNFIRE_REQUIRED_FIELDS.filter((f) => columns[f] === undefined).map((f) => SUNFIRE_COLUMNS[f]);

export function valuesOf(cells: string[], columns: Columns): SunfireValues {
  const values: SunfireValues = {};
  for (const f of SUNFIRE_FIELDS) {
    const at = columns[f];
    values[f] = at === undefined ? "" : (cells[at] ?? "").trim();
  }
  return values;
}

export const statusOf = (text: string): SubmittedEnrollmentStatus | null =>
  SUBMITTED_ENROLLMENT_STATUSES.find((s) => s.toLowerCase() === text.trim().toLowerCase()) ?? null;

export interface Plan {
  productName: string;
}

/** What a Sunfire file is checked against: read once per file. */
export interface Lookups {
  carrierByName: Map<string, number>;
  carrierNames: Map<number, string>;
  plans: Map<number, Map<string, Plan>>;
  agentByNpn: Map<string, SunfireAgent>;
  clients: ClientIndex;
  /** `${carrierId}|${confirmation}` already submitted enrollments, and (while a file is read) the file's own. */
  submitted: Set<string>;
  seenInFile: Map<string, number>;
}

export async function loadLookups(db: ReferenceDb): Promise<Lookups> {
  const [carriers, plans, agents, clients, submitted] = await Promise.all([
    db.client.execute("SELECT id, name FROM carriers"),
    db.client.execute("SELECT carrier_id, plan_name, product_name FROM sunfire_plans"),
    db.client.execute(
      "SELECT id, first_name, last_name, npn_number FROM users WHERE role IN ('Agent', 'Agency') AND npn_number IS NOT NULL ORDER BY id",
    ),
    db.client.execute("SELECT id, first_name, email, date_of_birth, medicare_id, phone FROM sunfire_clients"),
    db.client.execute("SELECT carrier_id, confirmation_number FROM submitted_enrollments"),
  ]);
  const lookups: Lookups = {
    carrierByName: new Map(),
    carrierNames: new Map(),
    plans: new Map(),
    agentByNpn: new Map(),
    clients: clientIndex(
      clients.rows.map((r) => ({
        id: String(r.id),
        firstName: String(r.first_name),
        email: r.email == null ? null : String(r.email),
        dateOfBirth: r.date_of_birth == null ? null : String(r.date_of_birth),
        medicareId: r.medicare_id == null ? null : String(r.medicare_id),
        phone: r.phone == null ? null : String(r.phone),
      })),
    ),
    submitted: new Set(submitted.rows.map((r) => `${Number(r.carrier_id)}|${String(r.confirmation_number)}`)),
    seenInFile: new Map(),
  };
  for (const r of carriers.rows) {
    lookups.carrierByName.set(String(r.name), Number(r.id));
    lookups.carrierNames.set(Number(r.id), String(r.name));
  }
  for (const r of plans.rows) {
    const carrierId = Number(r.carrier_id);
    const byName = lookups.plans.get(carrierId) ?? new Map<string, Plan>();
    byName.set(String(r.plan_name), { productName: String(r.product_name) });
    lookups.plans.set(carrierId, byName);
  }
  for (const r of agents.rows) {
    const npn = String(r.npn_number);
    if (!lookups.agentByNpn.has(npn))
      lookups.agentByNpn.set(npn, {
        userId: Number(r.id),
        name: `${String(r.first_name)} ${String(r.last_name)}`.trim(),
        npn,
      });
  }
  return lookups;
}

const NPN = /^\d{1,10}$/;
const CONTRACT_PBP = /^[A-Z0-9]{5}-[A-Z0-9]{3}$/i;

export const keysOf = (v: SunfireValues): ClientKeys => ({
  clientId: v.clientId ?? "",
  firstName: v.firstName ?? "",
  email: v.email ?? "",
  dateOfBirth: isoDate(v.dateOfBirth ?? "") ?? "",
  medicareId: v.medicareId ?? "",
  phone: v.phone ?? "",
});

export interface Checked {
  problem: string | null;
  agent: SunfireAgent | null;
  client: ClientMatch;
}

/**
 * The row's problem (null: none), agent and client. `line` (while a file is read) notes the row's confirmation
 * number so that a later line with the same one is a problem.
 */
export function checkRow(values: SunfireValues, lookups: Lookups, line?: number): Checked {
  const agent = lookups.agentByNpn.get(values.agentNpn ?? "") ?? null;
  const client = matchClient(keysOf(values), lookups.clients);
  const problem = problemOf(values, lookups, line);
  return { problem, agent, client };
}

function problemOf(values: SunfireValues, lookups: Lookups, line?: number): string | null {
  for (const f of SUNFIRE_FIELDS) if ((values[f] ?? "").length > 200) return CELL_TOO_LONG;
  const npn = values.agentNpn ?? "";
  if (npn === "") return blankCell("agent NPN");
  if (!NPN.test(npn)) return NOT_AN_NPN;
  if ((values.firstName ?? "") === "") return blankCell("client's first name");
  if ((values.lastName ?? "") === "") return blankCell("client's last name");
  const carrierName = values.carrier ?? "";
  if (carrierName === "") return blankCell("carrier");
  const carrierId = lookups.carrierByName.get(carrierName);
  if (carrierId === undefined) return unknownCarrier(carrierName);
  const plan = values.plan ?? "";
  if (plan === "") return blankCell("plan name");
  if (!lookups.plans.get(carrierId)?.has(plan)) return unknownPlan(plan, carrierName);
  const contractPbp = values.contractPbp ?? "";
  if (contractPbp !== "" && !CONTRACT_PBP.test(contractPbp)) return NOT_A_CONTRACT_PBP;
  if (!statusOf(values.status ?? "")) return unknownStatus(values.status ?? "");
  if (!isoDate(values.effectiveDate ?? "")) return notADate("effective date");
  if ((values.dateOfBirth ?? "") !== "" && !isoDate(values.dateOfBirth ?? "")) return notADate("date of birth");
  if ((values.submittedDate ?? "") !== "" && !isoDate(values.submittedDate ?? "")) return notADate("submitted date");
  const confirmation = values.confirmationNumber ?? "";
  if (confirmation === "") return blankCell("confirmation number");
  const key = `${carrierId}|${confirmation}`;
  if (lookups.submitted.has(key)) return alreadySubmitted(confirmation);
  if (line !== undefined) {
    const earlier = lookups.seenInFile.get(key);
    if (earlier !== undefined && earlier !== line) return sameConfirmationAs(earlier);
    if (earlier === undefined) lookups.seenInFile.set(key, line);
  }
  return null;
}
