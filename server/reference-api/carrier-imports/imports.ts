/**
 * Importing a carrier's file (issue 24 §1; docs/upstream-api.md "Carrier imports"), on the file imports' shared parts
 * (core/file-imports/): the body streamed, hashed and read in chunks into carrier_import_rows with each row's
 * problem (rows.ts), previewed; on confirmation written in the background a chunk at a time — each chunk one
 * db.exclusive() turn, so other requests go on between chunks — every row given its outcome (created, updated,
 * unchanged, refused with the reason), rows_written and the counts growing. What it writes is what people see: an RTS
 * file the downline contracts' RTS statuses (/downlines), an appointments file the brokers' appointments (their
 * contracts page in the admin area), a policies file the books of business (policies), an enrollments file the
 * carrier enrollments (admin carrier_enrollments, each row's cells its raw payload).
 */
import type { Readable } from "node:stream";
import type { InStatement, InValue, Row } from "@libsql/client";
import {
  type CarrierImport,
  type CarrierImportKind,
  type CarrierImportMapping,
  type CarrierImportRow,
  CARRIER_IMPORT_KIND_LABELS,
  DEFAULT_CARRIER_IMPORT_MAPPINGS,
  type RowOutcome,
} from "../../../app/admin/sections/carrier_imports/records.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import type { StartOutcome } from "../core/file-imports/http.ts";
import { NOT_IN_PREVIEW, discardStaged } from "../core/file-imports/routes.ts";
import type { FileRow } from "../core/file-imports/read-file.ts";
import {
  type ReadOutcome,
  type StagingTables,
  type WrittenChunk,
  countStaged,
  earlierFile,
  readIntoStaging,
  writeStaged,
} from "../core/file-imports/staging.ts";
import { audit } from "../admin/admin-support.ts";
import { nextId } from "../admin/list-support.ts";
import {
  type Columns,
  type Lookups,
  OTHER_CARRIERS_ENROLLMENT,
  OTHER_CARRIERS_POLICY,
  appointmentStatusOf,
  columnsOf,
  contractPbpOf,
  enrollmentStatusOf,
  isoDate,
  medicareIdOf,
  planTypeOf,
  loadLookups,
  marks,
  noDownlineContract,
  policyStatusOf,
  problemOf,
  unmappedFields,
  valuesOf,
} from "./rows.ts";

/** The most bytes a carrier's file may have. Tests lower it. */
export const CARRIER_IMPORT_LIMITS = { maxBytes: 50 * 1024 * 1024 };

const TABLES: StagingTables = { importsTable: "carrier_imports", rowsTable: "carrier_import_rows", finishedAt: true };

const STAGE_CHUNK = 1000;
const WRITE_CHUNK = 1000;
const ROWS_PER_INSERT = 200;

export const NOT_READY = NOT_IN_PREVIEW;
export const NEEDS_MAPPING = "Choose the file's column for each field first.";

export async function mappingOf(
  db: ReferenceDb,
  carrierId: number,
  kind: CarrierImportKind,
): Promise<CarrierImportMapping> {
  const found = await db.client.execute({
    sql: "SELECT mapping FROM carrier_import_mappings WHERE carrier_id = ? AND kind = ?",
    args: [carrierId, kind],
  });
  const row = found.rows[0];
  return row ? (JSON.parse(String(row.mapping)) as CarrierImportMapping) : DEFAULT_CARRIER_IMPORT_MAPPINGS[kind];
}

const nameOf = (first: unknown, last: unknown) => `${String(first ?? "")} ${String(last ?? "")}`.trim();

export const IMPORT_FROM = `FROM carrier_imports i LEFT JOIN carriers c ON c.id = i.carrier_id
  LEFT JOIN users u ON u.id = i.created_by`;
export const IMPORT_COLUMNS = "i.*, c.name AS carrier_name, u.first_name AS u_first, u.last_name AS u_last";

/** The earlier import of a file with this hash (core/file-imports' earlierFile), or null. */
const earlierImport = async (db: ReferenceDb, sha: string, exceptImport: number) =>
  earlierFile(
    db,
    {
      from: IMPORT_FROM,
      columns: "i.id, i.status, i.created_at, c.name AS carrier_name",
      name: (i) => `${String(i.carrier_name)} import #${Number(i.id)}`,
    },
    sha,
    exceptImport,
  );

