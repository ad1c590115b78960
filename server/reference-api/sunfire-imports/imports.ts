/**
 * Importing Sunfire's enrollment export (issue 24 §5; ADR 034; docs/upstream-api.md "Sunfire imports"), on the file
 * imports' shared parts (core/file-imports/): the body streamed, hashed and read in chunks into sunfire_import_rows
 * with each row's problem, agent and client (rows.ts), previewed; on confirmation written in the background a chunk
 * at a time (each chunk one db.exclusive() turn): a row with a problem is refused with it, a matched row becomes its
 * agent's Submitted Enrollment (its client matched, or made from the row), the others wait to be reconciled by hand
 * (reconcileRow), which makes them Submitted Enrollments of the agent and client a person chose.
 */
import { discardStaged } from "../core/file-imports/routes.ts";
import type { Readable } from "node:stream";
import type { InStatement, InValue, Row } from "@libsql/client";
import {
  type SunfireAgent,
  type SunfireClient,
  type SunfireImport,
  type SunfireImportRow,
  type SunfireRowOutcome,
  type SunfireValues,
  rowMatched,
} from "../../../app/admin/sections/sunfire_imports/records.ts";
import { type ClientMatch, addToIndex, normalMedicareId } from "../../../app/domain/sunfire-matching.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import type { StartOutcome } from "../core/file-imports/http.ts";
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
import { isoDate } from "../carrier-imports/rows.ts";
import {
  type Columns,
  type Lookups,
  checkRow,
  columnsOf,
  loadLookups,
  missingColumns,
  missingOf,
  statusOf,
  valuesOf,
} from "./rows.ts";

/** The most bytes a Sunfire export may have. Tests lower it. */
export const SUNFIRE_IMPORT_LIMITS = { maxBytes: 50 * 1024 * 1024 };

const TABLES: StagingTables = { importsTable: "sunfire_imports", rowsTable: "sunfire_import_rows", finishedAt: true };

const STAGE_CHUNK = 1000;
const WRITE_CHUNK = 1000;
const ROWS_PER_INSERT = 100;

export const NOT_UNMATCHED = "This row is not waiting to be reconciled.";
export const NOT_AN_AGENT = "Choose one of the agents.";
export const NOT_A_CLIENT = "Choose one of the clients, or a new client.";

const nameOf = (first: unknown, last: unknown) => `${String(first ?? "")} ${String(last ?? "")}`.trim();

export const IMPORT_FROM = "FROM sunfire_imports i LEFT JOIN users u ON u.id = i.created_by";
export const IMPORT_COLUMNS = "i.*, u.first_name AS u_first, u.last_name AS u_last";

/** The earlier import of a file with this hash (core/file-imports' earlierFile), or null. */
const earlierImport = async (db: ReferenceDb, sha: string, exceptImport: number) =>
  earlierFile(
    db,
    { from: IMPORT_FROM, columns: "i.id, i.status, i.created_at", name: (i) => `Sunfire import #${Number(i.id)}` },
    sha,
    exceptImport,
  );

export async function importFromRow(db: ReferenceDb, r: Row | Record<string, unknown>): Promise<SunfireImport> {
  const status = String(r.status) as SunfireImport["status"];
  let duplicateOf: number | null = null;
  if (status === "failed" && r.file_sha256 != null)
    duplicateOf = (await earlierImport(db, String(r.file_sha256), Number(r.id)))?.importId ?? null;
  return {
    id: Number(r.id),
    fileName: String(r.file_name),
    status,
    problem: r.problem == null ? null : String(r.problem),
    rowsRead: Number(r.rows_read),
    rowsWritten: Number(r.rows_written),
    counts: {
      rows: Number(r.rows_read),
      problems: Number(r.n_problems),
      toReconcile: Number(r.n_to_reconcile),
      matched: Number(r.n_matched),
      unmatched: Number(r.n_unmatched),
      reconciled: Number(r.n_reconciled),
      refused: Number(r.n_refused),
    },
    duplicateOf,
    createdBy: r.created_by == null ? null : { userId: Number(r.created_by), name: nameOf(r.u_first, r.u_last) },
    createdAt: String(r.created_at),
    finishedAt: r.finished_at == null ? null : String(r.finished_at),
  };
}

export async function findImport(db: ReferenceDb, id: number): Promise<SunfireImport | null> {
  const found = await db.client.execute({ sql: `SELECT ${IMPORT_COLUMNS} ${IMPORT_FROM} WHERE i.id = ?`, args: [id] });
  const r = found.rows[0];
  return r ? importFromRow(db, r) : null;
}

