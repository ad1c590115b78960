/**
 * Carrier exports (issue 24 §2; docs/upstream-api.md "Carrier exports"): /api/admin/carrier_exports, the files sent
 * to carriers (mounted behind requireAdmin by app.ts), every write in the admin audit.
 *
 * - GET / (the history: ?carrier&kind&trigger&month), /export (it as CSV), /:id (a run, its history, its first rows),
 *   /:id/file (the run's CSV as sent);
 * - POST / { carrierId, kind }: builds the file now (its window: since the last file of that carrier and kind, at
 *   most FIRST_WINDOW_DAYS back when there is none); an unknown or inactive carrier: 422 at carrierId;
 * - GET /schedules, PUT /schedules/:carrierId { new_contracts, terminations, address_changes }: off, daily, weekly.
 * Every read first brings the scheduled runs up to date (build.ts catchUp).
 */
import type { InValue } from "@libsql/client";
import type { Express } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  AdminCarrierExportBodySchema,
  CarrierExportScheduleBodySchema,
  type AdminCarrierExportResponseSchema,
  type AdminCarrierExportsResponseSchema,
  type CarrierExportSchedulesResponseSchema,
} from "../../../app/admin/sections/carrier_exports/contract.server.ts";
import {
  type AdminCarrierExport,
  type CarrierExportSchedule,
  EXPORT_KINDS,
  EXPORT_KIND_LABELS,
  EXPORT_TRIGGERS,
  EXPORT_TRIGGER_LABELS,
  type ExportFrequency,
  type ExportKind,
  PREVIEW_ROWS,
  builtByText,
} from "../../../app/admin/sections/carrier_exports/records.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, changesOf, historyOf, refuseFields, streamCsv } from "../admin/admin-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, positiveInt, scalar, type TableQuery } from "../core/paging.ts";
import {
  QueryError,
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
import { FIRST_WINDOW_DAYS, buildFile, catchUp } from "./build.ts";

export const UNKNOWN_CARRIER = "Choose one of the carriers.";
export const INACTIVE_CARRIER = "This carrier is inactive: nothing is sent to it.";

const RESOURCE = "carrier_exports";
const SCHEDULES = "carrier_export_schedules";
const WHAT = "carrier export";
const DAY = 24 * 60 * 60 * 1000;

const SORTS = {
  builtAt: ["r.built_at"],
  carrier: ["c.name COLLATE NOCASE"],
  kind: ["r.kind"],
  rows: ["r.row_count"],
} as const;

const COLUMNS = `r.id, r.carrier_id, c.name AS carrier_name, r.kind, r.trigger, r.frequency, r.built_by,
  (u.first_name || ' ' || u.last_name) AS builder_name, r.built_at, r.covered_from, r.covered_to, r.row_count`;
const FROM = "carrier_export_runs r JOIN carriers c ON c.id = r.carrier_id LEFT JOIN users u ON u.id = r.built_by";

const text = (v: unknown): string => (v == null ? "" : String(v as string | number));

/** "blue-harbor-health_new_contracts_2026-11-23.csv" */
function fileName(carrier: string, kind: string, at: string): string {
  const slug = carrier
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug}_${kind}_${at.slice(0, 10)}.csv`;
}

function runFromRow(r: Record<string, unknown>): AdminCarrierExport {
  return {
    id: Number(r.id),
    carrier: { id: Number(r.carrier_id), name: text(r.carrier_name) },
    kind: text(r.kind) as ExportKind,
    trigger: r.trigger === "schedule" ? "schedule" : "manual",
    frequency: r.frequency === "daily" || r.frequency === "weekly" ? r.frequency : null,
    builtBy:
      r.built_by == null ? null : { id: Number(r.built_by), name: text(r.builder_name) || `User ${text(r.built_by)}` },
    builtAt: text(r.built_at),
    coveredFrom: text(r.covered_from),
    coveredTo: text(r.covered_to),
    rowCount: Number(r.row_count ?? 0),
    fileName: fileName(text(r.carrier_name), text(r.kind), text(r.built_at)),
  };
}

/** The first `max` records of a CSV (quoted cells with commas, quotes and line breaks read back). */
export function firstRecords(csv: string, max: number): string[][] {
  const records: string[][] = [];
  let cell = "";
  let row: string[] = [];
  let quoted = false;
  for (let i = 0; i < csv.length && records.length < max; i++) {
    const ch = csv[i]!;
    if (quoted) {
      if (ch === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n") {
      row.push(cell.replace(/\r$/, ""));
      records.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  return records;
}

function listQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = ["r.csv IS NOT NULL"];
  const args: InValue[] = [];
  if (q.search) {
    where.push("instr(lower(c.name), lower(?)) > 0");
    args.push(q.search);
  }
  const carrier = idFilter(source, "carrier");
  if (carrier != null) {
    where.push("r.carrier_id = ?");
    args.push(carrier);
  }
  const kind = enumFilter(source, "kind", EXPORT_KINDS);
  if (kind != null) {
    where.push("r.kind = ?");
    args.push(kind);
  }
  const trigger = enumFilter(source, "trigger", EXPORT_TRIGGERS);
  if (trigger != null) {
    where.push("r.trigger = ?");
    args.push(trigger);
  }
  const month = scalar(source.month);
  if (month !== undefined && month !== "") {
    if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new QueryError("month must be YYYY-MM");
    where.push("substr(r.built_at, 1, 7) = ?");
    args.push(month);
  }
  return {
    q,
    count: `SELECT COUNT(*) AS n FROM ${FROM} ${whereSql(where)}`,
    rows: `SELECT ${COLUMNS} FROM ${FROM} ${whereSql(where)} ORDER BY ${orderBy(q as TableQuery<keyof typeof SORTS>, SORTS, "r.id")}`,
    args,
  };
}

async function findRun(db: ReferenceDb, id: number) {
  const found = await db.client.execute({
    sql: `SELECT ${COLUMNS}, r.csv FROM ${FROM} WHERE r.id = ? AND r.csv IS NOT NULL`,
    args: [id],
  });
  const row = found.rows[0];
  return row ? { record: runFromRow(row), csv: text(row.csv) } : null;
}

async function schedulesOf(db: ReferenceDb): Promise<CarrierExportSchedule[]> {
  const [carriers, rows] = await Promise.all([
    db.client.execute("SELECT id, name, active FROM carriers ORDER BY name COLLATE NOCASE, id"),
    db.client.execute("SELECT carrier_id, kind, frequency, since FROM carrier_export_schedules"),
  ]);
  return carriers.rows.map((c) => {
    const own = rows.rows.filter((r) => Number(r.carrier_id) === Number(c.id));
    const frequencies = Object.fromEntries(
      EXPORT_KINDS.map((k) => [k, (own.find((r) => r.kind === k)?.frequency ?? "off") as ExportFrequency]),
    ) as Record<ExportKind, ExportFrequency>;
    const updatedAt =
      own
        .map((r) => text(r.since))
        .sort()
        .at(-1) ?? null;
    return {
      carrier: { id: Number(c.id), name: text(c.name), active: Number(c.active) === 1 },
      frequencies,
      updatedAt,
    };
  });
}

export function registerCarrierExportRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  app.get("/api/admin/carrier_exports", async (req, res: AdminResponse) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    await catchUp(db);
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, carriers, months] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      db.client.execute("SELECT id, name, active FROM carriers ORDER BY name COLLATE NOCASE, id"),
      db.client.execute(
        "SELECT DISTINCT substr(built_at, 1, 7) AS m FROM carrier_export_runs WHERE csv IS NOT NULL ORDER BY m DESC",
      ),
    ]);
    const body: z.infer<typeof AdminCarrierExportsResponseSchema> = {
      records: rows.map(runFromRow),
      meta,
      facets: {
        carrier: carriers.rows.map((r) => ({
          value: text(r.id),
          label: Number(r.active) === 1 ? text(r.name) : `${text(r.name)} (inactive)`,
        })),
        kind: EXPORT_KINDS.map((value) => ({ value, label: EXPORT_KIND_LABELS[value] })),
        trigger: EXPORT_TRIGGERS.map((value) => ({ value, label: EXPORT_TRIGGER_LABELS[value] })),
        month: months.rows.map((r) => ({
          value: text(r.m),
          label: new Date(`${text(r.m)}-01T00:00:00Z`).toLocaleString("en-US", {
            month: "long",
            year: "numeric",
            timeZone: "UTC",
          }),
        })),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/carrier_exports/export", async (req, res: AdminResponse) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    await catchUp(db);
    await streamCsv(
      res,
      db,
      "carrier_exports.csv",
      ["Id", "Carrier", "Kind", "Built", "Built by", "Covers from", "Covers to", "Rows", "File"],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const e = runFromRow(row);
        return [
          e.id,
          e.carrier.name,
          EXPORT_KIND_LABELS[e.kind],
          e.builtAt,
          builtByText(e),
          e.coveredFrom,
          e.coveredTo,
          e.rowCount,
          e.fileName,
        ];
      },
    );
  });

  app.get("/api/admin/carrier_exports/schedules", async (_req, res: AdminResponse) => {
    const body: z.infer<typeof CarrierExportSchedulesResponseSchema> = { schedules: await schedulesOf(db) };
    res.json(body);
  });

  app.put("/api/admin/carrier_exports/schedules/:id", async (req, res: AdminResponse) => {
    const carrierId = positiveInt(String(req.params.id));
    const parsed = CarrierExportScheduleBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const outcome = await db.exclusive(async () => {
      const before = (await schedulesOf(db)).find((s) => s.carrier.id === carrierId);
      if (!before) return null;
      const at = new Date().toISOString();
      const changes = changesOf(before.frequencies, parsed.data, EXPORT_KINDS);
      if (changes.length) {
        await db.client.batch(
          [
            ...EXPORT_KINDS.filter((k) => before.frequencies[k] !== parsed.data[k]).map((k) => ({
              sql: `INSERT INTO carrier_export_schedules (carrier_id, kind, frequency, since) VALUES (?, ?, ?, ?)
                    ON CONFLICT (carrier_id, kind) DO UPDATE SET frequency = excluded.frequency, since = excluded.since`,
              args: [before.carrier.id, k, parsed.data[k], at],
            })),
            audit(res.locals.session, {
              resource: SCHEDULES,
              recordId: before.carrier.id,
              action: "updated",
              changes,
              at,
            }),
          ],
          "write",
        );
      }
      return (await schedulesOf(db)).find((s) => s.carrier.id === carrierId)!;
    });
    if (!outcome) return fail(res, 404, notFound("carrier", String(req.params.id)));
    logger.info({ carrierId, adminId: res.locals.session.user.userId }, "admin changed a carrier's export schedule");
    res.json({ record: outcome });
  });

  app.get("/api/admin/carrier_exports/:id", async (req, res: AdminResponse) => {
    const id = idParam(req, res, WHAT);
    if (id == null) return;
    await catchUp(db);
    const found = await findRun(db, id);
    if (!found) return fail(res, 404, notFound(WHAT, String(id)));
    const [header = [], ...rows] = firstRecords(found.csv, PREVIEW_ROWS + 1);
    const body: z.infer<typeof AdminCarrierExportResponseSchema> = {
      record: found.record,
      history: await historyOf(db, RESOURCE, id),
      preview: { header, rows },
    };
    res.json(body);
  });

  app.get("/api/admin/carrier_exports/:id/file", async (req, res: AdminResponse) => {
    const id = idParam(req, res, WHAT);
    if (id == null) return;
    const found = await findRun(db, id);
    if (!found) return fail(res, 404, notFound(WHAT, String(id)));
    res.status(200);
    res.setHeader("content-type", "text/csv; charset=utf-8");
    res.setHeader("content-disposition", `attachment; filename="${found.record.fileName}"`);
    res.setHeader("cache-control", "no-store");
    res.send(found.csv);
  });

  app.post("/api/admin/carrier_exports", async (req, res: AdminResponse) => {
    const parsed = AdminCarrierExportBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const { carrierId, kind } = parsed.data;
    const session = res.locals.session;
    type Outcome = { fields: Record<string, string[]> } | { id: number };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const carrier = await db.client.execute({
        sql: "SELECT name, active FROM carriers WHERE id = ?",
        args: [carrierId],
      });
      const found = carrier.rows[0];
      if (!found) return { fields: { carrierId: [UNKNOWN_CARRIER] } };
      if (Number(found.active) !== 1) return { fields: { carrierId: [INACTIVE_CARRIER] } };
      const now = new Date();
      const to = now.toISOString();
      const last = await db.client.execute({
        sql: "SELECT MAX(covered_to) AS t FROM carrier_export_runs WHERE carrier_id = ? AND kind = ? AND covered_to <= ?",
        args: [carrierId, kind, to],
      });
      const floor = new Date(now.getTime() - FIRST_WINDOW_DAYS * DAY).toISOString();
      const lastTo = text(last.rows[0]?.t);
      const from = lastTo && lastTo > floor ? lastTo : floor;
      const file = await buildFile(db, carrierId, kind, from, to);
      const inserted = await db.client.execute({
        sql: `INSERT INTO carrier_export_runs (carrier_id, kind, trigger, frequency, built_by, built_at, covered_from,
                covered_to, slot_at, row_count, csv) VALUES (?, ?, 'manual', NULL, ?, ?, ?, ?, NULL, ?, ?)`,
        args: [carrierId, kind, session.user.userId, to, from, to, file.rowCount, file.csv],
      });
      const id = Number(inserted.lastInsertRowid);
      await db.client.batch(
        [
          audit(session, {
            resource: RESOURCE,
            recordId: id,
            action: "built",
            changes: changesOf({}, { carrier: text(found.name), kind: EXPORT_KIND_LABELS[kind], rows: file.rowCount }),
            at: to,
          }),
        ],
        "write",
      );
      return { id };
    });
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ exportId: outcome.id, adminId: session.user.userId }, "admin built a carrier export");
    res.status(201).json({ record: (await findRun(db, outcome.id))!.record });
  });
}