export async function importFromRow(db: ReferenceDb, r: Row | Record<string, unknown>): Promise<CarrierImport> {
  const kind = String(r.kind) as CarrierImportKind;
  const headers = JSON.parse(String(r.headers)) as string[];
  const mapping = JSON.parse(String(r.mapping)) as CarrierImportMapping;
  const status = String(r.status) as CarrierImport["status"];
  let duplicateOf: number | null = null;
  if (status === "failed" && r.file_sha256 != null)
    duplicateOf = (await earlierImport(db, String(r.file_sha256), Number(r.id)))?.importId ?? null;
  return {
    id: Number(r.id),
    carrierId: Number(r.carrier_id),
    carrierName: String(r.carrier_name ?? `Carrier ${Number(r.carrier_id)}`),
    kind,
    fileName: String(r.file_name),
    status,
    problem: r.problem == null ? null : String(r.problem),
    rowsRead: Number(r.rows_read),
    rowsWritten: Number(r.rows_written),
    headers,
    mapping,
    unmappedFields: headers.length > 0 ? unmappedFields(kind, headers, mapping) : [],
    counts: {
      rows: Number(r.rows_read),
      problems: Number(r.n_problems),
      created: Number(r.n_created),
      updated: Number(r.n_updated),
      unchanged: Number(r.n_unchanged),
      refused: Number(r.n_refused),
    },
    duplicateOf,
    createdBy: r.created_by == null ? null : { userId: Number(r.created_by), name: nameOf(r.u_first, r.u_last) },
    createdAt: String(r.created_at),
    finishedAt: r.finished_at == null ? null : String(r.finished_at),
  };
}

export async function findImport(db: ReferenceDb, id: number): Promise<CarrierImport | null> {
  const found = await db.client.execute({ sql: `SELECT ${IMPORT_COLUMNS} ${IMPORT_FROM} WHERE i.id = ?`, args: [id] });
  const r = found.rows[0];
  return r ? importFromRow(db, r) : null;
}

/** The rows' query: before the import problems first, after it by line (one outcome only if asked). */
function rowsQuery(record: CarrierImport, outcome: RowOutcome | null) {
  const done = record.status === "imported" || record.status === "importing";
  return {
    sql: `SELECT line_no, cells, problem, outcome FROM carrier_import_rows WHERE import_id = ?
            ${outcome ? "AND outcome = ?" : ""} ORDER BY ${done ? "" : "problem IS NULL, "}line_no`,
    args: outcome ? [record.id, outcome] : [record.id],
  };
}

/**
 * The results CSV's query: every row by its line in the file, whatever the import's state (the preview's order,
 * problems first, is the page's, not the file's).
 */
export function resultsQuery(record: CarrierImport) {
  return {
    sql: "SELECT line_no, cells, problem, outcome FROM carrier_import_rows WHERE import_id = ? ORDER BY line_no",
    args: [record.id],
  };
}

export function rowOf(record: CarrierImport, columns: Columns, r: Row | Record<string, unknown>): CarrierImportRow {
  return {
    lineNo: Number(r.line_no),
    values: valuesOf(record.kind, JSON.parse(String(r.cells)) as string[], columns),
    problem: r.problem == null ? null : String(r.problem),
    outcome: r.outcome == null ? null : (String(r.outcome) as RowOutcome),
  };
}

/** How many rows an import has (of one outcome). */
export const countRows = async (db: ReferenceDb, record: CarrierImport, outcome: RowOutcome | null) =>
  countStaged(db, TABLES, record.id, outcome);

/** A page of an import's rows (rowsQuery's order). */
export async function pageRows(
  db: ReferenceDb,
  record: CarrierImport,
  outcome: RowOutcome | null,
  limit: number,
  offset: number,
): Promise<CarrierImportRow[]> {
  const q = rowsQuery(record, outcome);
  const found = await db.client.execute({ sql: `${q.sql} LIMIT ? OFFSET ?`, args: [...q.args, limit, offset] });
  const columns = columnsOf(record.kind, record.headers, record.mapping);
  return found.rows.map((r) => rowOf(record, columns, r));
}