const ROW_COLUMNS = `r.line_no, r.cells, r.problem, r.agent_user_id, r.client_match, r.outcome, r.client_id,
  r.enrollment_id, a.first_name AS a_first, a.last_name AS a_last, a.npn_number AS a_npn`;
const ROW_FROM = "FROM sunfire_import_rows r LEFT JOIN users a ON a.id = r.agent_user_id";

/** The rows' query: before the import problems first, then those needing a person; after it by line. */
function rowsQuery(record: SunfireImport, outcome: SunfireRowOutcome | null) {
  const done = record.status === "imported" || record.status === "importing";
  return {
    sql: `SELECT ${ROW_COLUMNS} ${ROW_FROM} WHERE r.import_id = ? ${outcome ? "AND r.outcome = ?" : ""}
            ORDER BY ${done ? "" : 'r.problem IS NULL, (r.agent_user_id IS NOT NULL AND r.client_match NOT LIKE \'{"kind":"ambiguous"%\'), '}r.line_no`,
    args: outcome ? [record.id, outcome] : [record.id],
  };
}

/**
 * The results CSV's query: every row by its line in the file, whatever the import's state (the preview's order,
 * problems first, is the page's, not the file's). `line_no` is an INTEGER: 10 comes after 9.
 */
export function resultsQuery(record: SunfireImport) {
  return {
    sql: `SELECT ${ROW_COLUMNS} ${ROW_FROM} WHERE r.import_id = ? ORDER BY r.line_no`,
    args: [record.id],
  };
}

export function rowOf(r: Row | Record<string, unknown>): SunfireImportRow {
  return {
    lineNo: Number(r.line_no),
    values: JSON.parse(String(r.cells)) as SunfireValues,
    problem: r.problem == null ? null : String(r.problem),
    agent:
      r.agent_user_id == null
        ? null
        : { userId: Number(r.agent_user_id), name: nameOf(r.a_first, r.a_last), npn: String(r.a_npn ?? "") },
    client: JSON.parse(String(r.client_match)) as ClientMatch,
    outcome: r.outcome == null ? null : (String(r.outcome) as SunfireRowOutcome),
    clientId: r.client_id == null ? null : String(r.client_id),
    enrollmentId: r.enrollment_id == null ? null : Number(r.enrollment_id),
  };
}

/** How many rows an import has (of one outcome). */
export const countRows = async (db: ReferenceDb, record: SunfireImport, outcome: SunfireRowOutcome | null) =>
  countStaged(db, TABLES, record.id, outcome);

/** A page of an import's rows (rowsQuery's order). */
export async function pageRows(
  db: ReferenceDb,
  record: SunfireImport,
  outcome: SunfireRowOutcome | null,
  limit: number,
  offset: number,
): Promise<SunfireImportRow[]> {
  const q = rowsQuery(record, outcome);
  const found = await db.client.execute({ sql: `${q.sql} LIMIT ? OFFSET ?`, args: [...q.args, limit, offset] });
  return found.rows.map(rowOf);
}

export async function findRow(db: ReferenceDb, importId: number, line: number): Promise<SunfireImportRow | null> {
  const found = await db.client.execute({
    sql: `SELECT ${ROW_COLUMNS} ${ROW_FROM} WHERE r.import_id = ? AND r.line_no = ?`,
    args: [importId, line],
  });
  const r = found.rows[0];
  return r ? rowOf(r) : null;
}

/** The agents a person may choose for a row (agents and agencies with an NPN), by name. */
export async function agentChoices(db: ReferenceDb): Promise<Array<{ value: string; label: string }>> {
  const found = await db.client.execute(
    `SELECT id, first_name, last_name, npn_number FROM users WHERE role IN ('Agent', 'Agency') AND npn_number IS NOT NULL
       ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, id`,
  );
  return found.rows.map((r) => ({
    value: String(r.id),
    label: `${String(r.last_name)}, ${String(r.first_name)} (NPN ${String(r.npn_number)})`,
  }));
}

