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
  type SunfireImportRowResponseSchema,
  type SunfireImportsResponseSchema,
  SunfireReconcileBodySchema,
} from "../../../app/admin/sections/sunfire_imports/contract.server.ts";
import {
  SUNFIRE_COLUMNS,
  SUNFIRE_FIELDS,
  SUNFIRE_ROW_OUTCOMES,
  SUNFIRE_ROW_OUTCOME_LABELS,
} from "../../../app/admin/sections/sunfire_imports/records.ts";
import { clientMatchText } from "../../../app/domain/sunfire-matching.ts";
import { IMPORT_STATES, IMPORT_STATUS_WORDS } from "../../../app/domain/statuses.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, refuseFields, streamCsv } from "../admin/admin-support.ts";
import {
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
import { uploadFacts } from "../core/file-imports/http.ts";
import { stagedImportRoutes } from "../core/file-imports/routes.ts";
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
  countRows,
  pageRows,
  readImport,
  reconcileRow,
  resultsQuery,
  rowOf,
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
  const status = enumFilter(source, "status", IMPORT_STATES);
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

export function registerSunfireImportRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  const base = "/api/admin/sunfire_imports";

  app.get(base, async (req, res) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const { rows } = await pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage);
    const body: z.infer<typeof SunfireImportsResponseSchema> = {
      records: await Promise.all(rows.map(async (r) => importFromRow(db, r))),
      meta,
      facets: {
        status: IMPORT_STATES.map((s) => ({ value: s, label: IMPORT_STATUS_WORDS[s] })),
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
        IMPORT_STATUS_WORDS[r.status as keyof typeof IMPORT_STATUS_WORDS] ?? r.status,
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

  stagedImportRoutes(
    app,
    base,
    { db, logger },
    {
      resource: RESOURCE,
      what: "Sunfire import",
      log: "sunfire",
      outcomes: SUNFIRE_ROW_OUTCOMES,
      find: async (id) => findImport(db, id),
      facts: async (req, res) => {
        const query = req.query as Record<string, unknown>;
        const params = SunfireImportParamsSchema.safeParse({ fileName: scalar(query.fileName) });
        return uploadFacts(db, req, res, params, SUNFIRE_IMPORT_LIMITS.maxBytes);
      },
      read: async (session, facts, body) => readImport(db, session, facts, body),
      countRows: async (record, outcome) => countRows(db, record, outcome),
      pageRows: async (record, outcome, limit, offset) => pageRows(db, record, outcome, limit, offset),
      confirm: async (session, id, onStart) => confirmImport(db, session, id, onStart),
      discard: async (id) => discardImport(db, id),
      counts: (record) => record.counts,
    },
  );

  const importId = (req: Request, res: AdminResponse) => idParam(req, res, "Sunfire import");

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
      resultsQuery(record),
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
}
