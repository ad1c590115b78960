/**
 * The commission statements section's records (issue 23 §1; docs/decisions/029-money.md): a carrier's statement per
 * monthly period, its lines, and a statement file being imported. Pure types and texts; the upstream contract
 * (contract.server.ts) satisfies them. Amounts are integer cents (ADR 028).
 */
import { formatPeriod } from "~/domain/formats";

export const STATEMENT_STATUSES = ["draft", "locked"] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const LINE_KINDS = ["initial", "true_up", "renewal", "chargeback"] as const;
export type LineKind = (typeof LINE_KINDS)[number];

export const LINE_STATES = ["unmatched", "matched", "set_aside"] as const;
export type LineState = (typeof LINE_STATES)[number];

export const KIND_LABELS: Record<LineKind, string> = {
  initial: "Initial",
  true_up: "True-up",
  renewal: "Renewal",
  chargeback: "Chargeback",
};

export const LINE_STATE_LABELS: Record<LineState, string> = {
  unmatched: "Unmatched",
  matched: "Matched",
  set_aside: "Set aside",
};

export interface Person {
  userId: number;
  name: string;
}

export interface AdminCommissionStatement {
  id: number;
  carrierId: number;
  carrierName: string;
  /** YYYY-MM */
  period: string;
  /** YYYY-MM-DD: the date on the carrier's statement. */
  carrierStatementDate: string;
  fileName: string;
  status: StatementStatus;
  lineCount: number;
  /** The matched lines' amounts (what the statement pays), in cents. */
  totalCents: number;
  unmatchedCount: number;
  setAsideCount: number;
  importedBy: Person | null;
  importedAt: string;
  lockedBy: Person | null;
  lockedAt: string | null;
  /** One more at every change of it or its lines (issue 35 §2): the lock carries the version the page showed. */
  version: number;
}

export interface StatementLine {
  id: number;
  /** The line of the carrier's file (1 is the header). */
  lineNo: number;
  policyNumber: string;
  memberName: string;
  kind: LineKind;
  amountCents: number;
  state: LineState;
  /** The policy matched (its number, which may differ from the file's when matched by hand). */
  policy: { id: number; policyNumber: string } | null;
  agent: Person | null;
  /** Who matched it by hand (null: matched on import by its policy number, or not matched). */
  matchedBy: Person | null;
  note: string | null;
}

/** The amounts of a statement's lines by kind (matched lines only: what it pays). */
export interface KindTotal {
  kind: LineKind;
  lineCount: number;
  totalCents: number;
}

/** The fields of a line the carrier's file gives, each read from the column the mapping names. */
export const MAPPING_FIELDS = ["policyNumber", "memberName", "kind", "amount"] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
export type StatementMapping = Record<MappingField, string>;

export const MAPPING_FIELD_LABELS: Record<MappingField, string> = {
  policyNumber: "Policy number",
  memberName: "Member name",
  kind: "Commission type",
  amount: "Amount",
};

export const IMPORT_STATUSES = ["reading", "ready", "importing", "imported", "failed", "discarded"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

export interface StatementImport {
  id: number;
  carrierId: number;
  carrierName: string;
  period: string;
  carrierStatementDate: string;
  fileName: string;
  status: ImportStatus;
  /** Why it failed (failed), or null. */
  problem: string | null;
  rowsRead: number;
  rowsWritten: number;
  /** The statement it became (imported). */
  statementId: number | null;
  /** The file's header row. */
  headers: string[];
  mapping: StatementMapping;
  /** The mapping's fields whose column the file lacks: the import waits for a mapping (ready for mapping). */
  unmappedFields: MappingField[];
  counts: { rows: number; ready: number; problems: number; unmatched: number };
  /** The earlier import of the same file (a refused duplicate). */
  duplicateOf: { statementId: number | null; importId: number | null } | null;
  createdBy: Person | null;
  createdAt: string;
}

export interface ImportRow {
  lineNo: number;
  policyNumber: string;
  memberName: string;
  /** The kind and amount cells as the file has them. */
  kindText: string;
  amountText: string;
  kind: LineKind | null;
  amountCents: number | null;
  /** The policy its number matches; null: the line will wait for reconciliation (not a problem). */
  policyId: number | null;
  problem: string | null;
}

/** The correcting entry a locked statement's change becomes (the payout entries section's new page). */
export function correctionHref(statement: Pick<AdminCommissionStatement, "id" | "period">): string {
  const params = new URLSearchParams({ kind: "correction", period: statement.period, statement: String(statement.id) });
  return `/admin/payout_entries/new?${params.toString()}`;
}

/** The statement's id as the pages name it. */
export const statementTitle = (s: Pick<AdminCommissionStatement, "carrierName" | "period" | "id">) =>
  `${s.carrierName} ${formatPeriod(s.period)} statement #${s.id}`;