export async function clientsById(db: ReferenceDb, ids: string[]): Promise<SunfireClient[]> {
  if (ids.length === 0) return [];
  const found = await db.client.execute({
    sql: `SELECT * FROM sunfire_clients WHERE id IN (${ids.map(() => "?").join(", ")}) ORDER BY id`,
    args: ids,
  });
  return found.rows.map((r) => ({
    id: String(r.id),
    name: nameOf(r.first_name, r.last_name),
    dateOfBirth: r.date_of_birth == null ? null : String(r.date_of_birth),
    email: r.email == null ? null : String(r.email),
    medicareId: r.medicare_id == null ? null : String(r.medicare_id),
    phone: r.phone == null ? null : String(r.phone),
  }));
}

/** The clients a row's rules found (one matched, or the ambiguous ones). */
export const candidateIds = (row: SunfireImportRow): string[] =>
  row.client.kind === "matched" ? [row.client.clientId] : row.client.kind === "ambiguous" ? row.client.candidates : [];

function stageStatements(importId: number, rows: FileRow[], columns: Columns, lookups: Lookups) {
  const statements: InStatement[] = [];
  let problems = 0;
  let toReconcile = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const args: InValue[] = [];
    for (const r of chunk) {
      const values = valuesOf(r.cells, columns);
      const checked = checkRow(values, lookups, r.line);
      if (checked.problem) problems++;
      else if (!rowMatched(checked)) toReconcile++;
      args.push(
        importId,
        r.line,
        JSON.stringify(values),
        checked.problem,
        checked.agent?.userId ?? null,
        JSON.stringify(checked.client),
      );
    }
    statements.push({
      sql: `INSERT INTO sunfire_import_rows (import_id, line_no, cells, problem, agent_user_id, client_match)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?)").join(", ")}`,
      args,
    });
  }
  return { statements, problems, toReconcile };
}

/** Creates the import and reads `body` into it (core/file-imports' readIntoStaging; see the module's comment). */
export async function readImport(
  db: ReferenceDb,
  session: SessionRecord,
  facts: { fileName: string },
  body: Readable,
): Promise<ReadOutcome> {
  const lookups = await loadLookups(db);
  let columns: Columns = {};
  let missing: string[] = [];
  let problems = 0;
  let toReconcile = 0;
  return readIntoStaging(
    db,
    TABLES,
    {
      maxBytes: SUNFIRE_IMPORT_LIMITS.maxBytes,
      chunkRows: STAGE_CHUNK,
      create: (id, at) => ({
        sql: `INSERT INTO sunfire_imports (id, file_name, status, created_by, created_at, updated_at)
            VALUES (?, ?, 'reading', ?, ?, ?)`,
        args: [id, facts.fileName, session.user.userId, at, at],
      }),
      onHeader: (headers) => {
        columns = columnsOf(headers);
        missing = missingOf(columns);
      },
      stage: (rows, id) => {
        // A file without Sunfire's columns is refused whole once read (its rows are not staged).
        if (missing.length > 0) return [];
        const staged = stageStatements(id, rows, columns, lookups);
        problems += staged.problems;
        toReconcile += staged.toReconcile;
        return staged.statements;
      },
      counts: () => ({ n_problems: problems, n_to_reconcile: toReconcile }),
      refusal: () => (missing.length > 0 ? missingColumns(missing) : null),
      earlier: async (sha, id) => earlierImport(db, sha, id),
    },
    body,
  );
}

/** The client a row makes: the row's client id when it has one no client has, else one of the import's own. */
function newClient(importId: number, line: number, values: SunfireValues, taken: (id: string) => boolean) {
  const own = (values.clientId ?? "").trim();
  const id = own !== "" && own.length <= 40 && !taken(own) ? own : `SF-${importId}-${line}`;
  return {
    id,
    firstName: values.firstName ?? "",
    lastName: values.lastName ?? "",
    email: (values.email ?? "") || null,
    dateOfBirth: isoDate(values.dateOfBirth ?? ""),
    medicareId: normalMedicareId(values.medicareId) || null,
    phone: (values.phone ?? "") || null,
  };
}

type NewClient = ReturnType<typeof newClient>;