/** The INSERTs of staged rows, checked with `columns` (null: the mapping is incomplete, nothing checked yet). */
function stageStatements(
  importId: number,
  kind: CarrierImportKind,
  rows: FileRow[],
  columns: Columns | null,
  lookups: Lookups,
): { statements: InStatement[]; problems: number } {
  const statements: InStatement[] = [];
  let problems = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const args: InValue[] = [];
    for (const r of chunk) {
      const problem = columns ? problemOf(kind, valuesOf(kind, r.cells, columns), lookups) : null;
      if (problem) problems++;
      args.push(importId, r.line, JSON.stringify(r.cells), problem);
    }
    statements.push({
      sql: `INSERT INTO carrier_import_rows (import_id, line_no, cells, problem) VALUES ${chunk.map(() => "(?, ?, ?, ?)").join(", ")}`,
      args,
    });
  }
  return { statements, problems };
}

export interface ImportFacts {
  carrierId: number;
  kind: CarrierImportKind;
  fileName: string;
}

/** Creates the import and reads `body` into it (core/file-imports' readIntoStaging; see the module's comment). */
export async function readImport(
  db: ReferenceDb,
  session: SessionRecord,
  facts: ImportFacts,
  body: Readable,
): Promise<ReadOutcome> {
  const mapping = await mappingOf(db, facts.carrierId, facts.kind);
  const lookups = await loadLookups(db, facts.kind, facts.carrierId);
  let columns: Columns | null = null;
  let problems = 0;
  return readIntoStaging(
    db,
    TABLES,
    {
      maxBytes: CARRIER_IMPORT_LIMITS.maxBytes,
      chunkRows: STAGE_CHUNK,
      create: (id, at) => ({
        sql: `INSERT INTO carrier_imports (id, carrier_id, kind, file_name, mapping, status, created_by, created_at,
                updated_at) VALUES (?, ?, ?, ?, ?, 'reading', ?, ?, ?)`,
        args: [id, facts.carrierId, facts.kind, facts.fileName, JSON.stringify(mapping), session.user.userId, at, at],
      }),
      onHeader: (headers) => {
        columns =
          unmappedFields(facts.kind, headers, mapping).length === 0 ? columnsOf(facts.kind, headers, mapping) : null;
      },
      stage: (rows, id) => {
        const staged = stageStatements(id, facts.kind, rows, columns, lookups);
        problems += staged.problems;
        return staged.statements;
      },
      counts: () => ({ n_problems: problems }),
      earlier: async (sha, id) => earlierImport(db, sha, id),
    },
    body,
  );
}

/** Checks an import's staged rows again with a new mapping (remembered for the carrier and kind by the caller). */
export async function remapImport(db: ReferenceDb, record: CarrierImport, mapping: CarrierImportMapping) {
  const columns = columnsOf(record.kind, record.headers, mapping);
  const lookups = await loadLookups(db, record.kind, record.carrierId);
  let problems = 0;
  for (let after = 0; ;) {
    const found = await db.client.execute({
      sql: "SELECT line_no, cells FROM carrier_import_rows WHERE import_id = ? AND line_no > ? ORDER BY line_no LIMIT ?",
      args: [record.id, after, STAGE_CHUNK],
    });
    if (found.rows.length === 0) break;
    const rows = found.rows.map((r) => ({ line: Number(r.line_no), cells: JSON.parse(String(r.cells)) as string[] }));
    const last = rows[rows.length - 1]?.line ?? after;
    const staged = stageStatements(record.id, record.kind, rows, columns, lookups);
    problems += staged.problems;
    await db.client.batch(
      [
        {
          sql: "DELETE FROM carrier_import_rows WHERE import_id = ? AND line_no > ? AND line_no <= ?",
          args: [record.id, after, last],
        },
        ...staged.statements,
      ],
      "write",
    );
    after = last;
  }
  await db.client.execute({
    sql: "UPDATE carrier_imports SET mapping = ?, n_problems = ?, updated_at = ? WHERE id = ?",
    args: [JSON.stringify(mapping), problems, new Date().toISOString(), record.id],
  });
}

interface Applied {
  lineNo: number;
  outcome: RowOutcome;
  problem: string | null;
}

