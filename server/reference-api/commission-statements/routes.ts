/**
 * Commission statements (issue 23 §1; docs/upstream-api.md "Commission statements"): /api/admin/commission_statements,
 * the administrators' list, record, lines and CSV export; the imports of carriers' files (imports.ts); the
 * reconciliation of a draft statement's lines and its lock (mounted behind requireAdmin by app.ts). Every write is in
 * the admin audit of the statement. A locked statement refuses every change (409): a correction is a payout entry.
 * A statement counts its changes (`version`: each line reconciled, the lock); the lock carries the version it was
 * shown, and another one is a 409 "This entry changed since you opened it" (reason "stale"), nothing locked (issue 35).
 */
import type { InValue, Row } from "@libsql/client";
import type { Express, Request } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import {
  type AdminCommissionStatementResponseSchema,
  type AdminCommissionStatementsResponseSchema,
  ReconcileBodySchema,
  type StatementAgentsResponseSchema,
  StatementImportParamsSchema,
  StatementLockBodySchema,
  type StatementImportPreviewSchema,
  type StatementLinesResponseSchema,
  StatementMappingBodySchema,
} from "../../../app/admin/sections/commission_statements/contract.server.ts";
import {
  type AdminCommissionStatement,
  LINE_KINDS,
  LINE_STATES,
  type KindTotal,
  type LineKind,
  STATEMENT_STATUSES,
  type StatementLine,
} from "../../../app/admin/sections/commission_statements/records.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { type AdminResponse, audit, historyOf, refuseFields, refuseStale, streamCsv } from "../admin/admin-support.ts";
import {
  NOT_AN_OBJECT,
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
import type { ReferenceDb } from "../core/db.ts";
import { refuseUnread, uploadFacts } from "../core/file-imports/http.ts";
import {
  type MappingOutcome,
  NOT_IN_PREVIEW,
  confirmRoute,
  discardStaged,
  missingColumns,
  refusedDiscard,
  refusedMapping,
} from "../core/file-imports/routes.ts";
import { parseTableQuery, positiveInt, scalar, type TableQuery } from "../core/paging.ts";
import { IMPORT_LIMITS, confirmImport, findImport, importRows, readImport, remapImport } from "./imports.ts";
import { loadUplines, splitStatements } from "./splits.ts";

export const LOCKED = "This statement is locked: record a correcting payout entry instead.";
export const unmatchedLeft = (n: number) =>
  `This statement has ${n} unmatched ${n === 1 ? "line" : "lines"}: match ${n === 1 ? "it" : "them"} or set ${n === 1 ? "it" : "them"} aside before locking.`;
export const UNKNOWN_POLICY = "No policy has this number.";
export const NOT_AN_AGENT = "Choose an agent or agency.";

const RESOURCE = "commission_statements";

const SORTS = {
  carrier: ["c.name COLLATE NOCASE"],
  period: ["s.period"],
  status: ["s.status"],
  lines: ["line_count"],
  total: ["total_cents"],
  unmatched: ["unmatched_count"],
  importedAt: ["s.imported_at"],
  lockedAt: ["s.locked_at"],
} as const;

const STATEMENT_FROM = `FROM commission_statements s
  LEFT JOIN carriers c ON c.id = s.carrier_id
  LEFT JOIN users ib ON ib.id = s.imported_by
  LEFT JOIN users lb ON lb.id = s.locked_by
  LEFT JOIN (SELECT statement_id, COUNT(*) AS n, SUM(amount_cents) AS total,
               SUM(state = 'unmatched') AS unmatched, SUM(state = 'set_aside') AS aside
             FROM statement_lines GROUP BY statement_id) a ON a.statement_id = s.id`;

const STATEMENT_COLUMNS = `s.*, c.name AS carrier_name, ib.first_name AS ib_first, ib.last_name AS ib_last,
  lb.first_name AS lb_first, lb.last_name AS lb_last, COALESCE(a.n, 0) AS line_count,
  COALESCE(a.total, 0) AS total_cents, COALESCE(a.unmatched, 0) AS unmatched_count, COALESCE(a.aside, 0) AS aside_count`;

const nameOf = (first: unknown, last: unknown) => `${String(first ?? "")} ${String(last ?? "")}`.trim();
const person = (id: unknown, first: unknown, last: unknown) =>
  id == null ? null : { userId: Number(id), name: nameOf(first, last) };

function statementFromRow(r: Row | Record<string, unknown>): AdminCommissionStatement {
  return {
    id: Number(r.id),
    carrierId: Number(r.carrier_id),
    carrierName: String(r.carrier_name ?? `Carrier ${Number(r.carrier_id)}`),
    period: String(r.period),
    carrierStatementDate: String(r.carrier_statement_date),
    fileName: String(r.file_name),
    status: String(r.status) as AdminCommissionStatement["status"],
    lineCount: Number(r.line_count),
    totalCents: Number(r.total_cents),
    unmatchedCount: Number(r.unmatched_count),
    setAsideCount: Number(r.aside_count),
    importedBy: person(r.imported_by, r.ib_first, r.ib_last),
    importedAt: String(r.imported_at),
    lockedBy: person(r.locked_by, r.lb_first, r.lb_last),
    lockedAt: r.locked_at == null ? null : String(r.locked_at),
    version: Number(r.version),
  };
}

async function findStatement(db: ReferenceDb, id: number): Promise<AdminCommissionStatement | null> {
  const found = await db.client.execute({
    sql: `SELECT ${STATEMENT_COLUMNS} ${STATEMENT_FROM} WHERE s.id = ?`,
    args: [id],
  });
  const row = found.rows[0];
  return row ? statementFromRow(row) : null;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

function listQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const where: string[] = [];
  const args: InValue[] = [];
  if (q.search) {
    where.push(
      "(instr(lower(c.name), lower(?)) > 0 OR instr(lower(s.file_name), lower(?)) > 0 OR instr(s.period, ?) > 0)",
    );
    args.push(q.search, q.search, q.search);
  }
  const carrier = idFilter(source, "carrier");
  if (carrier != null) {
    where.push("s.carrier_id = ?");
    args.push(carrier);
  }
  const period = scalar(source.period);
  if (period) {
    if (!PERIOD.test(period)) throw new QueryError("period must be YYYY-MM");
    where.push("s.period = ?");
    args.push(period);
  }
  const status = enumFilter(source, "status", STATEMENT_STATUSES);
  if (status != null) {
    where.push("s.status = ?");
    args.push(status);
  }
  return {
    q,
    count: `SELECT COUNT(*) AS n ${STATEMENT_FROM} ${whereSql(where)}`,
    rows: `SELECT ${STATEMENT_COLUMNS} ${STATEMENT_FROM} ${whereSql(where)}
           ORDER BY ${q.sort ? orderBy(q as TableQuery<keyof typeof SORTS>, SORTS, "s.id") : "s.period DESC, c.name COLLATE NOCASE, s.id"}`,
    args,
  };
}

function lineFromRow(r: Row): StatementLine {
  return {
    id: Number(r.id),
    lineNo: Number(r.line_no),
    policyNumber: String(r.policy_number),
    memberName: String(r.member_name),
    kind: String(r.kind) as LineKind,
    amountCents: Number(r.amount_cents),
    state: String(r.state) as StatementLine["state"],
    policy: r.policy_id == null ? null : { id: Number(r.policy_id), policyNumber: String(r.p_number ?? "") },
    agent: person(r.agent_user_id, r.a_first, r.a_last),
    matchedBy: person(r.matched_by, r.m_first, r.m_last),
    note: r.note == null ? null : String(r.note),
  };
}

const LINE_SELECT = `SELECT l.*, p.policy_number AS p_number, a.first_name AS a_first, a.last_name AS a_last,
    m.first_name AS m_first, m.last_name AS m_last
  FROM statement_lines l LEFT JOIN policies p ON p.id = l.policy_id LEFT JOIN users a ON a.id = l.agent_user_id
    LEFT JOIN users m ON m.id = l.matched_by`;

/** The facts of an import from the query string (or X-Statement-* headers). */
function importFacts(req: Request) {
  const pick = (name: string, header: string) =>
    scalar((req.query as Record<string, unknown>)[name]) ?? req.get(header);
  return StatementImportParamsSchema.safeParse({
    carrierId: pick("carrierId", "x-statement-carrier-id"),
    period: pick("period", "x-statement-period"),
    carrierStatementDate: pick("carrierStatementDate", "x-statement-date"),
    fileName: pick("fileName", "x-statement-file-name"),
  });
}

export function registerCommissionStatementRoutes(app: Express, { db, logger }: { db: ReferenceDb; logger: Logger }) {
  const base = "/api/admin/commission_statements";

  app.get(base, async (req, res) => {
    const parsed = readQuery(req, res, listQuery);
    if (!parsed) return;
    const counted = await db.client.execute({ sql: parsed.count, args: parsed.args });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const [{ rows }, carriers, periods] = await Promise.all([
      pageOf(db, parsed, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      db.client.execute(
        "SELECT DISTINCT c.id, c.name FROM commission_statements s JOIN carriers c ON c.id = s.carrier_id ORDER BY c.name COLLATE NOCASE",
      ),
      db.client.execute("SELECT DISTINCT period FROM commission_statements ORDER BY period DESC"),
    ]);
    const body: z.infer<typeof AdminCommissionStatementsResponseSchema> = {
      records: rows.map(statementFromRow),
      meta,
      facets: {
        carrier: carriers.rows.map((r) => ({ value: String(r.id), label: String(r.name) })),
        period: periods.rows.map((r) => ({ value: String(r.period), label: String(r.period) })),
        status: [
          { value: "draft", label: "Draft" },
          { value: "locked", label: "Locked" },
        ],
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
      "commission_statements.csv",
      [
        "Id",
        "Carrier",
        "Period",
        "Carrier statement date",
        "File",
        "Status",
        "Lines",
        "Total",
        "Unmatched",
        "Set aside",
        "Imported by",
        "Imported",
        "Locked by",
        "Locked",
      ],
      { sql: parsed.rows, args: parsed.args },
      (row) => {
        const s = statementFromRow(row);
        const cents = String(Math.abs(s.totalCents)).padStart(3, "0");
        return [
          s.id,
          s.carrierName,
          s.period,
          s.carrierStatementDate,
          s.fileName,
          s.status,
          s.lineCount,
          // Whole cents as a decimal text, never through a float.
          `${s.totalCents < 0 ? "-" : ""}${cents.slice(0, -2)}.${cents.slice(-2)}`,
          s.unmatchedCount,
          s.setAsideCount,
          s.importedBy?.name ?? "",
          s.importedAt,
          s.lockedBy?.name ?? "",
          s.lockedAt ?? "",
        ];
      },
    );
  });

  /** The agents and agencies a line can be matched to (search by name, e-mail or id). */
  app.get(`${base}/agents`, async (req, res) => {
    const search = scalar((req.query as Record<string, unknown>).search)?.slice(0, 100) ?? "";
    const found = await db.client.execute({
      sql: `SELECT id, first_name, last_name, role FROM users WHERE role IN ('Agent', 'Agency')
              AND (? = '' OR instr(lower(first_name || ' ' || last_name || ' ' || email), lower(?)) > 0 OR CAST(id AS TEXT) = ?)
              ORDER BY last_name COLLATE NOCASE, first_name COLLATE NOCASE, id LIMIT 500`,
      args: [search, search, search],
    });
    const body: z.infer<typeof StatementAgentsResponseSchema> = {
      agents: found.rows.map((r) => ({
        userId: Number(r.id),
        name: `${nameOf(r.first_name, r.last_name)} (${String(r.role).toLowerCase()} #${Number(r.id)})`,
      })),
    };
    res.json(body);
  });

  // ---- Imports ----

  app.post(`${base}/imports`, async (req, res: AdminResponse) => {
    const facts = await uploadFacts(db, req, res, importFacts(req), IMPORT_LIMITS.maxBytes);
    if (!facts) return;
    const outcome = await readImport(db, res.locals.session, facts, req);
    const record = await findImport(db, outcome.id);
    if (outcome.kind === "refused") {
      logger.info({ importId: outcome.id, status: outcome.status }, "statement import refused");
      return refuseUnread(req, res, outcome.status, { error: outcome.message, import: record });
    }
    logger.info({ importId: outcome.id, rows: record?.rowsRead }, "statement file read");
    res.status(201).json({ import: record });
  });

  const importId = (req: Request, res: AdminResponse) => idParam(req, res, "statement import");

  app.get(`${base}/imports/:id`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const record = await findImport(db, id);
    if (!record) return fail(res, 404, notFound("statement import", String(id)));
    const q = parseTableQuery(req.query as Record<string, unknown>, {});
    const meta = pagingMeta(q, record.counts.rows);
    const body: z.infer<typeof StatementImportPreviewSchema> = {
      import: record,
      rows: await importRows(db, record, meta.perPage, (meta.currentPage - 1) * meta.perPage),
      meta,
    };
    res.json(body);
  });

  app.put(`${base}/imports/:id/mapping`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const parsed = StatementMappingBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const outcome = await db.exclusive(async (): Promise<MappingOutcome> => {
      const record = await findImport(db, id);
      if (!record) return { missing: true };
      if (record.status !== "ready") return { conflict: NOT_IN_PREVIEW };
      const fields = missingColumns(record.headers, parsed.data);
      if (Object.keys(fields).length > 0) return { fields };
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `INSERT INTO statement_mappings (carrier_id, mapping, updated_by, updated_at) VALUES (?, ?, ?, ?)
                  ON CONFLICT (carrier_id) DO UPDATE SET mapping = excluded.mapping, updated_by = excluded.updated_by,
                    updated_at = excluded.updated_at`,
            args: [record.carrierId, JSON.stringify(parsed.data), res.locals.session.user.userId, at],
          },
          {
            sql: "UPDATE statement_imports SET mapping = ?, updated_at = ? WHERE id = ?",
            args: [JSON.stringify(parsed.data), at, id],
          },
        ],
        "write",
      );
      await remapImport(db, id, record.headers, parsed.data);
      return { ok: true };
    });
    if (refusedMapping(res, outcome, "statement import", id)) return;
    logger.info({ importId: id }, "statement mapping saved");
    res.json({ import: await findImport(db, id) });
  });

  confirmRoute(app, `${base}/imports/:id/confirm`, logger, {
    what: "statement import",
    find: async (id) => findImport(db, id),
    confirm: async (session, id, onStart) => confirmImport(db, session, id, onStart),
    done: (record, id) => {
      if (record?.status === "imported")
        logger.info({ importId: id, statementId: record.statementId }, "statement imported");
    },
    failMessage: "The statement could not be written.",
  });

  app.post(`${base}/imports/:id/discard`, async (req, res: AdminResponse) => {
    const id = importId(req, res);
    if (id == null) return;
    const outcome = await discardStaged(db, id, {
      find: async (i) => findImport(db, i),
      importsTable: "statement_imports",
      rowsTable: "statement_import_rows",
      finishedAt: false,
    });
    if (refusedDiscard(res, outcome, "statement import", id)) return;
    res.json({ import: await findImport(db, id) });
  });

  // ---- Statements ----

  app.get(`${base}/:id`, async (req, res) => {
    const id = idParam(req, res, "commission statement");
    if (id == null) return;
    const record = await findStatement(db, id);
    if (!record) return fail(res, 404, notFound("commission statement", String(id)));
    const totals = await db.client.execute({
      sql: `SELECT kind, COUNT(*) AS n, SUM(amount_cents) AS total FROM statement_lines WHERE statement_id = ?
            GROUP BY kind`,
      args: [id],
    });
    const byKind = new Map(totals.rows.map((r) => [String(r.kind), r]));
    const body: z.infer<typeof AdminCommissionStatementResponseSchema> = {
      record,
      totals: LINE_KINDS.map((kind): KindTotal => {
        const r = byKind.get(kind);
        return { kind, lineCount: Number(r?.n ?? 0), totalCents: Number(r?.total ?? 0) };
      }),
      history: await historyOf(db, RESOURCE, id),
    };
    res.json(body);
  });

  app.get(`${base}/:id/lines`, async (req, res) => {
    const id = idParam(req, res, "commission statement");
    if (id == null) return;
    const parsed = readQuery(req, res, (source) => {
      const state = enumFilter(source, "state", LINE_STATES);
      const q = parseTableQuery(source, {});
      return { state, q };
    });
    if (!parsed) return;
    if (!(await findStatement(db, id))) return fail(res, 404, notFound("commission statement", String(id)));
    const where = ["l.statement_id = ?"];
    const args: InValue[] = [id];
    if (parsed.state) {
      where.push("l.state = ?");
      args.push(parsed.state);
    }
    if (parsed.q.search) {
      where.push("(instr(lower(l.policy_number), lower(?)) > 0 OR instr(lower(l.member_name), lower(?)) > 0)");
      args.push(parsed.q.search, parsed.q.search);
    }
    const counted = await db.client.execute({
      sql: `SELECT COUNT(*) AS n FROM statement_lines l ${whereSql(where)}`,
      args,
    });
    const meta = pagingMeta(parsed.q, Number(counted.rows[0]?.n ?? 0));
    const rows = await db.client.execute({
      sql: `${LINE_SELECT} ${whereSql(where)}
            ORDER BY CASE l.state WHEN 'unmatched' THEN 0 WHEN 'set_aside' THEN 1 ELSE 2 END, l.line_no, l.id
            LIMIT ? OFFSET ?`,
      args: [...args, meta.perPage, (meta.currentPage - 1) * meta.perPage],
    });
    const body: z.infer<typeof StatementLinesResponseSchema> = { records: rows.rows.map(lineFromRow), meta };
    res.json(body);
  });

  app.post(`${base}/:id/lines/:lineId/reconcile`, async (req, res: AdminResponse) => {
    const id = idParam(req, res, "commission statement");
    if (id == null) return;
    const lineId = positiveInt(String(req.params.lineId));
    if (lineId == null) return fail(res, 404, notFound("statement line", String(req.params.lineId)));
    if (typeof req.body !== "object" || req.body === null || Array.isArray(req.body))
      return refuseFields(res, { body: [NOT_AN_OBJECT] });
    const parsed = ReconcileBodySchema.safeParse(req.body);
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const body = parsed.data;
    const session = res.locals.session;
    type Outcome =
      { missing: string } | { conflict: string } | { fields: Record<string, string[]> } | { line: StatementLine };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const statement = await findStatement(db, id);
      if (!statement) return { missing: notFound("commission statement", String(id)) };
      const found = await db.client.execute({
        sql: `${LINE_SELECT} WHERE l.id = ? AND l.statement_id = ?`,
        args: [lineId, id],
      });
      const row = found.rows[0];
      if (!row) return { missing: notFound("statement line", String(lineId)) };
      if (statement.status === "locked") return { conflict: LOCKED };
      const before = lineFromRow(row);
      let policyId: number | null = null;
      let agentUserId: number | null = null;
      let state: StatementLine["state"] = "matched";
      let note: string | null = null;
      let to: string;
      if (body.action === "policy") {
        const policy = await db.client.execute({
          sql: "SELECT id, user_id, policy_number FROM policies WHERE lower(policy_number) = lower(?)",
          args: [body.policyNumber],
        });
        const p = policy.rows[0];
        if (!p) return { fields: { policyNumber: [UNKNOWN_POLICY] } };
        policyId = Number(p.id);
        agentUserId = Number(p.user_id);
        to = `policy ${String(p.policy_number)} (agent #${agentUserId})`;
      } else if (body.action === "agent") {
        const agent = await db.client.execute({
          sql: "SELECT id FROM users WHERE id = ? AND role IN ('Agent', 'Agency')",
          args: [body.agentUserId],
        });
        if (agent.rows.length === 0) return { fields: { agentUserId: [NOT_AN_AGENT] } };
        agentUserId = body.agentUserId;
        to = `agent #${agentUserId}`;
      } else {
        state = "set_aside";
        note = body.note;
        to = "set aside";
      }
      const from =
        before.state === "matched"
          ? before.policy
            ? `policy ${before.policy.policyNumber} (agent #${before.agent?.userId ?? "?"})`
            : `agent #${before.agent?.userId ?? "?"}`
          : before.state.replace("_", " ");
      const splits =
        agentUserId == null
          ? []
          : splitStatements(
              [
                {
                  id: lineId,
                  amountCents: before.amountCents,
                  agentUserId,
                  period: statement.period,
                  carrierId: statement.carrierId,
                },
              ],
              await loadUplines(db),
              Number(
                (await db.client.execute("SELECT COALESCE(MAX(id), 0) + 1 AS id FROM commission_splits")).rows[0]?.id ??
                  1,
              ),
            );
      await db.client.batch(
        [
          { sql: "DELETE FROM commission_splits WHERE statement_line_id = ?", args: [lineId] },
          {
            sql: `UPDATE statement_lines SET state = ?, policy_id = ?, agent_user_id = ?, matched_by = ?, note = ?
                  WHERE id = ?`,
            args: [state, policyId, agentUserId, state === "matched" ? session.user.userId : null, note, lineId],
          },
          ...splits,
          // The statement changed: a lock taken on what the page showed before is refused (stale).
          { sql: "UPDATE commission_statements SET version = version + 1 WHERE id = ?", args: [id] },
          audit(session, {
            resource: RESOURCE,
            recordId: id,
            action: state === "matched" ? "line_matched" : "line_set_aside",
            changes: [{ field: `line ${before.lineNo} (${before.policyNumber})`, from, to }],
            note,
          }),
        ],
        "write",
      );
      const after = await db.client.execute({ sql: `${LINE_SELECT} WHERE l.id = ?`, args: [lineId] });
      return { line: lineFromRow(after.rows[0] as Row) };
    });
    if ("missing" in outcome) return fail(res, 404, outcome.missing);
    if ("conflict" in outcome) return fail(res, 409, outcome.conflict);
    if ("fields" in outcome) return refuseFields(res, outcome.fields);
    logger.info({ statementId: id, lineId, action: body.action }, "statement line reconciled");
    res.json({ line: outcome.line });
  });

  app.post(`${base}/:id/lock`, async (req, res: AdminResponse) => {
    const id = idParam(req, res, "commission statement");
    if (id == null) return;
    const parsed = StatementLockBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return refuseFields(res, zodFields(parsed.error));
    const { version } = parsed.data;
    const session = res.locals.session;
    type Outcome = { missing: true } | { conflict: string } | { stale: true } | { record: AdminCommissionStatement };
    const outcome = await db.exclusive(async (): Promise<Outcome> => {
      const statement = await findStatement(db, id);
      if (!statement) return { missing: true };
      if (statement.status === "locked") return { conflict: LOCKED };
      if (statement.unmatchedCount > 0) return { conflict: unmatchedLeft(statement.unmatchedCount) };
      // A line reconciled since the page showed the statement: locked on what was not seen.
      if (statement.version !== version) return { stale: true };
      const at = new Date().toISOString();
      await db.client.batch(
        [
          {
            sql: `UPDATE commission_statements SET status = 'locked', locked_by = ?, locked_at = ?, version = version + 1
                  WHERE id = ? AND version = ?`,
            args: [session.user.userId, at, id, version],
          },
          audit(session, {
            resource: RESOURCE,
            recordId: id,
            action: "locked",
            changes: [{ field: "status", from: "draft", to: "locked" }],
            at,
          }),
        ],
        "write",
      );
      return { record: (await findStatement(db, id)) as AdminCommissionStatement };
    });
    if ("missing" in outcome) return fail(res, 404, notFound("commission statement", String(id)));
    if ("conflict" in outcome) return fail(res, 409, outcome.conflict);
    if ("stale" in outcome) return refuseStale(res);
    logger.info({ statementId: id }, "statement locked");
    res.json({ record: outcome.record });
  });

  // Every other write to a statement (PATCH, DELETE): a locked statement says how to correct it.
  app.all(`${base}/:id`, async (req, res) => {
    const id = positiveInt(String(req.params.id));
    const statement = id == null ? null : await findStatement(db, id);
    if (!statement) return fail(res, 404, notFound("commission statement", String(req.params.id)));
    if (statement.status === "locked") return fail(res, 409, LOCKED);
    res.setHeader("allow", "GET");
    fail(res, 405, "A statement changes through its lines' reconciliation and its lock.");
  });
}