const clientInsert = (c: NewClient, at: string): InStatement => ({
  sql: `INSERT INTO sunfire_clients (id, first_name, last_name, email, date_of_birth, medicare_id, phone, created_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  args: [c.id, c.firstName, c.lastName, c.email, c.dateOfBirth, c.medicareId, c.phone, at],
});

/** The Submitted Enrollment a row becomes, for its agent and client. */
function enrollmentInsert(
  enrollmentId: number,
  values: SunfireValues,
  agent: SunfireAgent,
  clientId: string,
  lookups: Lookups,
  at: string,
): InStatement {
  const carrierId = lookups.carrierByName.get(values.carrier ?? "") ?? 0;
  const plan = lookups.plans.get(carrierId)?.get(values.plan ?? "");
  const submitted = isoDate(values.submittedDate ?? "");
  lookups.submitted.add(`${carrierId}|${values.confirmationNumber ?? ""}`);
  return {
    sql: `INSERT INTO submitted_enrollments (id, user_id, writing_agent, writing_agent_npn, confirmation_number,
            member_name, plan_name, product_name, carrier_id, effective_date, status, submitted_at, client_id)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      enrollmentId,
      agent.userId,
      agent.name,
      agent.npn,
      values.confirmationNumber ?? "",
      `${values.firstName ?? ""} ${values.lastName ?? ""}`.trim(),
      values.plan ?? "",
      plan?.productName ?? "",
      carrierId,
      isoDate(values.effectiveDate ?? "") ?? "",
      statusOf(values.status ?? "") ?? "Submitted",
      submitted ? `${submitted}T12:00:00.000Z` : at,
      clientId,
    ],
  };
}

/** The clients' ids (lower case): a new client's id must be none of them. */
async function clientTaken(db: ReferenceDb) {
  const found = await db.client.execute("SELECT id FROM sunfire_clients");
  return new Set(found.rows.map((r) => String(r.id).toLowerCase()));
}

/**
 * Writes a ready import (core/file-imports' writeStaged; see the module's comment). Each row is checked and matched
 * again as it is written: an earlier row may have made its client.
 */
export async function confirmImport(
  db: ReferenceDb,
  session: SessionRecord,
  id: number,
  onStart: (outcome: StartOutcome) => void,
): Promise<void> {
  const counts = { matched: 0, unmatched: 0, refused: 0 };
  return writeStaged(db, TABLES, id, onStart, {
    find: async (one) => findImport(db, one),
    counters: ["n_matched", "n_unmatched", "n_reconciled", "n_refused"],
    counts: () => ({ n_matched: counts.matched, n_unmatched: counts.unmatched, n_refused: counts.refused }),
    prepare: async () => {
      const lookups = await loadLookups(db);
      const taken = await clientTaken(db);
      return { chunk: async (after) => writeChunk(db, id, after, { lookups, taken, counts }) };
    },
    finished: (record, at) =>
      audit(session, {
        resource: "sunfire_imports",
        recordId: id,
        action: "imported",
        changes: (["matched", "unmatched", "refused"] as const).map((o) => ({
          field: o,
          from: null,
          to: String(counts[o]),
        })),
        note: record.fileName,
        at,
      }),
  });
}

/** The rows after line `after` written (one chunk): refused, waiting to be reconciled, or Submitted Enrollments. */
async function writeChunk(
  db: ReferenceDb,
  id: number,
  after: number,
  {
    lookups,
    taken,
    counts,
  }: { lookups: Lookups; taken: Set<string>; counts: Record<"matched" | "unmatched" | "refused", number> },
): Promise<WrittenChunk | null> {
  const found = await db.client.execute({
    sql: "SELECT line_no, cells, problem FROM sunfire_import_rows WHERE import_id = ? AND line_no > ? ORDER BY line_no LIMIT ?",
    args: [id, after, WRITE_CHUNK],
  });
  if (found.rows.length === 0) return null;
  const at = new Date().toISOString();
  let enrollmentId = await nextId(db, "submitted_enrollments");
  const statements: InStatement[] = [];
  for (const r of found.rows) {
    const line = Number(r.line_no);
    const values = JSON.parse(String(r.cells)) as SunfireValues;
    const staged = r.problem == null ? null : String(r.problem);
    const checked = staged ? null : checkRow(values, lookups);
    const problem = staged ?? checked?.problem ?? null;
    if (problem || !checked) {
      counts.refused++;
      statements.push({
        sql: "UPDATE sunfire_import_rows SET outcome = 'refused', problem = ? WHERE import_id = ? AND line_no = ?",
        args: [problem, id, line],
      });
      continue;
    }
    if (!checked.agent || checked.client.kind === "ambiguous") {
      counts.unmatched++;
      statements.push({
        sql: `UPDATE sunfire_import_rows SET outcome = 'unmatched', agent_user_id = ?, client_match = ?
              WHERE import_id = ? AND line_no = ?`,
        args: [checked.agent?.userId ?? null, JSON.stringify(checked.client), id, line],
      });
      continue;
    }
    let clientId: string;
    if (checked.client.kind === "matched") clientId = checked.client.clientId;
    else {
      const client = newClient(id, line, values, (c) => taken.has(c.toLowerCase()));
      taken.add(client.id.toLowerCase());
      addToIndex(lookups.clients, client);
      statements.push(clientInsert(client, at));
      clientId = client.id;
    }
    statements.push(enrollmentInsert(enrollmentId, values, checked.agent, clientId, lookups, at));
    statements.push({
      sql: `UPDATE sunfire_import_rows SET outcome = 'matched', agent_user_id = ?, client_match = ?, client_id = ?,
              enrollment_id = ? WHERE import_id = ? AND line_no = ?`,
      args: [checked.agent.userId, JSON.stringify(checked.client), clientId, enrollmentId, id, line],
    });
    enrollmentId++;
    counts.matched++;
  }
  return { statements, rows: found.rows.length, last: Number(found.rows[found.rows.length - 1]?.line_no ?? after) };
}

