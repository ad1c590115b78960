/**
 * Importing a carrier's statement file (issue 23 §1; docs/upstream-api.md "Commission statements"): the request's
 * body is the CSV, streamed — hashed (SHA-256) and counted as it passes, read by the shared readFile
 * (core/file-imports/), staged into
 * statement_import_rows in chunks with each row's problem while rows_read grows — then previewed, and on
 * confirmation written as a draft statement (lines matched by policy number, their splits) in chunks inside one
 * db.exclusive() turn, rows_written growing. Nothing is held whole in memory.
 */
import type { Readable } from "node:stream";
import type { InStatement, InValue, Row } from "@libsql/client";
import type {
  ImportRow,
  StatementImport,
  StatementMapping,
} from "../../../app/admin/sections/commission_statements/records.ts";
import type { ReferenceDb, SessionRecord } from "../core/db.ts";
import { audit } from "../admin/admin-support.ts";
import { formatDate, formatPeriod } from "../../../app/domain/formats.ts";
import { nextId } from "../admin/list-support.ts";
import { type Columns, columnsOf, readRow, unmappedFields } from "./lines.ts";
import { yieldToOthers } from "../core/file-imports/http.ts";
import type { FileRow } from "../core/file-imports/read-file.ts";
import { type ReadOutcome, readIntoStaging } from "../core/file-imports/staging.ts";
import { loadUplines, splitStatements, splitsOf, type MatchedLine } from "./splits.ts";

/** The most bytes a statement file may have (a carrier's monthly file is a few MB). Tests lower it. */
export const IMPORT_LIMITS = { maxBytes: 50 * 1024 * 1024 };

export { EMPTY_FILE, fileTooLarge } from "../core/file-imports/read-file.ts";

/** Rows staged (or written) per batch. */
const STAGE_CHUNK = 500;
const WRITE_CHUNK = 1000;
/** Lines per multi-row INSERT (11 parameters each). */
const LINE_INSERT = 200;

/** When a carrier has no remembered mapping yet: common header names. */
export const DEFAULT_MAPPING: StatementMapping = {
  policyNumber: "Policy Number",
  memberName: "Member",
  kind: "Type",
  amount: "Amount",
};

export async function mappingOf(db: ReferenceDb, carrierId: number): Promise<StatementMapping> {
  const found = await db.client.execute({
    sql: "SELECT mapping FROM statement_mappings WHERE carrier_id = ?",
    args: [carrierId],
  });
  const row = found.rows[0];
  return row ? (JSON.parse(String(row.mapping)) as StatementMapping) : DEFAULT_MAPPING;
}

const nameOf = (first: unknown, last: unknown) => `${String(first ?? "")} ${String(last ?? "")}`.trim();

const IMPORT_SELECT = `SELECT i.*, c.name AS carrier_name, u.first_name AS u_first, u.last_name AS u_last,
    (SELECT COUNT(*) FROM statement_import_rows r WHERE r.import_id = i.id) AS n_rows,
    (SELECT COUNT(*) FROM statement_import_rows r WHERE r.import_id = i.id AND r.problem IS NOT NULL) AS n_problems,
    (SELECT COUNT(*) FROM statement_import_rows r
       WHERE r.import_id = i.id AND r.problem IS NULL AND r.policy_id IS NULL) AS n_unmatched
  FROM statement_imports i LEFT JOIN carriers c ON c.id = i.carrier_id LEFT JOIN users u ON u.id = i.created_by`;

/** The earlier import of a file with this hash: a statement, else an import not discarded, failed or this one. */
async function earlierImport(db: ReferenceDb, sha: string, exceptImport: number) {
  const statement = await db.client.execute({
    sql: `SELECT s.id, s.period, s.imported_at, c.name AS carrier_name FROM commission_statements s
            LEFT JOIN carriers c ON c.id = s.carrier_id WHERE s.file_sha256 = ?`,
    args: [sha],
  });
  const s = statement.rows[0];
  if (s) {
    return {
      statementId: Number(s.id),
      importId: null,
      message: `This file was already imported on ${formatDate(String(s.imported_at))}: ${String(s.carrier_name)} ${formatPeriod(String(s.period))} statement #${Number(s.id)}.`,
    };
  }
  const pending = await db.client.execute({
    sql: `SELECT i.id, i.period, i.created_at, c.name AS carrier_name FROM statement_imports i
            LEFT JOIN carriers c ON c.id = i.carrier_id
            WHERE i.file_sha256 = ? AND i.id <> ? AND i.status IN ('ready', 'importing', 'imported') ORDER BY i.id LIMIT 1`,
    args: [sha, exceptImport],
  });
  const i = pending.rows[0];
  if (!i) return null;
  return {
    statementId: null,
    importId: Number(i.id),
    message: `This file was already uploaded on ${formatDate(String(i.created_at))}: ${String(i.carrier_name)} ${formatPeriod(String(i.period))} import #${Number(i.id)}, waiting in its preview.`,
  };
}

