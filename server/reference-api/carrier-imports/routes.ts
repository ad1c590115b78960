/**
 * Carrier imports (issue 24 §1; docs/upstream-api.md "Carrier imports"): /api/admin/carrier_imports, the history of
 * carriers' files imported (list, record, CSV export), the upload (the body is the CSV, streamed), the mapping per
 * carrier and kind, the preview and results (rows), confirm (background write), discard and the results as CSV
 * (mounted behind requireAdmin by app.ts). Every write is in the admin audit of the import.
 */
import type { InValue } from "@libsql/client";
import type { Express, Request } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  type BrokerAppointmentsResponseSchema,
  CarrierImportMappingBodySchema,
  CarrierImportParamsSchema,
  type CarrierImportsResponseSchema,
} from "../../../app/admin/sections/carrier_imports/contract.server.ts";
import {
  CARRIER_IMPORT_FIELD_LABELS,
  CARRIER_IMPORT_KINDS,
  CARRIER_IMPORT_KIND_LABELS,
  ROW_OUTCOMES,
  ROW_OUTCOME_LABELS,
} from "../../../app/admin/sections/carrier_imports/records.ts";
import { IMPORT_STATES, IMPORT_STATUS_WORDS } from "../../../app/domain/statuses.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, refuseFields, streamCsv } from "../admin/admin-support.ts";
import {
  enumFilter,
  fail,
  idFilter,
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
import {
  type MappingOutcome,
  missingColumns,
  stagedImportRoutes,
  refusedMapping,
} from "../core/file-imports/routes.ts";
import { parseTableQuery, scalar, type TableQuery } from "../core/paging.ts";
import {
  CARRIER_IMPORT_LIMITS,
  IMPORT_COLUMNS,
  IMPORT_FROM,
  NOT_READY,
  confirmImport,
  discardImport,
  findImport,
  importFromRow,
  countRows,
  pageRows,
  readImport,
  remapImport,
  resultsQuery,
  rowOf,
} from "./imports.ts";
import { columnsOf, fieldsOf } from "./rows.ts";

const RESOURCE = "carrier_imports";

const SORTS = {
  carrier: ["c.name COLLATE NOCASE"],
  kind: ["i.kind"],
  file: ["i.file_name COLLATE NOCASE"],
  status: ["i.status"],
  createdAt: ["i.created_at"],
} as const;

function listQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push("(instr(lower(c.name), lower(?)) > 0 OR instr(lower(i.file_name), lower(?)) > 0)");
    args.push(q.search, q.search);
  }
  const carrier = idFilter(source, "carrier");
  if (carrier != null) {
    where.push("i.carrier_id = ?");
    args.push(carrier);
  }
  const kind = enumFilter(source, "kind", CARRIER_IMPORT_KINDS);
  if (kind != null) {
    where.push("i.kind = ?");
    args.push(kind);
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

/** The upload's facts from the query string. */
function importFacts(req: Request) {
  const query = req.query as Record<string, unknown>;
  return CarrierImportParamsSchema.safeParse({
    carrierId: scalar(query.carrierId),
    kind: scalar(query.kind),
    fileName: scalar(query.fileName),
  });
}

export function registerCarrierImportRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  const base = "/api/admin/carrier_imports";

  app.get(base, async (req, res) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, carriers] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      db.client.execute("SELECT id, name FROM carriers ORDER BY name COLLATE NOCASE"),
    ]);
    const body: z.infer<typeof CarrierImportsResponseSchema> = {
      records: await Promise.all(rows.map(async (r) => importFromRow(db, r))),
      meta,
      facets: {
        carrier: carriers.rows.map((r) => ({ value: String(r.id), label: String(r.name) })),
        kind: CARRIER_IMPORT_KINDS.map((k) => ({ value: k, label: CARRIER_IMPORT_KIND_LABELS[k] })),
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
      "carrier_imports.csv",
      ["Id", "Carrier", "Kind", "File", "Status", "Rows", "Created", "Updated", "Unchanged", "Refused", "By", "At"],
      { sql: parsed.rows, args: parsed.args },
      (r) => [
        r.id,
        r.carrier_name,
        CARRIER_IMPORT_KIND_LABELS[r.kind as keyof typeof CARRIER_IMPORT_KIND_LABELS] ?? r.kind,
        r.file_name,
        IMPORT_STATUS_WORDS[r.status as keyof typeof IMPORT_STATUS_WORDS] ?? r.status,
        r.rows_read,
        r.n_created,
        r.n_updated,
        r.n_unchanged,
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
      what: "carrier import",
      log: "carrier",
      outcomes: ROW_OUTCOMES,
      find: async (id) => findImport(db, id),
      facts: async (req, res) => uploadFacts(db, req, res, importFacts(req), CARRIER_IMPORT_LIMITS.maxBytes),
      read: async (session, facts, body) => readImport(db, session, facts, body),
      countRows: async (record, outcome) => countRows(db, record, outcome),
      pageRows: async (record, outcome, limit, offset) => pageRows(db, record, outcome, limit, offset),
      confirm: async (session, id, onStart) => confirmImport(db, session, id, onStart),
      discard: async (id) => discardImport(db, id),
      counts: (record) => record.counts,
    },
  );

  const importId = (req: Request, res: AdminResponse) => idParam(req, res, "carrier import");

  app.get(`${base}/:id/results`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const record = await findImport(db, id);
    if (!record) return fail(res, 404, notFound("carrier import", String(id)));
    const fields = fieldsOf(record.kind);
    const columns = columnsOf(record.kind, record.headers, record.mapping);
    await streamCsv(
      res,
      db,
      `carrier_import_${id}_results.csv`,
      ["Line", "Outcome", "Reason", ...fields.map((f) => CARRIER_IMPORT_FIELD_LABELS[f])],
      resultsQuery(record),
      (r) => {
        const row = rowOf(record, columns, r);
        return [
          row.lineNo,
          row.outcome ? ROW_OUTCOME_LABELS[row.outcome] : "Not imported",
          row.problem ?? "",
          ...fields.map((f) => row.values[f] ?? ""),
        ];
      },
    );
  });

  app.put(`${base}/:id/mapping`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const parsed = CarrierImportMappingBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const outcome = await db.exclusive(async (): Promise<MappingOutcome> => {
      const record = await findImport(db, id);
      if (!record) return { missing: true };
      if (record.status !== "ready") return { conflict: NOT_READY };
      const wanted = Object.fromEntries(fieldsOf(record.kind).map((f) => [f, parsed.data[f]]));
      const fields = missingColumns(record.headers, wanted);
      if (Object.keys(fields).length > 0) return { fields };
      const mapping = Object.fromEntries(fieldsOf(record.kind).map((f) => [f, parsed.data[f] ?? ""]));
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `INSERT INTO carrier_import_mappings (carrier_id, kind, mapping, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
                  ON CONFLICT (carrier_id, kind) DO UPDATE SET mapping = excluded.mapping, updated_by = excluded.updated_by,
                    updated_at = excluded.updated_at`,
            args: [record.carrierId, record.kind, JSON.stringify(mapping), res.locals.session.user.userId, at],
          },
          audit(res.locals.session, {
            resource: RESOURCE,
            recordId: id,
            action: "mapping saved",
            changes: fieldsOf(record.kind).map((f) => ({
              field: f,
              from: record.mapping[f] ?? null,
              to: mapping[f] ?? null,
            })),
            at,
          }),
        ],
        "write",
      );
      await remapImport(db, record, mapping);
      return { ok: true };
    });
    if (refusedMapping(res, outcome, "carrier import", id)) return;
    logger.info({ importId: id }, "carrier import mapping saved");
    res.json({ import: await findImport(db, id) });
  });

  /* A broker's appointments (what an appointments file writes), with their contract request's state per carrier. */
  app.get("/api/admin/brokers/:id/appointments", async (req, res: AdminResponse) => {
    const id = idParam(req, res, "broker");
    if (id == null) return;
    const found = await db.client.execute({
      sql: `SELECT a.*, c.name AS carrier_name, (
              SELECT ce.status FROM contracting_entries ce JOIN carrier_products cp ON cp.id = ce.carrier_product_id
              WHERE ce.user_id = a.user_id AND cp.carrier_id = a.carrier_id
              ORDER BY CASE ce.status WHEN 'active' THEN 0 WHEN 'approved' THEN 1 WHEN 'pending' THEN 2 ELSE 3 END
              LIMIT 1) AS contract_state
            FROM carrier_appointments a LEFT JOIN carriers c ON c.id = a.carrier_id
            WHERE a.user_id = ? ORDER BY c.name COLLATE NOCASE, a.state`,
      args: [id],
    });
    const body: z.infer<typeof BrokerAppointmentsResponseSchema> = {
      appointments: found.rows.map((r) => ({
        id: Number(r.id),
        carrierId: Number(r.carrier_id),
        carrierName: String(r.carrier_name ?? `Carrier ${Number(r.carrier_id)}`),
        state: String(r.state),
        status: String(r.status) as "Appointed" | "Pending" | "Terminated",
        effectiveDate: String(r.effective_date),
        terminationReason: r.termination_reason == null ? null : String(r.termination_reason),
        contractState:
          r.contract_state == null ? null : (String(r.contract_state) as "pending" | "approved" | "denied" | "active"),
        importId: r.import_id == null ? null : Number(r.import_id),
        updatedAt: String(r.updated_at),
      })),
    };
    res.json(body);
  });
}