/** An RTS file's chunk: each row's agent's contract with the carrier given the row's status. */
function applyRts(
  rows: Array<{ lineNo: number; values: CarrierImportMapping }>,
  carrierId: number,
  lookups: Lookups,
): { statements: InStatement[]; applied: Applied[] } {
  const statements: InStatement[] = [];
  const applied: Applied[] = [];
  for (const { lineNo, values } of rows) {
    const npn = values.npn ?? "";
    const statusId = lookups.statusByName.get((values.statusCode ?? "").toLowerCase());
    const nodes = (lookups.nodesByNpn.get(npn) ?? []).filter((n) => lookups.contractOf.has(n));
    if (statusId === undefined || nodes.length === 0) {
      applied.push({ lineNo, outcome: "refused", problem: noDownlineContract(npn, lookups.carrierName) });
      continue;
    }
    const changed = nodes.filter((n) => lookups.contractOf.get(n) !== statusId);
    if (changed.length === 0) {
      applied.push({ lineNo, outcome: "unchanged", problem: null });
      continue;
    }
    for (const n of changed) lookups.contractOf.set(n, statusId);
    statements.push({
      sql: `UPDATE downline_contracts SET rts_status_id = ? WHERE carrier_id = ? AND npn_id IN (${marks(changed.length)})`,
      args: [statusId, carrierId, ...changed],
    });
    applied.push({ lineNo, outcome: "updated", problem: null });
  }
  return { statements, applied };
}

interface PolicyNow {
  id: number;
  userId: number;
  memberName: string;
  status: string;
  carrierProductId: number;
  effectiveDate: string;
  carrierId: number;
}