export async function findImport(db: ReferenceDb, id: number): Promise<StatementImport | null> {
  const found = await db.client.execute({ sql: `${IMPORT_SELECT} WHERE i.id = ?`, args: [id] });
  const r = found.rows[0];
  if (!r) return null;
  const headers = JSON.parse(String(r.headers)) as string[];
  const mapping = JSON.parse(String(r.mapping)) as StatementMapping;
  const rows = Number(r.n_rows);
  const problems = Number(r.n_problems);
  const status = String(r.status) as StatementImport["status"];
  let duplicateOf: StatementImport["duplicateOf"] = null;
  if (status === "failed" && r.file_sha256 != null) {
    const earlier = await earlierImport(db, String(r.file_sha256), id);
    if (earlier) duplicateOf = { statementId: earlier.statementId, importId: earlier.importId };
  }
  return {
    id: Number(r.id),
    carrierId: Number(r.carrier_id),
    carrierName: String(r.carrier_name ?? `Carrier ${Number(r.carrier_id)}`),
    period: String(r.period),
    carrierStatementDate: String(r.carrier_statement_date),
    fileName: String(r.file_name),
    status,
    problem: r.problem == null ? null : String(r.problem),
    rowsRead: Number(r.rows_read),
    rowsWritten: Number(r.rows_written),
    statementId: r.statement_id == null ? null : Number(r.statement_id),
    headers,
    mapping,
    unmappedFields: headers.length > 0 ? unmappedFields(headers, mapping) : [],
    counts: { rows, ready: rows - problems, problems, unmatched: Number(r.n_unmatched) },
    duplicateOf,
    createdBy: r.created_by == null ? null : { userId: Number(r.created_by), name: nameOf(r.u_first, r.u_last) },
    createdAt: String(r.created_at),
  };
}

/** A page of an import's rows: problems first, then the rows that match no policy, then by line. */
export async function importRows(
  db: ReferenceDb,
  record: StatementImport,
  limit: number,
  offset: number,
): Promise<ImportRow[]> {
  const found = await db.client.execute({
    sql: `SELECT * FROM statement_import_rows WHERE import_id = ?
            ORDER BY problem IS NULL, policy_id IS NOT NULL, line_no LIMIT ? OFFSET ?`,
    args: [record.id, limit, offset],
  });
  const columns = columnsOf(record.headers, record.mapping);
  return found.rows.map((r) => {
    const cells = JSON.parse(String(r.cells)) as string[];
    const read = readRow(cells, columns);
    return {
      lineNo: Number(r.line_no),
      policyNumber: String(r.policy_number),
      memberName: String(r.member_name),
      kindText: read.kindText,
      amountText: read.amountText,
      kind: r.kind == null ? null : (String(r.kind) as ImportRow["kind"]),
      amountCents: r.amount_cents == null ? null : Number(r.amount_cents),
      policyId: r.policy_id == null ? null : Number(r.policy_id),
      problem: r.problem == null ? null : String(r.problem),
    };
  });
}

/** The policies (id) of these numbers. */
async function policiesOf(db: ReferenceDb, numbers: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(numbers.filter((n) => n !== ""))];
  const found = new Map<string, number>();
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const rows = await db.client.execute({
      sql: `SELECT id, policy_number FROM policies WHERE policy_number IN (${chunk.map(() => "?").join(", ")})`,
      args: chunk,
    });
    for (const r of rows.rows) found.set(String(r.policy_number), Number(r.id));
  }
  return found;
}

type Staged = FileRow;

