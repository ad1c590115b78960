/**
 * Sunfire imports (issue 24 §5; ADR 034; docs/upstream-api.md "Sunfire imports"): /api/admin/sunfire_imports, the
 * history of the quote tool's enrollment exports imported (list, record, CSV export), the upload (the body is the
 * CSV, streamed), the preview and results (rows), confirm (background write), discard, one row with what its
 * reconciliation offers, the reconciliation and the results as CSV (mounted behind requireAdmin by app.ts). Every
 * write is in the admin audit of the import.
 */
import type { InValue } from "@libsql/client";
import type { Express, Request } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  SunfireImportParamsSchema,
  type SunfireImportRecordResponseSchema,
  type SunfireImportRowResponseSchema,
  type SunfireImportRowsResponseSchema,
  type SunfireImportsResponseSchema,
  SunfireReconcileBodySchema,
} from "../../../app/admin/sections/sunfire_imports/contract.server.ts";
import {
  SUNFIRE_COLUMNS,
  SUNFIRE_FIELDS,
  SUNFIRE_IMPORT_STATUSES,
  SUNFIRE_IMPORT_STATUS_LABELS,
  SUNFIRE_ROW_OUTCOMES,
  SUNFIRE_ROW_OUTCOME_LABELS,
} from "../../../app/admin/sections/sunfire_imports/records.ts";
import { clientMatchText } from "../../../app/domain/sunfire-matching.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import {
  QueryError,
  enumFilter,
  fail,
  idParam,
  notFound,
  orderBy,
  pageOf,
  readQuery,
  whereSql,
  zodFields,
} from "../admin/list-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { refuseUnread, uploadFacts } from "../core/file-imports/http.ts";
import { confirmRoute, refusedDiscard } from "../core/file-imports/routes.ts";
import { parseTableQuery, positiveInt, scalar, type TableQuery } from "../core/paging.ts";
import {
  IMPORT_COLUMNS,
  IMPORT_FROM,
  SUNFIRE_IMPORT_LIMITS,
  agentChoices,
  candidateIds,
  clientsById,
  confirmImport,
  discardImport,
  findImport,
  findRow,
  importFromRow,
  importRows,
  readImport,
  reconcileRow,
  rowOf,
  rowsQuery,
} from "./imports.ts";

const RESOURCE = "sunfire_imports";

const SORTS = {
  file: ["i.file_name COLLATE NOCASE"],
  status: ["i.status"],
  createdAt: ["i.created_at"],
} as const;

function listQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push("instr(lower(i.file_name), lower(?)) > 0");
    args.push(q.search);
  }
  const status = enumFilter(source, "status", SUNFIRE_IMPORT_STATUSES);
  if (status != null) {
    where.push("i.status = ?");
    args.push(status);
  }
  return {
    q,
    count: `SELECT COUNT(*) AS n ${IMPORT_FROM} ${whereSql(where)}`,
    rows: `SELECT ${IMPORT_COLUMNS} ${IMPORT_FROM} ${whereSql(where)}
           ORDER BY ${q.sort ? orderBy(q as TableQuery<keyof typeof SORTS>, SORTS, "i.id") : "i.id DESC"}`,
    args,
  };
}

const outcomeOf = (req: Request) => {
  const value = scalar((req.query as Record<string, unknown>).outcome);
  if (value === undefined || value === "") return null;
  if (!(SUNFIRE_ROW_OUTCOMES as readonly string[]).includes(value)) throw new QueryError("outcome is not an outcome");
  return value as (typeof SUNFIRE_ROW_OUTCOMES)[number];
};