/** Discards a ready or refused import (core/file-imports' discardStaged): its staged rows go. */
export async function discardImport(db: ReferenceDb, id: number): Promise<"missing" | "conflict" | "ok"> {
  return discardStaged(db, id, { find: async (one) => findImport(db, one), ...TABLES });
}

export type ReconcileOutcome =
  | { missing: true }
  | { conflict: string }
  | { fields: Record<string, string[]> }
  | { enrollmentId: number; clientId: string; agent: SunfireAgent };

/**
 * Reconciles an unmatched row by hand: `agentUserId` (an agent or agency with an NPN) and `clientId` (a client, or
 * "new": made from the row). The row, checked again, becomes that agent's Submitted Enrollment.
 */
export async function reconcileRow(
  db: ReferenceDb,
  session: SessionRecord,
  importId: number,
  line: number,
  choice: { agentUserId: number; clientId: string },
): Promise<ReconcileOutcome> {
  return db.exclusive(async (): Promise<ReconcileOutcome> => {
    const row = await findRow(db, importId, line);
    if (!row) return { missing: true };
    if (row.outcome !== "unmatched") return { conflict: NOT_UNMATCHED };
    const lookups = await loadLookups(db);
    const agent = [...lookups.agentByNpn.values()].find((a) => a.userId === choice.agentUserId) ?? null;
    const fields: Record<string, string[]> = {};
    if (!agent) fields.agentUserId = [NOT_AN_AGENT];
    const at = new Date().toISOString();
    const statements: InStatement[] = [];
    let clientId = choice.clientId;
    if (clientId === "new") {
      const taken = await clientTaken(db);
      const client = newClient(importId, line, row.values, (c) => taken.has(c.toLowerCase()));
      statements.push(clientInsert(client, at));
      clientId = client.id;
    } else {
      const found = await db.client.execute({ sql: "SELECT id FROM sunfire_clients WHERE id = ?", args: [clientId] });
      if (found.rows.length === 0) fields.clientId = [NOT_A_CLIENT];
    }
    if (Object.keys(fields).length > 0 || !agent) return { fields };
    const problem = checkRow(row.values, lookups).problem;
    if (problem) return { conflict: problem };
    const enrollmentId = await nextId(db, "submitted_enrollments");
    statements.push(enrollmentInsert(enrollmentId, row.values, agent, clientId, lookups, at));
    await db.client.batch(
      [
        ...statements,
        {
          sql: `UPDATE sunfire_import_rows SET outcome = 'reconciled', agent_user_id = ?, client_id = ?, enrollment_id = ?
                WHERE import_id = ? AND line_no = ?`,
          args: [agent.userId, clientId, enrollmentId, importId, line],
        },
        {
          sql: `UPDATE sunfire_imports SET n_unmatched = n_unmatched - 1, n_reconciled = n_reconciled + 1, updated_at = ?
                WHERE id = ?`,
          args: [at, importId],
        },
        audit(session, {
          resource: "sunfire_imports",
          recordId: importId,
          action: "row reconciled",
          changes: [
            { field: "agent", from: row.agent?.name ?? null, to: `${agent.name} (NPN ${agent.npn})` },
            { field: "client", from: null, to: clientId },
          ],
          note: `Line ${line}: submitted enrollment #${enrollmentId}`,
          at,
        }),
      ],
      "write",
    );
    return { enrollmentId, clientId, agent };
  });
}
