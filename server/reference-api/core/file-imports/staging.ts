/**
 * A staged file import's life, shared by every file import (carrier files, Sunfire exports, commission statements;
 * ADR 032): the import made ("reading"), the body read by readFile a chunk at a time into the area's rows table with
 * each row's problem, refused whole (409 the same file again, 413, 422) or "ready" in its preview; then, for the
 * imports written in the background, "importing" a chunk at a time (each chunk one db.exclusive() turn, so other
 * requests go on between chunks) to "imported", or "failed" where it stopped. Each area keeps its own tables, rows,
 * counts and texts: these are the steps that were a copy in each.
 */
import type { Readable } from "node:stream";
import type { InStatement, InValue, Row } from "@libsql/client";
import type { ReferenceDb } from "../db.ts";
import { formatDate } from "../../../../app/domain/formats.ts";
import { nextId } from "../../admin/list-support.ts";
import { type ReadOutcome, type StartOutcome, yieldToOthers } from "./http.ts";
import { type FileRow, UNREADABLE_FILE, readFile } from "./read-file.ts";
import { NOT_IN_PREVIEW } from "./routes.ts";

export type { ReadOutcome };

/** An area's tables: its imports (alias-free name) and their staged rows (import_id, line_no…). */
export interface StagingTables {
  importsTable: string;
  rowsTable: string;
  /** Whether the imports table has finished_at (set when an import ends: refused, imported, failed, discarded). */
  finishedAt: boolean;
}

/** `SET a = ?, b = ?` and its values, for an area's own columns. */
function setting(columns: Record<string, InValue>) {
  const names = Object.keys(columns);
  return { sql: names.map((n) => `, ${n} = ?`).join(""), args: names.map((n) => columns[n] ?? null) };
}

/**
 * The earlier import of a file with this hash (imported, importing or waiting in its preview), or null. `from` and
 * `columns` select the area's imports as `i`; `name` says one of them in the refusal ("Sunfire import #3").
 */
export async function earlierFile(
  db: ReferenceDb,
  area: { from: string; columns: string; name: (row: Row) => string },
  sha: string,
  exceptImport: number,
): Promise<{ importId: number; message: string } | null> {
  const found = await db.client.execute({
    sql: `SELECT ${area.columns} ${area.from}
            WHERE i.file_sha256 = ? AND i.id <> ? AND i.status IN ('ready', 'importing', 'imported') ORDER BY i.id LIMIT 1`,
    args: [sha, exceptImport],
  });
  const i = found.rows[0];
  if (!i) return null;
  const on = formatDate(String(i.created_at));
  return {
    importId: Number(i.id),
    message:
      String(i.status) === "ready"
        ? `This file was already uploaded on ${on}: ${area.name(i)}, waiting in its preview.`
        : `This file was already imported on ${on}: ${area.name(i)}.`,
  };
}

export interface ReadSteps {
  maxBytes: number;
  /** Rows staged at a time. */
  chunkRows: number;
  /** The import's INSERT with its id, status 'reading'. */
  create: (id: number, at: string) => InStatement;
  /** What the area makes of the file's header (its columns); the headers themselves are saved here. */
  onHeader?: (headers: string[]) => void;
  /** A chunk's statements: its rows staged, each with its problem. */
  stage: (rows: FileRow[], id: number) => InStatement[] | Promise<InStatement[]>;
  /** The area's counts so far (n_problems…), saved with rows_read after each chunk and when ready. */
  counts?: () => Record<string, InValue>;
  /** Once read: a problem refusing the whole file (422), as a Sunfire export without Sunfire's columns. */
  refusal?: () => string | null;
  /** The earlier import or statement of the same file, refusing this one (409). */
  earlier: (sha: string, id: number) => Promise<{ message: string } | null>;
}

/** Makes an import and reads `body` into its staged rows (see the module's comment). */
export async function readIntoStaging(
  db: ReferenceDb,
  tables: StagingTables,
  steps: ReadSteps,
  body: Readable,
): Promise<ReadOutcome> {
  const at = new Date().toISOString();
  const id = await db.exclusive(async () => {
    const next = await nextId(db, tables.importsTable);
    await db.client.execute(steps.create(next, at));
    return next;
  });
  const finished = tables.finishedAt ? ", finished_at = ?" : "";
  const fail = async (status: 409 | 413 | 422, message: string, sha: string | null): Promise<ReadOutcome> => {
    const now = new Date().toISOString();
    await db.client.batch(
      [
        { sql: `DELETE FROM ${tables.rowsTable} WHERE import_id = ?`, args: [id] },
        {
          sql: `UPDATE ${tables.importsTable} SET status = 'failed', problem = ?, file_sha256 = ?, updated_at = ?${finished}
                WHERE id = ?`,
          args: tables.finishedAt ? [message, sha, now, now, id] : [message, sha, now, id],
        },
      ],
      "write",
    );
    return { kind: "refused", id, status, message };
  };
  try {
    const outcome = await readFile(body, {
      maxBytes: steps.maxBytes,
      chunkRows: steps.chunkRows,
      onHeader: async (headers) => {
        steps.onHeader?.(headers);
        await db.client.execute({
          sql: `UPDATE ${tables.importsTable} SET headers = ? WHERE id = ?`,
          args: [JSON.stringify(headers), id],
        });
      },
      onRows: async (rows, read) => {
        const staged = await steps.stage(rows, id);
        const counts = setting(steps.counts?.() ?? {});
        await db.client.batch(
          [
            ...staged,
            {
              sql: `UPDATE ${tables.importsTable} SET rows_read = ?${counts.sql}, updated_at = ? WHERE id = ?`,
              args: [read, ...counts.args, at, id],
            },
          ],
          "write",
        );
      },
    });
    if (outcome.kind === "refused") return fail(outcome.status, outcome.message, null);
    const refusal = steps.refusal?.();
    if (refusal) return fail(422, refusal, null);
    const { sha256: sha, rows: read } = outcome;
    // Checked and marked in one turn, so two uploads of one file at once cannot both pass.
    return await db.exclusive(async (): Promise<ReadOutcome> => {
      const earlier = await steps.earlier(sha, id);
      if (earlier) return fail(409, earlier.message, sha);
      const counts = setting(steps.counts?.() ?? {});
      await db.client.execute({
        sql: `UPDATE ${tables.importsTable} SET status = 'ready', file_sha256 = ?, rows_read = ?${counts.sql},
                updated_at = ? WHERE id = ?`,
        args: [sha, read, ...counts.args, new Date().toISOString(), id],
      });
      return { kind: "ready", id };
    });
  } catch (error) {
    await fail(422, UNREADABLE_FILE, null);
    throw error;
  }
}