/** The INSERT of staged rows, read with `columns` (null: the mapping is incomplete, nothing read yet). */
async function stageStatements(
  db: ReferenceDb,
  importId: number,
  rows: Staged[],
  columns: Columns | null,
): Promise<InStatement[]> {
  if (rows.length === 0) return [];
  const read = rows.map((r) => ({ r, read: columns ? readRow(r.cells, columns) : null }));
  const policies = await policiesOf(
    db,
    read.filter((x) => x.read && !x.read.problem).map((x) => x.read?.policyNumber ?? ""),
  );
  const statements: InStatement[] = [];
  for (let i = 0; i < read.length; i += 100) {
    const chunk = read.slice(i, i + 100);
    statements.push({
      sql: `INSERT INTO statement_import_rows
              (import_id, line_no, policy_number, member_name, kind, amount_cents, policy_id, problem, cells)
            VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
      args: chunk.flatMap(({ r, read: x }): InValue[] => [
        importId,
        r.line,
        x?.policyNumber ?? "",
        x?.memberName ?? "",
        x?.kind ?? null,
        x?.amountCents ?? null,
        x && !x.problem ? (policies.get(x.policyNumber) ?? null) : null,
        x?.problem ?? null,
        JSON.stringify(r.cells),
      ]),
    });
  }
  return statements;
}

export interface ImportFacts {
  carrierId: number;
  period: string;
  carrierStatementDate: string;
  fileName: string;
}

/** Creates the import and reads `body` into it (core/file-imports' readIntoStaging; see the module's comment). */
export async function readImport(
  db: ReferenceDb,
  session: SessionRecord,
  facts: ImportFacts,
  body: Readable,
): Promise<ReadOutcome> {
  const mapping = await mappingOf(db, facts.carrierId);
  let columns: Columns | null = null;
  return readIntoStaging(
    db,
    { importsTable: "statement_imports", rowsTable: "statement_import_rows", finishedAt: false },
    {
      maxBytes: IMPORT_LIMITS.maxBytes,
      chunkRows: STAGE_CHUNK,
      create: (id, at) => ({
        sql: `INSERT INTO statement_imports (id, carrier_id, period, carrier_statement_date, file_name, mapping, status,
                created_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'reading', ?, ?, ?)`,
        args: [
          id,
          facts.carrierId,
          facts.period,
          facts.carrierStatementDate,
          facts.fileName,
          JSON.stringify(mapping),
          session.user.userId,
          at,
          at,
        ],
      }),
      onHeader: (headers) => {
        columns = unmappedFields(headers, mapping).length === 0 ? columnsOf(headers, mapping) : null;
      },
      stage: async (rows, id) => stageStatements(db, id, rows, columns),
      earlier: async (sha, id) => earlierImport(db, sha, id),
    },
    body,
  );
}

/** Re-reads an import's staged rows with a new mapping (remembered for the carrier by the caller). */
export async function remapImport(db: ReferenceDb, id: number, headers: string[], mapping: StatementMapping) {
  const columns = columnsOf(headers, mapping);
  for (let after = 0; ;) {
    const found = await db.client.execute({
      sql: "SELECT line_no, cells FROM statement_import_rows WHERE import_id = ? AND line_no > ? ORDER BY line_no LIMIT ?",
      args: [id, after, STAGE_CHUNK],
    });
    if (found.rows.length === 0) break;
    const rows = found.rows.map((r) => ({ line: Number(r.line_no), cells: JSON.parse(String(r.cells)) as string[] }));
    const last = rows[rows.length - 1]?.line ?? after;
    await db.client.batch(
      [
        {
          sql: "DELETE FROM statement_import_rows WHERE import_id = ? AND line_no > ? AND line_no <= ?",
          args: [id, after, last],
        },
        ...(await stageStatements(db, id, rows, columns)),
      ],
      "write",
    );
    after = last;
  }
}

export const NOT_READY = "This import is not waiting in its preview.";
export const NEEDS_MAPPING = "Choose the file's column for each field first.";

/**
 * Writes a ready import as a draft statement (see the module's comment); `onStart` is told once the import is
 * marked importing (or why it cannot be). Runs in one db.exclusive() turn: the statement row is written last, so
 * no one sees a statement half written, and a failure removes what was written.
 */
export async function confirmImport(
  db: ReferenceDb,
  session: SessionRecord,
  id: number,
  onStart: (outcome: { refused: string } | { started: true }) => void,
): Promise<void> {
  await db.exclusive(async () => {
    const record = await findImport(db, id);
    if (!record || record.status !== "ready") return onStart({ refused: NOT_READY });
    if (record.unmappedFields.length > 0) return onStart({ refused: NEEDS_MAPPING });
    const sha = (await db.client.execute({ sql: "SELECT file_sha256 FROM statement_imports WHERE id = ?", args: [id] }))
      .rows[0]?.file_sha256;
    const earlier = await earlierImport(db, String(sha), id);
    if (earlier) return onStart({ refused: earlier.message });
    await db.client.execute({
      sql: "UPDATE statement_imports SET status = 'importing', rows_written = 0, updated_at = ? WHERE id = ?",
      args: [new Date().toISOString(), id],
    });
    onStart({ started: true });

    const statementId = await nextId(db, "commission_statements");
    const firstLine = await nextId(db, "statement_lines");
    let splitId = await nextId(db, "commission_splits");
    const uplines = await loadUplines(db);
    let lineId = firstLine;
    let written = 0;
    let unmatched = 0;
    try {
      for (let after = 0; ;) {
        const found = await db.client.execute({
          sql: `SELECT r.line_no, r.policy_number, r.member_name, r.kind, r.amount_cents, r.policy_id, p.user_id
                  FROM statement_import_rows r LEFT JOIN policies p ON p.id = r.policy_id
                  WHERE r.import_id = ? AND r.problem IS NULL AND r.line_no > ? ORDER BY r.line_no LIMIT ?`,
          args: [id, after, WRITE_CHUNK],
        });
        if (found.rows.length === 0) break;
        const lines = found.rows.map((r: Row) => ({
          id: lineId++,
          lineNo: Number(r.line_no),
          policyNumber: String(r.policy_number),
          memberName: String(r.member_name),
          kind: String(r.kind),
          amountCents: Number(r.amount_cents),
          policyId: r.policy_id == null || r.user_id == null ? null : Number(r.policy_id),
          agentUserId: r.policy_id == null || r.user_id == null ? null : Number(r.user_id),
        }));
        const statements: InStatement[] = [];
        for (let i = 0; i < lines.length; i += LINE_INSERT) {
          const chunk = lines.slice(i, i + LINE_INSERT);
          statements.push({
            sql: `INSERT INTO statement_lines (id, statement_id, line_no, policy_number, member_name, kind, amount_cents,
                    state, policy_id, agent_user_id, matched_by) VALUES ${chunk.map(() => "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)").join(", ")}`,
            args: chunk.flatMap((l): InValue[] => [
              l.id,
              statementId,
              l.lineNo,
              l.policyNumber,
              l.memberName,
              l.kind,
              l.amountCents,
              l.agentUserId == null ? "unmatched" : "matched",
              l.policyId,
              l.agentUserId,
            ]),
          });
        }
        const matched: MatchedLine[] = lines.flatMap((l) =>
          l.agentUserId == null
            ? []
            : [
                {
                  id: l.id,
                  amountCents: l.amountCents,
                  agentUserId: l.agentUserId,
                  period: record.period,
                  carrierId: record.carrierId,
                },
              ],
        );
        const splits = splitStatements(matched, uplines, splitId);
        splitId += matched.reduce((n, l) => n + splitsOf(l.amountCents, l.agentUserId, uplines).length, 0);
        unmatched += lines.length - matched.length;
        written += lines.length;
        await db.client.batch(
          [
            ...statements,
            ...splits,
            { sql: "UPDATE statement_imports SET rows_written = ? WHERE id = ?", args: [written, id] },
          ],
          "write",
        );
        after = lines[lines.length - 1]?.lineNo ?? after;
        // Let the status polls through between chunks.
        await yieldToOthers();
      }
      const at = new Date().toISOString();
      const leftOut = record.counts.problems;
      await db.client.batch(
        [
          {
            sql: `INSERT INTO commission_statements (id, carrier_id, period, carrier_statement_date, file_name, file_sha256,
                    status, imported_by, imported_at) VALUES (?, ?, ?, ?, ?, ?, 'draft', ?, ?)`,
            args: [
              statementId,
              record.carrierId,
              record.period,
              record.carrierStatementDate,
              record.fileName,
              String(sha),
              session.user.userId,
              at,
            ],
          },
          {
            sql: `UPDATE statement_imports SET status = 'imported', statement_id = ?, rows_written = ?, updated_at = ?
                  WHERE id = ?`,
            args: [statementId, written, at, id],
          },
          audit(session, {
            resource: "commission_statements",
            recordId: statementId,
            action: "imported",
            changes: [
              { field: "lines", from: null, to: String(written) },
              { field: "unmatched", from: null, to: String(unmatched) },
            ],
            note: `${record.fileName} (import #${id})${leftOut > 0 ? `: ${leftOut} ${leftOut === 1 ? "row" : "rows"} with problems left out` : ""}`,
            at,
          }),
        ],
        "write",
      );
    } catch (error) {
      await db.client.batch(
        [
          {
            sql: `DELETE FROM commission_splits WHERE statement_line_id IN
                    (SELECT id FROM statement_lines WHERE statement_id = ? AND id >= ?)`,
            args: [statementId, firstLine],
          },
          { sql: "DELETE FROM statement_lines WHERE statement_id = ? AND id >= ?", args: [statementId, firstLine] },
          {
            sql: "UPDATE statement_imports SET status = 'failed', problem = ?, updated_at = ? WHERE id = ?",
            args: ["The statement could not be written. Upload the file again.", new Date().toISOString(), id],
          },
        ],
        "write",
      );
      throw error;
    }
  });
}