/** A policies file's chunk: each policy (by number) created, or updated where the file says otherwise. */
async function applyPolicies(
  db: ReferenceDb,
  rows: Array<{ lineNo: number; values: CarrierImportMapping }>,
  carrierId: number,
  lookups: Lookups,
  nextPolicyId: () => number,
): Promise<{ statements: InStatement[]; applied: Applied[] }> {
  const numbers = [...new Set(rows.map((r) => r.values.policyNumber ?? ""))];
  const existing = new Map<string, PolicyNow>();
  for (let i = 0; i < numbers.length; i += 500) {
    const chunk = numbers.slice(i, i + 500);
    const found = await db.client.execute({
      sql: `SELECT p.*, cp.carrier_id FROM policies p LEFT JOIN carrier_products cp ON cp.id = p.carrier_product_id
            WHERE p.policy_number IN (${marks(chunk.length)})`,
      args: chunk,
    });
    for (const r of found.rows)
      existing.set(String(r.policy_number), {
        id: Number(r.id),
        userId: Number(r.user_id),
        memberName: String(r.member_name),
        status: String(r.status),
        carrierProductId: Number(r.carrier_product_id),
        effectiveDate: String(r.effective_date),
        carrierId: Number(r.carrier_id),
      });
  }
  const statements: InStatement[] = [];
  const applied: Applied[] = [];
  const inserts: InValue[][] = [];
  for (const { lineNo, values } of rows) {
    const number = values.policyNumber ?? "";
    const wanted = {
      userId: lookups.userByNpn.get(values.agentNpn ?? "") ?? 0,
      memberName: values.memberName ?? "",
      status: policyStatusOf(values.status ?? "") ?? "Active",
      carrierProductId: lookups.productByName.get((values.product ?? "").toLowerCase()) ?? 0,
      effectiveDate: isoDate(values.effectiveDate ?? "") ?? "",
    };
    const now = existing.get(number);
    if (!now) {
      const id = nextPolicyId();
      inserts.push([
        id,
        wanted.userId,
        wanted.memberName,
        wanted.status,
        wanted.carrierProductId,
        wanted.effectiveDate,
        number,
      ]);
      existing.set(number, { id, ...wanted, carrierId });
      applied.push({ lineNo, outcome: "created", problem: null });
      continue;
    }
    if (now.carrierId !== carrierId) {
      applied.push({ lineNo, outcome: "refused", problem: OTHER_CARRIERS_POLICY });
      continue;
    }
    const same =
      now.userId === wanted.userId &&
      now.memberName === wanted.memberName &&
      now.status === wanted.status &&
      now.carrierProductId === wanted.carrierProductId &&
      now.effectiveDate === wanted.effectiveDate;
    if (same) {
      applied.push({ lineNo, outcome: "unchanged", problem: null });
      continue;
    }
    statements.push({
      sql: `UPDATE policies SET user_id = ?, member_name = ?, status = ?, carrier_product_id = ?, effective_date = ?
            WHERE id = ?`,
      args: [wanted.userId, wanted.memberName, wanted.status, wanted.carrierProductId, wanted.effectiveDate, now.id],
    });
    existing.set(number, { ...now, ...wanted });
    applied.push({ lineNo, outcome: "updated", problem: null });
  }
  for (let i = 0; i < inserts.length; i += ROWS_PER_INSERT) {
    const chunk = inserts.slice(i, i + ROWS_PER_INSERT);
    statements.unshift({
      sql: `INSERT INTO policies (id, user_id, member_name, status, carrier_product_id, effective_date, policy_number)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flat(),
    });
  }
  return { statements, applied };
}

type ChunkRows = Array<{ lineNo: number; values: CarrierImportMapping; raw: Record<string, string> }>;

interface AppointmentNow {
  id: number | null;
  status: string;
  effectiveDate: string;
  terminationReason: string | null;
}

/** An appointments file's chunk: each broker's appointment with the carrier in the row's state created or updated. */
async function applyAppointments(
  db: ReferenceDb,
  importId: number,
  rows: ChunkRows,
  carrierId: number,
  lookups: Lookups,
): Promise<{ statements: InStatement[]; applied: Applied[] }> {
  const found = await db.client.execute({
    sql: "SELECT id, user_id, state, status, effective_date, termination_reason FROM carrier_appointments WHERE carrier_id = ?",
    args: [carrierId],
  });
  const existing = new Map<string, AppointmentNow>();
  for (const r of found.rows)
    existing.set(`${Number(r.user_id)}:${String(r.state)}`, {
      id: Number(r.id),
      status: String(r.status),
      effectiveDate: String(r.effective_date),
      terminationReason: r.termination_reason == null ? null : String(r.termination_reason),
    });
  const statements: InStatement[] = [];
  const applied: Applied[] = [];
  const at = new Date().toISOString();
  for (const { lineNo, values } of rows) {
    const userId = lookups.userByNpn.get(values.npn ?? "") ?? 0;
    const state = (values.state ?? "").toUpperCase();
    const key = `${userId}:${state}`;
    const wanted = {
      status: appointmentStatusOf(values.appointmentStatus ?? "") ?? "Pending",
      effectiveDate: isoDate(values.effectiveDate ?? "") ?? "",
      terminationReason: (values.terminationReason ?? "") === "" ? null : (values.terminationReason ?? null),
    };
    const now = existing.get(key);
    if (
      now &&
      now.status === wanted.status &&
      now.effectiveDate === wanted.effectiveDate &&
      now.terminationReason === wanted.terminationReason
    ) {
      applied.push({ lineNo, outcome: "unchanged", problem: null });
      continue;
    }
    statements.push({
      sql: `INSERT INTO carrier_appointments (user_id, carrier_id, state, status, effective_date, termination_reason,
              import_id, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (user_id, carrier_id, state) DO UPDATE SET status = excluded.status,
              effective_date = excluded.effective_date, termination_reason = excluded.termination_reason,
              import_id = excluded.import_id, updated_at = excluded.updated_at`,
      args: [userId, carrierId, state, wanted.status, wanted.effectiveDate, wanted.terminationReason, importId, at],
    });
    existing.set(key, { id: now?.id ?? null, ...wanted });
    applied.push({ lineNo, outcome: now ? "updated" : "created", problem: null });
  }
  return { statements, applied };
}

/** The enrollment record's columns a row gives (what "unchanged" compares; the raw payload and dates received aside). */
const ENROLLMENT_COLUMNS = [
  "user_id",
  "writing_agent",
  "writing_agent_npn",
  "plan_name",
  "plan_type",
  "contract_pbp",
  "client_name",
  "client_id",
  "client_dob",
  "county",
  "state",
  "status",
  "submitted_on",
  "effective_on",
  "terminated_on",
  "termination_reason",
] as const;

function enrollmentOf(
  values: CarrierImportMapping,
  lookups: Lookups,
): Record<(typeof ENROLLMENT_COLUMNS)[number], InValue> {
  const v = (f: keyof CarrierImportMapping) => values[f] ?? "";
  const userId = lookups.userByNpn.get(v("agentNpn")) ?? null;
  const pbp = contractPbpOf(v("contractPbp"));
  return {
    user_id: userId,
    writing_agent: (userId != null ? lookups.nameOfUser.get(userId) : undefined) ?? v("agentNpn"),
    writing_agent_npn: v("agentNpn"),
    plan_name: v("planName"),
    plan_type: planTypeOf(v("planType")) ?? v("planType"),
    contract_pbp: pbp ? pbp : null,
    client_name: v("memberName"),
    client_id: medicareIdOf(v("medicareId")) ?? v("medicareId"),
    client_dob: isoDate(v("birthDate")) ?? "",
    county: v("county"),
    state: v("state").toUpperCase(),
    status: enrollmentStatusOf(v("enrollmentStatus")) ?? "submitted",
    submitted_on: isoDate(v("submittedDate")) ?? "",
    effective_on: isoDate(v("effectiveDate")),
    terminated_on: isoDate(v("terminationDate")),
    termination_reason: v("terminationReason") === "" ? null : v("terminationReason"),
  };
}

/**
 * An enrollments file's chunk: each enrollment (by confirmation number) created, or updated where the file says
 * otherwise; the row's cells, named by the file's headers, are the record's raw payload.
 */
async function applyEnrollments(
  db: ReferenceDb,
  rows: ChunkRows,
  carrierId: number,
  lookups: Lookups,
  nextEnrollmentId: () => number,
): Promise<{ statements: InStatement[]; applied: Applied[] }> {
  const numbers = [...new Set(rows.map((r) => r.values.confirmationNumber ?? ""))];
  const existing = new Map<string, Record<string, unknown>>();
  for (let i = 0; i < numbers.length; i += 500) {
    const chunk = numbers.slice(i, i + 500);
    const found = await db.client.execute({
      sql: `SELECT * FROM carrier_enrollments WHERE confirmation_number IN (${marks(chunk.length)})`,
      args: chunk,
    });
    for (const r of found.rows) existing.set(String(r.confirmation_number), { ...r });
  }
  const statements: InStatement[] = [];
  const applied: Applied[] = [];
  const at = new Date().toISOString();
  for (const { lineNo, values, raw } of rows) {
    const number = values.confirmationNumber ?? "";
    const wanted = enrollmentOf(values, lookups);
    const payload = JSON.stringify(raw, null, 2);
    const now = existing.get(number);
    if (!now) {
      const id = nextEnrollmentId();
      statements.push({
        sql: `INSERT INTO carrier_enrollments (id, carrier_id, ${ENROLLMENT_COLUMNS.join(", ")}, status_updated_at,
                confirmation_number, received_at, raw_payload) VALUES (?, ?, ${marks(ENROLLMENT_COLUMNS.length)}, ?, ?, ?, ?)`,
        args: [id, carrierId, ...ENROLLMENT_COLUMNS.map((c) => wanted[c]), at, number, at, payload],
      });
      existing.set(number, { ...wanted, id, carrier_id: carrierId });
      applied.push({ lineNo, outcome: "created", problem: null });
      continue;
    }
    if (Number(now.carrier_id) !== carrierId) {
      applied.push({ lineNo, outcome: "refused", problem: OTHER_CARRIERS_ENROLLMENT });
      continue;
    }
    const same = ENROLLMENT_COLUMNS.every((c) => (now[c] ?? null) === (wanted[c] ?? null));
    if (same) {
      applied.push({ lineNo, outcome: "unchanged", problem: null });
      continue;
    }
    const statusChanged = now.status !== wanted.status;
    statements.push({
      sql: `UPDATE carrier_enrollments SET ${ENROLLMENT_COLUMNS.map((c) => `${c} = ?`).join(", ")},
              status_updated_at = ${statusChanged ? "?" : "status_updated_at"}, received_at = ?, raw_payload = ?
            WHERE id = ?`,
      args: [...ENROLLMENT_COLUMNS.map((c) => wanted[c]), ...(statusChanged ? [at] : []), at, payload, Number(now.id)],
    });
    existing.set(number, { ...now, ...wanted });
    applied.push({ lineNo, outcome: "updated", problem: null });
  }
  return { statements, applied };
}

/** The statements giving rows their outcomes: one per outcome (refused rows one each, with the reason). */
function outcomeStatements(importId: number, applied: Applied[]): InStatement[] {
  const statements: InStatement[] = [];
  for (const outcome of ["created", "updated", "unchanged"] as const) {
    const lines = applied.filter((a) => a.outcome === outcome).map((a) => a.lineNo);
    for (let i = 0; i < lines.length; i += 500) {
      const chunk = lines.slice(i, i + 500);
      statements.push({
        sql: `UPDATE carrier_import_rows SET outcome = ? WHERE import_id = ? AND line_no IN (${marks(chunk.length)})`,
        args: [outcome, importId, ...chunk],
      });
    }
  }
  for (const a of applied)
    if (a.outcome === "refused")
      statements.push({
        sql: "UPDATE carrier_import_rows SET outcome = 'refused', problem = ? WHERE import_id = ? AND line_no = ?",
        args: [a.problem, importId, a.lineNo],
      });
  return statements;
}

/**
 * Writes a ready import (core/file-imports' writeStaged; see the module's comment). The rows with a problem are
 * refused with it; the others applied a chunk at a time.
 */
export async function confirmImport(
  db: ReferenceDb,
  session: SessionRecord,
  id: number,
  onStart: (outcome: StartOutcome) => void,
): Promise<void> {
  const counts = { created: 0, updated: 0, unchanged: 0, refused: 0 };
  return writeStaged<CarrierImport>(db, TABLES, id, onStart, {
    find: async (one) => findImport(db, one),
    refusal: (record) => (record.unmappedFields.length > 0 ? NEEDS_MAPPING : null),
    counters: ["n_created", "n_updated", "n_unchanged", "n_refused"],
    counts: () => ({
      n_created: counts.created,
      n_updated: counts.updated,
      n_unchanged: counts.unchanged,
      n_refused: counts.refused,
    }),
    prepare: async (record) => {
      const lookups = await loadLookups(db, record.kind, record.carrierId);
      const columns = columnsOf(record.kind, record.headers, record.mapping);
      // Rows with a problem are refused with it, as they are.
      const refused = await db.client.execute({
        sql: "SELECT COUNT(*) AS n FROM carrier_import_rows WHERE import_id = ? AND problem IS NOT NULL",
        args: [id],
      });
      counts.refused = Number(refused.rows[0]?.n ?? 0);
      await db.client.execute({
        sql: "UPDATE carrier_import_rows SET outcome = 'refused' WHERE import_id = ? AND problem IS NOT NULL",
        args: [id],
      });
      let policyId = record.kind === "policies" ? await nextId(db, "policies") : 0;
      let enrollmentId = record.kind === "enrollments" ? await nextId(db, "carrier_enrollments") : 0;
      const chunk = async (after: number): Promise<WrittenChunk | null> => {
        const found = await db.client.execute({
          sql: `SELECT line_no, cells FROM carrier_import_rows WHERE import_id = ? AND problem IS NULL AND line_no > ?
                  ORDER BY line_no LIMIT ?`,
          args: [id, after, WRITE_CHUNK],
        });
        if (found.rows.length === 0) return null;
        const rows = found.rows.map((r) => {
          const cells = JSON.parse(String(r.cells)) as string[];
          return {
            lineNo: Number(r.line_no),
            values: valuesOf(record.kind, cells, columns),
            raw: Object.fromEntries(record.headers.map((h, i) => [h, cells[i] ?? ""])),
          };
        });
        if (record.kind === "policies") policyId = Math.max(policyId, await nextId(db, "policies"));
        if (record.kind === "enrollments")
          enrollmentId = Math.max(enrollmentId, await nextId(db, "carrier_enrollments"));
        const { statements, applied } =
          record.kind === "rts"
            ? applyRts(rows, record.carrierId, lookups)
            : record.kind === "appointments"
              ? await applyAppointments(db, id, rows, record.carrierId, lookups)
              : record.kind === "enrollments"
                ? await applyEnrollments(db, rows, record.carrierId, lookups, () => enrollmentId++)
                : await applyPolicies(db, rows, record.carrierId, lookups, () => policyId++);
        for (const a of applied) counts[a.outcome]++;
        return {
          statements: [...statements, ...outcomeStatements(id, applied)],
          rows: rows.length,
          last: rows[rows.length - 1]?.lineNo ?? after,
        };
      };
      return { written: counts.refused, chunk };
    },
    finished: (record, at) =>
      audit(session, {
        resource: "carrier_imports",
        recordId: id,
        action: "imported",
        changes: (["created", "updated", "unchanged", "refused"] as const).map((o) => ({
          field: o,
          from: null,
          to: String(counts[o]),
        })),
        note: `${record.fileName} (${CARRIER_IMPORT_KIND_LABELS[record.kind]}, ${record.carrierName})`,
        at,
      }),
  });
}

export const discardImport = async (db: ReferenceDb, id: number) =>
  discardStaged(db, id, { find: async (i) => findImport(db, i), ...TABLES });
