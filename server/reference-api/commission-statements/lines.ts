/**
 * What a row of a carrier's statement file reads as (issue 23 §1): the kind from the carrier's own words, the amount
 * in cents (parseCents), and the row's problem if it cannot become a line. Pure.
 */
import { CENTS_PROBLEM_TEXT, parseCents } from "../../../app/domain/cents.ts";
import type {
  LineKind,
  MappingField,
  StatementMapping,
} from "../../../app/admin/sections/commission_statements/records.ts";
import { MAPPING_FIELDS } from "../../../app/admin/sections/commission_statements/records.ts";

/** The carriers' words for each kind (compared without case, spaces, dashes, dots or underscores). */
const KIND_WORDS: Record<LineKind, readonly string[]> = {
  initial: ["initial", "new", "newbusiness", "firstyear", "fy", "first"],
  true_up: ["trueup"],
  renewal: ["renewal", "ren", "rn"],
  chargeback: ["chargeback", "cb", "reversal"],
};

const KIND_BY_WORD = new Map<string, LineKind>(
  Object.entries(KIND_WORDS).flatMap(([kind, words]) => words.map((w) => [w, kind as LineKind])),
);

/** The kind a carrier's text names ("First Year", "TRUE-UP", "Renewal", "CB", "Reversal"), or null. */
export function kindOf(text: string): LineKind | null {
  const word = text.toLowerCase().replace(/[\s\-_.]+/g, "");
  return KIND_BY_WORD.get(word) ?? null;
}

export const NO_POLICY_NUMBER = "No policy number.";
export const unknownKind = (text: string) =>
  text.trim() === ""
    ? "No commission type."
    : `Unknown commission type “${text.trim().slice(0, 40)}”: use initial, true-up, renewal or chargeback.`;
export const amountProblem = (text: string, problem: string) =>
  text.trim() === "" ? problem : `${problem.replace(/\.$/, "")}: “${text.trim().slice(0, 40)}”.`;
export const POSITIVE_CHARGEBACK = "A chargeback's amount must be negative.";
export const NEGATIVE_PAYMENT = "A negative amount must be a chargeback.";

/** The column of each mapping field in the header row (-1: missing). */
export type Columns = Record<MappingField, number>;

export function columnsOf(headers: readonly string[], mapping: StatementMapping): Columns {
  const index = (name: string) => headers.findIndex((h) => h.trim().toLowerCase() === name.trim().toLowerCase());
  return {
    policyNumber: index(mapping.policyNumber),
    memberName: index(mapping.memberName),
    kind: index(mapping.kind),
    amount: index(mapping.amount),
  };
}

/** The mapping's fields whose column the header row lacks. */
export function unmappedFields(headers: readonly string[], mapping: StatementMapping): MappingField[] {
  const columns = columnsOf(headers, mapping);
  return MAPPING_FIELDS.filter((f) => columns[f] < 0);
}

export interface ReadRow {
  policyNumber: string;
  memberName: string;
  kindText: string;
  amountText: string;
  kind: LineKind | null;
  amountCents: number | null;
  problem: string | null;
}

const cell = (cells: readonly string[], at: number) => (at >= 0 ? (cells[at] ?? "") : "");

/** A row of the file as a line: its values and its first problem (null: it can be imported). */
export function readRow(cells: readonly string[], columns: Columns): ReadRow {
  const policyNumber = cell(cells, columns.policyNumber).trim().slice(0, 60);
  const memberName = cell(cells, columns.memberName).trim().slice(0, 120);
  const kindText = cell(cells, columns.kind).slice(0, 60);
  const amountText = cell(cells, columns.amount).slice(0, 60);
  const kind = kindOf(kindText);
  const amount = parseCents(amountText);
  const amountCents = "cents" in amount ? amount.cents : null;
  let problem: string | null = null;
  if (policyNumber === "") problem = NO_POLICY_NUMBER;
  else if ("problem" in amount) problem = amountProblem(amountText, CENTS_PROBLEM_TEXT[amount.problem]);
  else if (kind === null) problem = unknownKind(kindText);
  else if (kind === "chargeback" && amount.cents > 0) problem = POSITIVE_CHARGEBACK;
  else if (kind !== "chargeback" && amount.cents < 0) problem = NEGATIVE_PAYMENT;
  return { policyNumber, memberName, kindText, amountText, kind, amountCents, problem };
}