/** One chunk written: its statements (the area's records and the rows' outcomes), how many rows, its last line. */
export interface WrittenChunk {
  statements: InStatement[];
  rows: number;
  last: number;
}

export interface WriteSteps<R> {
  find: (id: number) => Promise<R | null>;
  /** Why a ready import cannot be written yet (its mapping incomplete), or null. */
  refusal?: (record: R) => string | null;
  /** The area's counts, set to 0 as the write starts (n_created…). */
  counters: readonly string[];
  /**
   * Once the import is marked importing: what the write needs (lookups), the rows it has already settled (refused
   * at once) and the writer of the chunk after a line, which runs in one db.exclusive() turn (null: no rows left).
   */
  prepare: (record: R) => Promise<{ written?: number; chunk: (after: number) => Promise<WrittenChunk | null> }>;
  /** The area's counts now, saved with rows_written after each chunk. */
  counts: () => Record<string, InValue>;
  /** The audit of the import written (with its counts), saved with its status. */
  finished: (record: R, at: string) => InStatement;
}

/**
 * Writes a ready import (see the module's comment); `onStart` is told once it is marked importing, or why it cannot
 * be (NOT_IN_PREVIEW, the area's refusal). Where it stops, the rows before stay written and the import says so.
 */
export async function writeStaged<R extends { status: string }>(
  db: ReferenceDb,
  tables: StagingTables,
  id: number,
  onStart: (outcome: StartOutcome) => void,
  steps: WriteSteps<R>,
): Promise<void> {
  const record = await db.exclusive(async () => {
    const found = await steps.find(id);
    if (!found || found.status !== "ready") return onStart({ refused: NOT_IN_PREVIEW });
    const refusal = steps.refusal?.(found);
    if (refusal) return onStart({ refused: refusal });
    await db.client.execute({
      sql: `UPDATE ${tables.importsTable} SET status = 'importing', rows_written = 0${steps.counters.map((c) => `, ${c} = 0`).join("")},
              updated_at = ? WHERE id = ?`,
      args: [new Date().toISOString(), id],
    });
    onStart({ started: true });
    return found;
  });
  if (!record) return;
  const finished = tables.finishedAt ? ", finished_at = ?" : "";
  let written = 0;
  try {
    const writer = await steps.prepare(record);
    written = writer.written ?? 0;
    for (let after = 0; ;) {
      const done = await db.exclusive(async () => {
        const chunk = await writer.chunk(after);
        if (!chunk) return true;
        written += chunk.rows;
        const counts = setting(steps.counts());
        await db.client.batch(
          [
            ...chunk.statements,
            {
              sql: `UPDATE ${tables.importsTable} SET rows_written = ?${counts.sql}, updated_at = ? WHERE id = ?`,
              args: [written, ...counts.args, new Date().toISOString(), id],
            },
          ],
          "write",
        );
        after = chunk.last;
        return false;
      });
      if (done) break;
      await yieldToOthers();
    }
    const at = new Date().toISOString();
    await db.client.batch(
      [
        {
          sql: `UPDATE ${tables.importsTable} SET status = 'imported', updated_at = ?${finished} WHERE id = ?`,
          args: tables.finishedAt ? [at, at, id] : [at, id],
        },
        steps.finished(record, at),
      ],
      "write",
    );
  } catch (error) {
    const at = new Date().toISOString();
    await db.client.execute({
      sql: `UPDATE ${tables.importsTable} SET status = 'failed', problem = ?, updated_at = ?${finished} WHERE id = ?`,
      args: [
        `The import stopped after ${written} rows: the rows before were written (see the results).`,
        at,
        ...(tables.finishedAt ? [at] : []),
        id,
      ],
    });
    throw error;
  }
}

/** How many staged rows an import has (of one outcome). */
export async function countStaged(
  db: ReferenceDb,
  tables: Pick<StagingTables, "rowsTable">,
  importId: number,
  outcome: string | null,
): Promise<number> {
  const counted = await db.client.execute({
    sql: `SELECT COUNT(*) AS n FROM ${tables.rowsTable} WHERE import_id = ? ${outcome ? "AND outcome = ?" : ""}`,
    args: outcome ? [importId, outcome] : [importId],
  });
  return Number(counted.rows[0]?.n ?? 0);
}
