/**
 * The import endpoints every file import shares (issue 24; the statement, carrier and Sunfire imports): the outcome of
 * a mapping saved in one turn and its answer, the columns a mapping names that the file lacks, confirm (a background
 * write answered 202), discard (a ready or refused import's staged rows dropped), and for the imports staged and
 * written in the background (carrier files, Sunfire exports) their upload, record and rows (stagedImportRoutes). Each area keeps its own tables,
 * records and texts; these are the steps that were a copy in each.
 */
import type { Express, Request, Response } from "express";
import type { Logger } from "pino";
import type { SessionRecord } from "../db.ts";
import type { ReferenceDb } from "../db.ts";
import { pagingMeta } from "../../../../app/domain/table.ts";
import { type AdminResponse, audit, historyOf, refuseFields } from "../../admin/admin-support.ts";
import { fail, idParam, notFound } from "../../admin/list-support.ts";
import { parseTableQuery, scalar } from "../paging.ts";
import { type ReadOutcome, type StartOutcome, refuseUnread, startInBackground } from "./http.ts";

export const NOT_IN_PREVIEW = "This import is not waiting in its preview.";
export const NO_LONGER_DISCARDABLE = "This import can no longer be discarded.";

/** What saving a mapping came to, decided in one db.exclusive() turn. */
export type MappingOutcome =
  { missing: true } | { conflict: string } | { fields: Record<string, string[]> } | { ok: true };

/** The fields whose column the file lacks (by header, case-insensitive); `required` fields unnamed too. */
export function missingColumns(
  headers: readonly string[],
  mapping: Readonly<Record<string, string | undefined>>,
  required: readonly string[] = [],
): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const field of new Set([...required, ...Object.keys(mapping)])) {
    const header = mapping[field];
    if (header === undefined) fields[field] = ["Choose the column"];
    else if (!headers.some((h) => h.toLowerCase() === header.toLowerCase()))
      fields[field] = [`The file has no column “${header}”.`];
  }
  return fields;
}

/** Answers a mapping's outcome that is not a success (404, 409, 422); true when it did. */
export function refusedMapping(res: Response, outcome: MappingOutcome, what: string, id: number): boolean {
  if ("missing" in outcome) fail(res, 404, notFound(what, String(id)));
  else if ("conflict" in outcome) fail(res, 409, outcome.conflict);
  else if ("fields" in outcome) refuseFields(res, outcome.fields);
  else return false;
  return true;
}

interface ImportArea<R> {
  /** How the area names one import in a 404 ("statement import", "carrier import"). */
  what: string;
  find: (id: number) => Promise<R | null>;
}

/** The import's id of the path, or null once answered 404. */
export const importIdOf = (req: Request, res: Response, what: string) => idParam(req, res, what);

/**
 * POST `path` (…/:id/confirm): the import's write started in the background (`confirm`, which tells its onStart once
 * it has marked the import as importing, or why it cannot be), answered 202 with the import; `done` after it ends.
 */
export function confirmRoute<R>(
  app: Express,
  path: string,
  logger: Logger,
  area: ImportArea<R> & {
    confirm: (session: SessionRecord, id: number, onStart: (outcome: StartOutcome) => void) => Promise<void>;
    done: (record: R | null, id: number) => void;
    failMessage: string;
  },
): void {
  app.post(path, async (req, res: AdminResponse) => {
    const id = importIdOf(req, res, area.what);
    if (id == null) return;
    if (!(await area.find(id))) return fail(res, 404, notFound(area.what, String(id)));
    const session = res.locals.session;
    // The write goes on after the answer (202): the import's status and rows_written say how far it is.
    startInBackground(res, logger, {
      run: async (onStart) => area.confirm(session, id, onStart),
      started: async () => ({ import: await area.find(id) }),
      done: async () => area.done(await area.find(id), id),
      failMessage: area.failMessage,
      logContext: { importId: id },
    });
  });
}

/**
 * Discards a ready or refused import in one turn: its staged rows deleted, its status discarded (and finished_at set
 * where the table has one). "conflict" once it is importing or imported.
 */
export async function discardStaged<R extends { status: string }>(
  db: ReferenceDb,
  id: number,
  area: Pick<ImportArea<R>, "find"> & { importsTable: string; rowsTable: string; finishedAt: boolean },
): Promise<"missing" | "conflict" | "ok"> {
  return db.exclusive(async () => {
    const record = await area.find(id);
    if (!record) return "missing" as const;
    if (record.status !== "ready" && record.status !== "failed") return "conflict" as const;
    const at = new Date().toISOString();
    await db.client.batch(
      [
        { sql: `DELETE FROM ${area.rowsTable} WHERE import_id = ?`, args: [id] },
        {
          sql: `UPDATE ${area.importsTable} SET status = 'discarded', updated_at = ?${area.finishedAt ? ", finished_at = ?" : ""}
                WHERE id = ?`,
          args: area.finishedAt ? [at, at, id] : [at, id],
        },
      ],
      "write",
    );
    return "ok" as const;
  });
}

