/**
 * A carrier file's rows (issue 24 §1): the mapped fields' values read from the cells, and each row's problem — what
 * the preview shows and the import refuses the row for. The lookups (agents by NPN, the carrier's RTS statuses and
 * products, the downline contracts) are read once per file: they are small next to a file of 100,000 rows.
 */
import type { InValue } from "@libsql/client";
import {
  CARRIER_IMPORT_FIELDS,
  type CarrierImportField,
  type CarrierImportKind,
  type CarrierImportMapping,
} from "../../../app/admin/sections/carrier_imports/records.ts";
import type { ReferenceDb } from "../core/db.ts";

export const POLICY_STATUSES = ["Active", "Pending", "Terminated", "Canceled"] as const;
export type PolicyStatus = (typeof POLICY_STATUSES)[number];

export const blankCell = (label: string) => `The ${label} is blank.`;
export const NOT_AN_NPN = "The NPN is not a number of 1 to 10 digits.";
export const unknownNpn = (npn: string) => `No agent has the NPN ${npn}.`;
export const noDownlineContract = (npn: string, carrier: string) =>
  `The agent with the NPN ${npn} has no contract with ${carrier}.`;
export const unknownRtsStatus = (code: string, carrier: string) =>
  `“${code}” is not an RTS status of ${carrier} (RTS statuses in the admin area).`;
export const unknownProduct = (product: string, carrier: string) => `${carrier} offers no product “${product}”.`;
export const unknownPolicyStatus = (status: string) =>
  `“${status}” is not a policy status (Active, Pending, Terminated or Canceled).`;
export const NOT_A_DATE = "The effective date is not a date (YYYY-MM-DD or MM/DD/YYYY).";
export const OTHER_CARRIERS_POLICY = "This policy number is another carrier's policy.";
export const CELL_TOO_LONG = "A value is longer than 200 characters.";

