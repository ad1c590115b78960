/**
 * The carrier imports section's records (issue 24 §1): a carrier's file (CSV) of one kind — ready-to-sell statuses,
 * appointments, policies or enrollments — read with the mapping remembered for the carrier and kind, previewed with each row's problem,
 * written in the background, and its per-row results. Pure types and texts; the upstream contract
 * (contract.server.ts) satisfies them.
 */
import type { ImportState } from "../../../domain/statuses";

export const CARRIER_IMPORT_KINDS = ["rts", "appointments", "policies", "enrollments"] as const;
export type CarrierImportKind = (typeof CARRIER_IMPORT_KINDS)[number];

export const CARRIER_IMPORT_KIND_LABELS: Record<CarrierImportKind, string> = {
  rts: "RTS statuses",
  appointments: "Appointments",
  policies: "Policies",
  enrollments: "Enrollments",
};

/** The fields each kind's rows give, each read from the column the mapping names. */
export const CARRIER_IMPORT_FIELDS = {
  rts: ["npn", "statusCode"],
  appointments: ["npn", "state", "appointmentStatus", "effectiveDate", "terminationReason"],
  policies: ["policyNumber", "agentNpn", "memberName", "product", "status", "effectiveDate"],
  enrollments: [
    "confirmationNumber",
    "agentNpn",
    "memberName",
    "medicareId",
    "birthDate",
    "planName",
    "planType",
    "contractPbp",
    "county",
    "state",
    "enrollmentStatus",
    "submittedDate",
    "effectiveDate",
    "terminationDate",
    "terminationReason",
  ],
} as const satisfies Record<CarrierImportKind, readonly string[]>;
export type CarrierImportField = (typeof CARRIER_IMPORT_FIELDS)[CarrierImportKind][number];
export type CarrierImportMapping = Partial<Record<CarrierImportField, string>>;

export const CARRIER_IMPORT_FIELD_LABELS: Record<CarrierImportField, string> = {
  npn: "Agent NPN",
  statusCode: "RTS status code",
  policyNumber: "Policy number",
  agentNpn: "Writing agent NPN",
  memberName: "Member name",
  product: "Product",
  status: "Policy status",
  effectiveDate: "Effective date",
  state: "State",
  appointmentStatus: "Appointment status",
  terminationReason: "Termination reason",
  confirmationNumber: "Confirmation number",
  medicareId: "Medicare ID",
  birthDate: "Date of birth",
  planName: "Plan",
  planType: "Plan type",
  contractPbp: "Contract–PBP",
  county: "County",
  enrollmentStatus: "Enrollment status",
  submittedDate: "Submitted date",
  terminationDate: "Termination date",
};

/** The columns a carrier's first file of a kind is read with, until a mapping is saved. */
export const DEFAULT_CARRIER_IMPORT_MAPPINGS: Record<CarrierImportKind, CarrierImportMapping> = {
  rts: { npn: "NPN", statusCode: "RTS Status" },
  appointments: {
    npn: "NPN",
    state: "State",
    appointmentStatus: "Appointment Status",
    effectiveDate: "Effective Date",
    terminationReason: "Termination Reason",
  },
  policies: {
    policyNumber: "Policy Number",
    agentNpn: "Agent NPN",
    memberName: "Member",
    product: "Product",
    status: "Status",
    effectiveDate: "Effective Date",
  },
  enrollments: {
    confirmationNumber: "Confirmation Number",
    agentNpn: "Agent NPN",
    memberName: "Member",
    medicareId: "Medicare ID",
    birthDate: "Date of Birth",
    planName: "Plan",
    planType: "Plan Type",
    contractPbp: "Contract PBP",
    county: "County",
    state: "State",
    enrollmentStatus: "Status",
    submittedDate: "Submitted Date",
    effectiveDate: "Effective Date",
    terminationDate: "Termination Date",
    terminationReason: "Termination Reason",
  },
};

/** What an import did with a row. */
export const ROW_OUTCOMES = ["created", "updated", "unchanged", "refused"] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

export const ROW_OUTCOME_LABELS: Record<RowOutcome, string> = {
  created: "Created",
  updated: "Updated",
  unchanged: "Unchanged",
  refused: "Refused",
};

export interface Person {
  userId: number;
  name: string;
}

export interface CarrierImport {
  id: number;
  carrierId: number;
  carrierName: string;
  kind: CarrierImportKind;
  fileName: string;
  status: ImportState;
  /** Why it was refused (failed), or null. */
  problem: string | null;
  rowsRead: number;
  rowsWritten: number;
  /** The file's header row. */
  headers: string[];
  mapping: CarrierImportMapping;
  /** The kind's fields whose column the file lacks: the import waits for a mapping. */
  unmappedFields: CarrierImportField[];
  /** rows read; with problems (refused on import); and once imported, the rows by outcome. */
  counts: { rows: number; problems: number; created: number; updated: number; unchanged: number; refused: number };
  /** The earlier import of the same file (a refused duplicate). */
  duplicateOf: number | null;
  createdBy: Person | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface CarrierImportRow {
  lineNo: number;
  /** The mapped fields' values as the file has them. */
  values: CarrierImportMapping;
  /** The row's problem (the preview's; on import, the reason it was refused). */
  problem: string | null;
  /** What the import did with it (null before the import). */
  outcome: RowOutcome | null;
}

/** The import as the pages name it. */
export const carrierImportTitle = (i: Pick<CarrierImport, "carrierName" | "kind" | "id">) =>
  `${i.carrierName} ${CARRIER_IMPORT_KIND_LABELS[i.kind]} import #${i.id}`;