/** Answers a discard that did not happen (404, 409); true when it did. */
export function refusedDiscard(res: Response, outcome: "missing" | "conflict" | "ok", what: string, id: number) {
  if (outcome === "missing") fail(res, 404, notFound(what, String(id)));
  else if (outcome === "conflict") fail(res, 409, NO_LONGER_DISCARDABLE);
  else return false;
  return true;
}

/** What a staged import's shared endpoints need of its area (the carrier and Sunfire imports). */
export interface StagedImportArea<R, Row, O extends string, F> {
  /** The audit's resource ("carrier_imports"). */
  resource: string;
  /** How a 404 names one import ("carrier import"). */
  what: string;
  /** How the log names the area's files ("carrier": "carrier file read", "carrier import refused"). */
  log: string;
  /** The rows' outcomes, by which the rows may be filtered (`?outcome=`). */
  outcomes: readonly O[];
  find: (id: number) => Promise<R | null>;
  /** The upload's facts (uploadFacts), or null once answered. */
  facts: (req: Request, res: AdminResponse) => Promise<F | null>;
  read: (session: SessionRecord, facts: F, body: Request) => Promise<ReadOutcome>;
  /** How many rows (of one outcome); then a page of them (rowsQuery's order). */
  countRows: (record: R, outcome: O | null) => Promise<number>;
  pageRows: (record: R, outcome: O | null, limit: number, offset: number) => Promise<Row[]>;
  confirm: (session: SessionRecord, id: number, onStart: (outcome: StartOutcome) => void) => Promise<void>;
  discard: (id: number) => Promise<"missing" | "conflict" | "ok">;
  /** What the log says of an import written (its counts). */
  counts: (record: R) => unknown;
}

/**
 * A staged import's endpoints under `base`: POST upload (the body is the file: 201 ready, or refused unread 409 /
 * 413 / 422 with the import), GET :id (with its history), GET :id/rows (?outcome=, paged), POST :id/confirm (202,
 * written in the background) and POST :id/discard. Every write is in the import's audit.
 */
export function stagedImportRoutes<R extends { rowsRead: number; status: string }, Row, O extends string, F>(
  app: Express,
  base: string,
  { db, logger }: { db: ReferenceDb; logger: Logger },
  area: StagedImportArea<R, Row, O, F>,
): void {
  app.post(`${base}/upload`, async (req, res: AdminResponse) => {
    const facts = await area.facts(req, res);
    if (!facts) return;
    const session = res.locals.session;
    const outcome = await area.read(session, facts, req);
    const record = await area.find(outcome.id);
    await db.client.execute(
      audit(session, {
        resource: area.resource,
        recordId: outcome.id,
        action: "uploaded",
        note: outcome.kind === "refused" ? `Refused: ${outcome.message}` : `${record?.rowsRead ?? 0} rows read`,
      }),
    );
    if (outcome.kind === "refused") {
      logger.info({ importId: outcome.id, status: outcome.status }, `${area.log} import refused`);
      return refuseUnread(req, res, outcome.status, { error: outcome.message, import: record });
    }
    logger.info({ importId: outcome.id, rows: record?.rowsRead }, `${area.log} file read`);
    res.status(201).json({ import: record });
  });

  app.get(`${base}/:id`, async (req, res: AdminResponse) => {
    const id = importIdOf(req, res, area.what);
    if (id == null) return;
    const record = await area.find(id);
    if (!record) return fail(res, 404, notFound(area.what, String(id)));
    res.json({ record, history: await historyOf(db, area.resource, id) });
  });

  app.get(`${base}/:id/rows`, async (req, res: AdminResponse) => {
    const id = importIdOf(req, res, area.what);
    if (id == null) return;
    const asked = scalar((req.query as Record<string, unknown>).outcome);
    if (asked !== undefined && asked !== "" && !(area.outcomes as readonly string[]).includes(asked))
      return fail(res, 422, "outcome is not an outcome");
    const outcome = asked ? (asked as O) : null;
    const record = await area.find(id);
    if (!record) return fail(res, 404, notFound(area.what, String(id)));
    // Counted first: the page asked for is kept within the pages there are.
    const meta = pagingMeta(
      parseTableQuery(req.query as Record<string, unknown>, {}),
      await area.countRows(record, outcome),
    );
    const rows = await area.pageRows(record, outcome, meta.perPage, (meta.currentPage - 1) * meta.perPage);
    res.json({ import: record, rows, meta });
  });

  confirmRoute(app, `${base}/:id/confirm`, logger, {
    what: area.what,
    find: area.find,
    confirm: area.confirm,
    done: (record, id) => {
      if (record?.status === "imported")
        logger.info({ importId: id, counts: area.counts(record) }, `${area.log} file imported`);
    },
    failMessage: "The file could not be imported.",
  });

  app.post(`${base}/:id/discard`, async (req, res: AdminResponse) => {
    const id = importIdOf(req, res, area.what);
    if (id == null) return;
    const outcome = await area.discard(id);
    if (refusedDiscard(res, outcome, area.what, id)) return;
    await db.client.execute(audit(res.locals.session, { resource: area.resource, recordId: id, action: "discarded" }));
    res.json({ import: await area.find(id) });
  });
}