export function registerSunfireImportRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  const base = "/api/admin/sunfire_imports";

  app.get(base, async (req, res) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const { rows } = await pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage);
    const body: z.infer<typeof SunfireImportsResponseSchema> = {
      records: await Promise.all(rows.map((r) => importFromRow(db, r))),
      meta,
      facets: {
        status: SUNFIRE_IMPORT_STATUSES.map((s) => ({ value: s, label: SUNFIRE_IMPORT_STATUS_LABELS[s] })),
      },
    };
    res.json(body);
  });

  app.get(`${base}/export`, async (req, res) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    await streamCsv(
      res,
      db,
      "sunfire_imports.csv",
      ["Id", "File", "Status", "Rows", "Matched", "Unmatched", "Reconciled", "Refused", "By", "At"],
      { sql: parsed.rows, args: parsed.args },
      (r) => [
        r.id,
        r.file_name,
        SUNFIRE_IMPORT_STATUS_LABELS[r.status as keyof typeof SUNFIRE_IMPORT_STATUS_LABELS] ?? r.status,
        r.rows_read,
        r.n_matched,
        r.n_unmatched,
        r.n_reconciled,
        r.n_refused,
        `${String(r.u_first ?? "")} ${String(r.u_last ?? "")}`.trim(),
        r.created_at,
      ],
    );
  });

  app.post(`${base}/upload`, async (req, res: AdminResponse) => {
    const query = req.query as Record<string, unknown>;
    const facts = await uploadFacts(
      db,
      req,
      res,
      SunfireImportParamsSchema.safeParse({ fileName: scalar(query.fileName) }),
      SUNFIRE_IMPORT_LIMITS.maxBytes,
    );
    if (!facts) return;
    const outcome = await readImport(db, res.locals.session, facts, req);
    const record = await findImport(db, outcome.id);
    await db.client.execute(
      audit(res.locals.session, {
        resource: RESOURCE,
        recordId: outcome.id,
        action: "uploaded",
        note: outcome.kind === "refused" ? `Refused: ${outcome.message}` : `${record?.rowsRead ?? 0} rows read`,
      }),
    );
    if (outcome.kind === "refused") {
      logger.info({ importId: outcome.id, status: outcome.status }, "sunfire import refused");
      return refuseUnread(req, res, outcome.status, { error: outcome.message, import: record });
    }
    logger.info({ importId: outcome.id, rows: record?.rowsRead }, "sunfire file read");
    res.status(201).json({ import: record });
  });

  const importId = (req: Request, res: AdminResponse) => idParam(req, res, "Sunfire import");

  app.get(`${base}/:id`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const record = await findImport(db, id);
    if (!record) return fail(res, 404, notFound("Sunfire import", String(id)));
    const body: z.infer<typeof SunfireImportRecordResponseSchema> = {
      record,
      history: await historyOf(db, RESOURCE, id),
    };
    res.json(body);
  });

  app.get(`${base}/:id/rows`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    let outcome;
    try {
      outcome = outcomeOf(req);
    } catch (error) {
      if (error instanceof QueryError) return fail(res, 422, error.message);
      throw error;
    }
    const record = await findImport(db, id);
    if (!record) return fail(res, 404, notFound("Sunfire import", String(id)));
    const q = parseTableQuery(req.query as Record<string, unknown>, {});
    const first = await importRows(db, record, outcome, 1, 0);
    const meta = pagingMeta(q, first.total);
    const page = await importRows(db, record, outcome, meta.perPage, (meta.currentPage - 1) * meta.perPage);
    const body: z.infer<typeof SunfireImportRowsResponseSchema> = { import: record, rows: page.rows, meta };
    res.json(body);
  });

  const lineOf = (req: Request, res: AdminResponse) => {
    const line = positiveInt(String(req.params.line ?? ""));
    if (line == null) fail(res, 404, notFound("row", String(req.params.line ?? "")));
    return line;
  };

  app.get(`${base}/:id/rows/:line`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const line = lineOf(req, res);
    if (line == null) return;
    const record = await findImport(db, id);
    const row = record ? await findRow(db, id, line) : null;
    if (!record || !row) return fail(res, 404, notFound("row", `${id}/${line}`));
    const body: z.infer<typeof SunfireImportRowResponseSchema> = {
      import: record,
      row,
      agents: await agentChoices(db),
      candidates: await clientsById(db, [...new Set([...candidateIds(row), ...(row.clientId ? [row.clientId] : [])])]),
    };
    res.json(body);
  });

  app.post(`${base}/:id/rows/:line/reconcile`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const line = lineOf(req, res);
    if (line == null) return;
    const parsed = SunfireReconcileBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const outcome = await reconcileRow(db, res.locals.session, id, line, parsed.data);
    if ("missing" in outcome) return fail(res, 404, notFound("row", `${id}/${line}`));
    if ("conflict" in outcome) return fail(res, 409, outcome.conflict);
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ importId: id, line, enrollmentId: outcome.enrollmentId }, "sunfire row reconciled");
    const row = await findRow(db, id, line);
    res.json({ import: await findImport(db, id), row });
  });

  app.get(`${base}/:id/results`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const record = await findImport(db, id);
    if (!record) return fail(res, 404, notFound("Sunfire import", String(id)));
    await streamCsv(
      res,
      db,
      `sunfire_import_${id}_results.csv`,
      [
        "Line",
        "Outcome",
        "Reason",
        "Agent",
        "Client match",
        "Client",
        "Submitted enrollment",
        ...SUNFIRE_FIELDS.map((f) => SUNFIRE_COLUMNS[f]),
      ],
      rowsQuery(record, null),
      (r) => {
        const row = rowOf(r);
        return [
          row.lineNo,
          row.outcome ? SUNFIRE_ROW_OUTCOME_LABELS[row.outcome] : "Not imported",
          row.problem ?? "",
          row.agent ? `${row.agent.name} (NPN ${row.agent.npn})` : "",
          clientMatchText(row.client),
          row.clientId ?? "",
          row.enrollmentId ?? "",
          ...SUNFIRE_FIELDS.map((f) => row.values[f] ?? ""),
        ];
      },
    );
  });

  confirmRoute(app, `${base}/:id/confirm`, logger, {
    what: "Sunfire import",
    find: (id) => findImport(db, id),
    confirm: (session, id, onStart) => confirmImport(db, session, id, onStart),
    done: (record, id) => {
      if (record?.status === "imported") logger.info({ importId: id, counts: record.counts }, "sunfire file imported");
    },
    failMessage: "The file could not be imported.",
  });

  app.post(`${base}/:id/discard`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const outcome = await discardImport(db, id);
    if (refusedDiscard(res, outcome, "Sunfire import", id)) return;
    await db.client.execute(audit(res.locals.session, { resource: RESOURCE, recordId: id, action: "discarded" }));
    res.json({ import: await findImport(db, id) });
  });
}