export const APPOINTMENT_STATUSES = ["Appointed", "Pending", "Terminated"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const ENROLLMENT_STATUSES = ["submitted", "pending", "rfi", "enrolled", "rejected", "terminated"] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const PLAN_TYPES = ["MAPD", "MA", "PDP", "DSNP", "MedSupp"] as const;

/** The states, DC and the territories a carrier appoints in, by their two-letter codes. */
export const US_STATES: ReadonlySet<string> = new Set(
  (
    "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK " +
    "OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP"
  ).split(" "),
);

export const notAState = (state: string) => `“${state}” is not a US state's two-letter code (e.g. TX).`;
export const unknownAppointmentStatus = (status: string) =>
  `“${status}” is not an appointment status (Appointed, Pending or Terminated).`;
export const REASON_NOT_TERMINATED = "Only a terminated appointment has a termination reason.";
export const notADay = (label: string) => `The ${label} is not a date (YYYY-MM-DD or MM/DD/YYYY).`;
export const NOT_A_MEDICARE_ID = "The Medicare ID is not 11 letters and digits.";
export const unknownPlanType = (type: string) => `“${type}” is not a plan type (MAPD, MA, PDP, DSNP or MedSupp).`;
export const NOT_A_CONTRACT_PBP =
  "The contract–PBP id is not a contract (a letter and 4 digits) and a PBP (3 digits), e.g. H2174-012.";
export const unknownEnrollmentStatus = (status: string) =>
  `“${status}” is not an enrollment status (Submitted, Pending, RFI, Enrolled, Rejected or Terminated).`;
export const TERMINATION_DATE_NEEDED = "A terminated enrollment needs its termination date.";
export const OTHER_CARRIERS_ENROLLMENT = "This confirmation number is another carrier's enrollment.";

/** The index of each of the kind's fields in the file (by the header the mapping names, case-insensitive). */
export type Columns = Partial<Record<CarrierImportField, number>>;

export function fieldsOf(kind: CarrierImportKind): readonly CarrierImportField[] {
  return CARRIER_IMPORT_FIELDS[kind];
}

export function unmappedFields(
  kind: CarrierImportKind,
  headers: string[],
  mapping: CarrierImportMapping,
): CarrierImportField[] {
  const lower = headers.map((h) => h.toLowerCase());
  return fieldsOf(kind).filter((f) => {
    const name = mapping[f];
    return name === undefined || !lower.includes(name.toLowerCase());
  });
}

export function columnsOf(kind: CarrierImportKind, headers: string[], mapping: CarrierImportMapping): Columns {
  const lower = headers.map((h) => h.toLowerCase());
  const columns: Columns = {};
  for (const f of fieldsOf(kind)) {
    const at = lower.indexOf((mapping[f] ?? "").toLowerCase());
    if (at >= 0) columns[f] = at;
  }
  return columns;
}

export function valuesOf(kind: CarrierImportKind, cells: string[], columns: Columns): CarrierImportMapping {
  const values: CarrierImportMapping = {};
  for (const f of fieldsOf(kind)) {
    const at = columns[f];
    values[f] = at === undefined ? "" : (cells[at] ?? "").trim();
  }
  return values;
}

/** YYYY-MM-DD from YYYY-MM-DD or MM/DD/YYYY, a real day; else null. */
export function isoDate(text: string): string | null {
  let m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let [y, mo, d] = m ? [m[1], m[2], m[3]] : [undefined, undefined, undefined];
  if (!m) {
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
    if (!m) return null;
    [mo, d, y] = [m[1]?.padStart(2, "0"), m[2]?.padStart(2, "0"), m[3]];
  }
  const iso = `${y}-${mo}-${d}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
}

/** A policy's status as a carrier writes it: any case, and the British double l of a canceled policy too. */
export function policyStatusOf(text: string): PolicyStatus | null {
  const lower = text.toLowerCase().replace(/^cancell(ed)$/, "cancel$1");
  return POLICY_STATUSES.find((s) => s.toLowerCase() === lower) ?? null;
}

/** An appointment's status as a carrier writes it: any case; "Active" is appointed, "Inactive" terminated. */
export function appointmentStatusOf(text: string): AppointmentStatus | null {
  const lower = text.toLowerCase();
  if (lower === "active") return "Appointed";
  if (lower === "inactive") return "Terminated";
  return APPOINTMENT_STATUSES.find((s) => s.toLowerCase() === lower) ?? null;
}

/** An enrollment's status as a carrier writes it: any case, "Request for information" as RFI. */
export function enrollmentStatusOf(text: string): EnrollmentStatus | null {
  const lower = text.toLowerCase();
  if (lower === "request for information") return "rfi";
  return ENROLLMENT_STATUSES.find((s) => s === lower) ?? null;
}

/** A plan type in any case; null if none. */
export const planTypeOf = (text: string) => PLAN_TYPES.find((t) => t.toLowerCase() === text.toLowerCase()) ?? null;

/** H2174-012 from H2174-012 or H2174012 (any case); "" from blank (a Medigap plan has none); null if neither. */
export function contractPbpOf(text: string): string | null {
  if (text === "") return "";
  const m = /^([A-Za-z]\d{4})-?(\d{3})$/.exec(text);
  return m ? `${m[1]!.toUpperCase()}-${m[2]}` : null;
}

/** A Medicare ID (MBI) without its dashes, upper-case; null if it is not 11 letters and digits. */
export function medicareIdOf(text: string): string | null {
  const id = text.replace(/-/g, "").toUpperCase();
  return /^[0-9A-Z]{11}$/.test(id) ? id : null;
}

/** What a carrier's file is checked against: read once per file. */
export interface Lookups {
  carrierName: string;
  /** rts: the downline nodes (npn_id) with each NPN number, and each one's contract with the carrier (rts_status_id). */
  nodesByNpn: Map<string, number[]>;
  contractOf: Map<number, number>;
  /** rts: the carrier's statuses (and the statuses of every carrier) by lower-case code or title. */
  statusByName: Map<string, number>;
  /** policies: the agents and agencies by NPN number, the carrier's products by lower-case name. */
  userByNpn: Map<string, number>;
  productByName: Map<string, number>;
  /** enrollments: the writing agents' names. */
  nameOfUser: Map<number, string>;
}

export async function loadLookups(db: ReferenceDb, kind: CarrierImportKind, carrierId: number): Promise<Lookups> {
  const carrier = await db.client.execute({ sql: "SELECT name FROM carriers WHERE id = ?", args: [carrierId] });
  const lookups: Lookups = {
    carrierName: String(carrier.rows[0]?.name ?? `Carrier ${carrierId}`),
    nodesByNpn: new Map(),
    contractOf: new Map(),
    statusByName: new Map(),
    userByNpn: new Map(),
    productByName: new Map(),
    nameOfUser: new Map(),
  };
  if (kind === "rts") {
    const [nodes, contracts, statuses] = await Promise.all([
      db.client.execute("SELECT npn_id, npn_number FROM downline_nodes"),
      db.client.execute({
        sql: "SELECT npn_id, rts_status_id FROM downline_contracts WHERE carrier_id = ?",
        args: [carrierId],
      }),
      // The carrier's own statuses win over those of any carrier (carrier_id NULL).
      db.client.execute({
        sql: "SELECT id, status_code, status_title FROM rts_statuses WHERE carrier_id = ? OR carrier_id IS NULL ORDER BY carrier_id IS NOT NULL",
        args: [carrierId],
      }),
    ]);
    for (const r of nodes.rows) {
      const npn = String(r.npn_number);
      lookups.nodesByNpn.set(npn, [...(lookups.nodesByNpn.get(npn) ?? []), Number(r.npn_id)]);
    }
    for (const r of contracts.rows) lookups.contractOf.set(Number(r.npn_id), Number(r.rts_status_id));
    for (const r of statuses.rows) {
      lookups.statusByName.set(String(r.status_title).toLowerCase(), Number(r.id));
      lookups.statusByName.set(String(r.status_code).toLowerCase(), Number(r.id));
    }
  } else {
    const [users, products] = await Promise.all([
      db.client.execute(
        "SELECT id, npn_number, first_name, last_name FROM users WHERE role IN ('Agent', 'Agency') AND npn_number IS NOT NULL ORDER BY id",
      ),
      db.client.execute({
        sql: `SELECT cp.id, p.name FROM carrier_products cp JOIN products p ON p.id = cp.product_id
              WHERE cp.carrier_id = ?`,
        args: [carrierId],
      }),
    ]);
    for (const r of users.rows) {
      const npn = String(r.npn_number);
      if (!lookups.userByNpn.has(npn)) lookups.userByNpn.set(npn, Number(r.id));
      lookups.nameOfUser.set(Number(r.id), `${String(r.first_name ?? "")} ${String(r.last_name ?? "")}`.trim());
    }
    for (const r of products.rows) lookups.productByName.set(String(r.name).toLowerCase(), Number(r.id));
  }
  return lookups;
}

const NPN = /^\d{1,10}$/;

/** The row's problem, or null: what can be told before anything is written. */
export function problemOf(kind: CarrierImportKind, values: CarrierImportMapping, lookups: Lookups): string | null {
  for (const f of fieldsOf(kind)) if ((values[f] ?? "").length > 200) return CELL_TOO_LONG;
  if (kind === "rts") {
    const npn = values.npn ?? "";
    const code = values.statusCode ?? "";
    if (npn === "") return blankCell("NPN");
    if (!NPN.test(npn)) return NOT_AN_NPN;
    if (code === "") return blankCell("RTS status");
    const nodes = lookups.nodesByNpn.get(npn);
    if (!nodes) return unknownNpn(npn);
    if (!nodes.some((n) => lookups.contractOf.has(n))) return noDownlineContract(npn, lookups.carrierName);
    if (!lookups.statusByName.has(code.toLowerCase())) return unknownRtsStatus(code, lookups.carrierName);
    return null;
  }
  if (kind === "appointments") return appointmentProblem(values, lookups);
  if (kind === "enrollments") return enrollmentProblem(values, lookups);
  const npn = values.agentNpn ?? "";
  if ((values.policyNumber ?? "") === "") return blankCell("policy number");
  if (npn === "") return blankCell("writing agent's NPN");
  if (!NPN.test(npn)) return NOT_AN_NPN;
  if ((values.memberName ?? "") === "") return blankCell("member name");
  if (!lookups.userByNpn.has(npn)) return unknownNpn(npn);
  const product = values.product ?? "";
  if (product === "") return blankCell("product");
  if (!lookups.productByName.has(product.toLowerCase())) return unknownProduct(product, lookups.carrierName);
  if (!policyStatusOf(values.status ?? "")) return unknownPolicyStatus(values.status ?? "");
  if (!isoDate(values.effectiveDate ?? "")) return NOT_A_DATE;
  return null;
}

function npnProblem(npn: string, label: string, lookups: Lookups): string | null {
  if (npn === "") return blankCell(label);
  if (!NPN.test(npn)) return NOT_AN_NPN;
  if (!lookups.userByNpn.has(npn)) return unknownNpn(npn);
  return null;
}

function stateProblem(state: string): string | null {
  if (state === "") return blankCell("state");
  return US_STATES.has(state.toUpperCase()) ? null : notAState(state);
}

function appointmentProblem(values: CarrierImportMapping, lookups: Lookups): string | null {
  const problem = npnProblem(values.npn ?? "", "NPN", lookups) ?? stateProblem(values.state ?? "");
  if (problem) return problem;
  const status = values.appointmentStatus ?? "";
  if (status === "") return blankCell("appointment status");
  const known = appointmentStatusOf(status);
  if (!known) return unknownAppointmentStatus(status);
  if (!isoDate(values.effectiveDate ?? "")) return NOT_A_DATE;
  if (known !== "Terminated" && (values.terminationReason ?? "") !== "") return REASON_NOT_TERMINATED;
  return null;
}

function enrollmentProblem(values: CarrierImportMapping, lookups: Lookups): string | null {
  const v = (f: keyof CarrierImportMapping) => values[f] ?? "";
  if (v("confirmationNumber") === "") return blankCell("confirmation number");
  const npn = npnProblem(v("agentNpn"), "writing agent's NPN", lookups);
  if (npn) return npn;
  if (v("memberName") === "") return blankCell("member name");
  if (v("medicareId") === "") return blankCell("Medicare ID");
  if (!medicareIdOf(v("medicareId"))) return NOT_A_MEDICARE_ID;
  if (!isoDate(v("birthDate"))) return notADay("date of birth");
  if (v("planName") === "") return blankCell("plan");
  if (v("planType") === "") return blankCell("plan type");
  if (!planTypeOf(v("planType"))) return unknownPlanType(v("planType"));
  if (contractPbpOf(v("contractPbp")) === null) return NOT_A_CONTRACT_PBP;
  if (v("county") === "") return blankCell("county");
  const state = stateProblem(v("state"));
  if (state) return state;
  if (v("enrollmentStatus") === "") return blankCell("enrollment status");
  const status = enrollmentStatusOf(v("enrollmentStatus"));
  if (!status) return unknownEnrollmentStatus(v("enrollmentStatus"));
  if (!isoDate(v("submittedDate"))) return notADay("submitted date");
  if (v("effectiveDate") !== "" && !isoDate(v("effectiveDate"))) return NOT_A_DATE;
  if (v("terminationDate") !== "" && !isoDate(v("terminationDate"))) return notADay("termination date");
  if (status === "terminated" && v("terminationDate") === "") return TERMINATION_DATE_NEEDED;
  return null;
}

/** `?, ?, …` for a list of `n` values. */
export const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

export type Args = InValue[];
