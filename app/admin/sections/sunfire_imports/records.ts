/**
 * The Sunfire imports section's records (issue 24 §5; ADR 034): the quote tool's enrollment export (CSV, Sunfire's
 * fixed columns) read with each row's agent (by NPN) and client (app/domain/sunfire-matching.ts) and its problem,
 * previewed, written in the background — a matched row becomes the agent's Submitted Enrollment, an unmatched one waits
 * to be reconciled by hand — and its per-row results. Pure types and texts; the upstream contract
 * (contract.server.ts) satisfies them.
 */
import type { ImportState } from "../../../domain/statuses";
import type { ClientMatch } from "../../../domain/sunfire-matching";

/** The export's columns (its header, any case) and the field each gives. */
export const SUNFIRE_COLUMNS = {
  agentNpn: "Agent NPN",
  agentName: "Writing Agent",
  carrier: "Carrier",
  plan: "Plan Name",
  planType: "Plan Type",
  contractPbp: "Contract-PBP",
  clientId: "Client ID",
  firstName: "First Name",
  lastName: "Last Name",
  dateOfBirth: "Date of Birth",
  email: "Email",
  phone: "Phone",
  medicareId: "Medicare ID",
  county: "County",
  state: "State",
  status: "Status",
  submittedDate: "Submitted Date",
  effectiveDate: "Effective Date",
  confirmationNumber: "Confirmation Number",
} as const;
export type SunfireField = keyof typeof SUNFIRE_COLUMNS;
export const SUNFIRE_FIELDS = Object.keys(SUNFIRE_COLUMNS) as [SunfireField, ...SunfireField[]];

/** The columns a file must have (the others may be absent: blank). */
export const SUNFIRE_REQUIRED_FIELDS = [
  "agentNpn",
  "carrier",
  "plan",
  "firstName",
  "lastName",
  "status",
  "effectiveDate",
  "confirmationNumber",
] as const satisfies readonly SunfireField[];

export type SunfireValues = Partial<Record<SunfireField, string>>;

/** What an import did with a row: matched (a Submitted Enrollment), unmatched (waits for a person), reconciled (by
 * a person, then a Submitted Enrollment), refused (its problem). */
export const SUNFIRE_ROW_OUTCOMES = ["matched", "unmatched", "reconciled", "refused"] as const;
export type SunfireRowOutcome = (typeof SUNFIRE_ROW_OUTCOMES)[number];

export const SUNFIRE_ROW_OUTCOME_LABELS: Record<SunfireRowOutcome, string> = {
  matched: "Matched",
  unmatched: "Unmatched",
  reconciled: "Reconciled",
  refused: "Refused",
};

export interface Person {
  userId: number;
  name: string;
}

export interface SunfireAgent {
  userId: number;
  name: string;
  npn: string;
}

export interface SunfireImport {
  id: number;
  fileName: string;
  status: ImportState;
  /** Why it was refused (failed), or null. */
  problem: string | null;
  rowsRead: number;
  rowsWritten: number;
  /** rows read; with problems; needing a person (agent or client not matched); once imported, the rows by outcome. */
  counts: {
    rows: number;
    problems: number;
    toReconcile: number;
    matched: number;
    unmatched: number;
    reconciled: number;
    refused: number;
  };
  /** The earlier import of the same file (a refused duplicate). */
  duplicateOf: number | null;
  createdBy: Person | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface SunfireImportRow {
  lineNo: number;
  values: SunfireValues;
  /** The row's problem (why it is, or was, refused), or null. */
  problem: string | null;
  /** The agent by the row's NPN, or null (none: reconciled by hand). */
  agent: SunfireAgent | null;
  /** The client by the rules; after a reconciliation the client chosen. */
  client: ClientMatch;
  outcome: SunfireRowOutcome | null;
  /** The client the enrollment is for once written (matched, new or chosen by a person). */
  clientId: string | null;
  /** The Submitted Enrollment the row became. */
  enrollmentId: number | null;
}

/** A client as the reconcile form shows a candidate. */
export interface SunfireClient {
  id: string;
  name: string;
  dateOfBirth: string | null;
  email: string | null;
  medicareId: string | null;
  phone: string | null;
}

/** The import as the pages name it. */
export const sunfireImportTitle = (i: Pick<SunfireImport, "id">) => `Sunfire import #${i.id}`;

/** The client's name as a row gives it. */
export const rowName = (v: SunfireValues) => `${v.firstName ?? ""} ${v.lastName ?? ""}`.trim() || "(no name)";

/** Whether a row can be imported without a person: agent found and client matched or new. */
export const rowMatched = (r: Pick<SunfireImportRow, "agent" | "client">) =>
  r.agent !== null && r.client.kind !== "ambiguous";
