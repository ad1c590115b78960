/**
 * Commission totals (issue 23 §2; docs/upstream-api.md "Commission totals"): /api/admin/commission_totals, the
 * administrators' read-only list (one row per agent or agency and published period), its CSV export and the
 * drill-down of one row (/api/admin/commission_totals/<userId>-<YYYY-MM>: the lines and entries behind it). Mounted
 * behind requireAdmin by app.ts. Every figure comes from totals.ts, which the agents' Commissions reads too.
 *
 * Filters: period; carrierId (street and overrides of that carrier only, rows without its business left out;
 * entries, balances and payout stay the person's whole, they are not per carrier); agencyId (the agency and its
 * whole downline through users.upline_user_id, recursively); search (the person's name or e-mail).
 */
import type { Express } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type {
  AdminCommissionTotalDetailSchema,
  AdminCommissionTotalsResponseSchema,
} from "../../../app/admin/sections/commission_totals/contract.server.ts";
import {
  type AdminCommissionTotal,
  type LineKind,
  periodLabel,
  totalKey,
  totalKeyOf,
  totalRowId,
} from "../../../app/admin/sections/commission_totals/records.ts";
import { centsText, sumCents } from "../../../app/domain/cents.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { streamCsv } from "../admin/admin-support.ts";
import { QueryError, fail, idFilter, readQuery } from "../admin/list-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, scalar } from "../core/paging.ts";
import { agencyNameOf } from "../invitations/routes.ts";
import { MINIMUM_PAYOUT_CENTS, type PeriodTotal, loadTotals, publishedPeriodsOf } from "./totals.ts";

type Row = AdminCommissionTotal;

/** One collator for every comparison (localeCompare with options builds one per call: slow on thousands of rows). */
const NAMES = new Intl.Collator("en", { sensitivity: "base" });

const SORTS = {
  name: (a: Row, b: Row) => NAMES.compare(a.name, b.name),
  period: (a: Row, b: Row) => a.period.localeCompare(b.period),
  street: (a: Row, b: Row) => a.streetCents - b.streetCents,
  overrides: (a: Row, b: Row) => a.overridesCents - b.overridesCents,
  entries: (a: Row, b: Row) => a.entriesCents - b.entriesCents,
  payout: (a: Row, b: Row) => a.payoutCents - b.payoutCents,
  carriedForward: (a: Row, b: Row) => a.carriedForwardCents - b.carriedForwardCents,
} as const;

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

function listQuery(source: Record<string, unknown>) {
  const q = parseTableQuery(source, SORTS);
  const period = scalar(source.period) || null;
  if (period !== null && !PERIOD.test(period)) throw new QueryError("period must be a month, YYYY-MM");
  return { q, period, carrierId: idFilter(source, "carrierId"), agencyId: idFilter(source, "agencyId") };
}
type ListQuery = ReturnType<typeof listQuery>;

interface Person {
  name: string;
  email: string;
  role: "Agent" | "Agency";
  agencyName: string | null;
}

async function peopleOf(db: ReferenceDb): Promise<Map<number, Person>> {
  const rows = await db.client.execute(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.role, ag.id AS ag_id, ag.first_name AS ag_first,
            ag.last_name AS ag_last
     FROM users u LEFT JOIN users ag ON ag.id = u.upline_user_id
     WHERE u.role IN ('Agent', 'Agency')`,
  );
  return new Map(
    rows.rows.map((r) => {
      const role = String(r.role) as Person["role"];
      const first = String(r.first_name);
      const last = String(r.last_name);
      return [
        Number(r.id),
        {
          name: role === "Agency" ? agencyNameOf(Number(r.id), first, last) : `${first} ${last}`,
          email: String(r.email),
          role,
          agencyName: r.ag_id == null ? null : agencyNameOf(Number(r.ag_id), String(r.ag_first), String(r.ag_last)),
        },
      ];
    }),
  );
}

/** The agency and everyone under it, through users.upline_user_id, recursively. */
async function downlineOf(db: ReferenceDb, agencyId: number): Promise<Set<number>> {
  const rows = await db.client.execute({
    sql: `WITH RECURSIVE down(id) AS (SELECT ? UNION SELECT u.id FROM users u JOIN down d ON u.upline_user_id = d.id)
          SELECT id FROM down`,
    args: [agencyId],
  });
  return new Set(rows.rows.map((r) => Number(r.id)));
}

function rowOf(total: PeriodTotal, person: Person, carrierId: number | null): Row | null {
  const byCarrier = carrierId === null ? total.byCarrier : total.byCarrier.filter((c) => c.carrierId === carrierId);
  if (carrierId !== null && byCarrier.length === 0) return null;
  return {
    id: totalRowId(total.userId, total.period),
    key: totalKey(total.userId, total.period),
    userId: total.userId,
    name: person.name,
    role: person.role,
    agencyName: person.agencyName,
    period: total.period,
    streetCents: carrierId === null ? total.streetCents : sumCents(byCarrier.map((c) => c.streetCents)),
    overridesCents: carrierId === null ? total.overridesCents : sumCents(byCarrier.map((c) => c.overridesCents)),
    entriesCents: total.entriesCents,
    carriedInCents: total.carriedInCents,
    payoutCents: total.payoutCents,
    carriedForwardCents: total.carriedForwardCents,
    byCarrier,
  };
}

/** Every row the query matches, in its order (the list pages them; the export takes them all). */
async function rowsOf(db: ReferenceDb, query: ListQuery, onlyUser: number | null = null): Promise<Row[]> {
  const { q, period, carrierId, agencyId } = query;
  const [totals, people, downline] = await Promise.all([
    loadTotals(db, onlyUser === null ? null : [onlyUser]),
    peopleOf(db),
    agencyId === null ? Promise.resolve(null) : downlineOf(db, agencyId),
  ]);
  const search = q.search.toLowerCase();
  const rows: Row[] = [];
  for (const [userId, periods] of totals) {
    const person = people.get(userId);
    if (!person || (downline && !downline.has(userId))) continue;
    if (search && !person.name.toLowerCase().includes(search) && !person.email.toLowerCase().includes(search)) continue;
    for (const total of periods) {
      if (period !== null && total.period !== period) continue;
      const row = rowOf(total, person, carrierId);
      if (row) rows.push(row);
    }
  }
  const direction = q.order === "DESC" ? -1 : 1;
  // No sort named: the newest period first, then by name.
  const primary = q.sort ? SORTS[q.sort] : (a: Row, b: Row) => -SORTS.period(a, b) * direction;
  return rows.sort(
    (a, b) => primary(a, b) * direction || SORTS.name(a, b) || a.userId - b.userId || SORTS.period(a, b),
  );
}

async function facetsOf(db: ReferenceDb): Promise<z.infer<typeof AdminCommissionTotalsResponseSchema>["facets"]> {
  const [periods, carriers, agencies] = await Promise.all([
    publishedPeriodsOf(db),
    db.client.execute(
      `SELECT DISTINCT c.id, c.name FROM carriers c JOIN commission_statements s ON s.carrier_id = c.id
       WHERE s.status = 'locked' ORDER BY c.name, c.id`,
    ),
    db.client.execute(
      `SELECT a.id, a.first_name, a.last_name FROM users a
       WHERE a.role = 'Agency' AND EXISTS (SELECT 1 FROM users d WHERE d.upline_user_id = a.id)`,
    ),
  ]);
  return {
    period: [...periods].reverse().map((p) => ({ value: p, label: periodLabel(p) })),
    carrierId: carriers.rows.map((r) => ({ value: String(r.id), label: String(r.name) })),
    agencyId: agencies.rows
      .map((r) => ({
        value: String(r.id),
        label: agencyNameOf(Number(r.id), String(r.first_name), String(r.last_name)),
      }))
      .sort((a, b) => NAMES.compare(a.label, b.label) || Number(a.value) - Number(b.value)),
  };
}

export function registerCommissionTotalRoutes(app: Express, { db }: { db: ReferenceDb; logger: Logger }) {
  app.get("/api/admin/commission_totals", async (req, res) => {
    const query = readQuery(req, res, listQuery);
    if (!query) return;
    const [rows, facets] = await Promise.all([rowsOf(db, query), facetsOf(db)]);
    const meta = pagingMeta(query.q, rows.length);
    const offset = (meta.currentPage - 1) * meta.perPage;
    const body: z.infer<typeof AdminCommissionTotalsResponseSchema> = {
      records: rows.slice(offset, offset + meta.perPage),
      meta,
      facets,
      minimumPayoutCents: MINIMUM_PAYOUT_CENTS,
    };
    res.json(body);
  });

  app.get("/api/admin/commission_totals/export", async (req, res) => {
    const query = readQuery(req, res, listQuery);
    if (!query) return;
    const rows = await rowsOf(db, query);
    // The rows are computed (the balance rolls forward period by period), so streamCsv pages them from a JSON array
    // argument: the same formula-injection neutralising as every export.
    await streamCsv(
      res,
      db,
      "commission_totals.csv",
      [
        "User id",
        "Name",
        "Role",
        "Agency",
        "Period",
        "Street",
        "Overrides",
        "Entries",
        "Carried in",
        "Payout",
        "Carried forward",
      ],
      { sql: "SELECT value FROM json_each(?) ORDER BY key", args: [JSON.stringify(rows)] },
      (r) => {
        const row = JSON.parse(String(r.value)) as Row;
        return [
          row.userId,
          row.name,
          row.role,
          row.agencyName ?? "",
          row.period,
          centsText(row.streetCents),
          centsText(row.overridesCents),
          centsText(row.entriesCents),
          centsText(row.carriedInCents),
          centsText(row.payoutCents),
          centsText(row.carriedForwardCents),
        ];
      },
    );
  });

  app.get("/api/admin/commission_totals/:key", async (req, res) => {
    const raw = String(req.params.key);
    const key = totalKeyOf(raw);
    const notFound = `No commission total ${raw}: expected <user id>-<YYYY-MM> of a published period`;
    if (!key) return fail(res, 404, notFound);
    const query = listQuery({});
    const [record] = await rowsOf(db, { ...query, period: key.period }, key.userId);
    if (!record) return fail(res, 404, notFound);
    // The lines of one level (street, or the overrides), a page at a time: an agency's month holds hundreds.
    const level = req.query.level === "overrides" ? "overrides" : "street";
    const paging = parseTableQuery(req.query as Record<string, unknown>, {});
    const levelSql = level === "street" ? "sp.level = 0" : "sp.level > 0";
    // The search: a policy number, a member's name or a carrier's (case-insensitive, the text as typed).
    const searchSql = paging.search
      ? " AND (instr(lower(COALESCE(p.policy_number, l.policy_number)), ?) OR instr(lower(l.member_name), ?) OR instr(lower(c.name), ?))"
      : "";
    const needle = paging.search.toLowerCase();
    const searchArgs = paging.search ? [needle, needle, needle] : [];
    const from = `FROM commission_splits sp
            JOIN statement_lines l ON l.id = sp.statement_line_id
            JOIN commission_statements s ON s.id = l.statement_id AND s.status = 'locked'
            JOIN carriers c ON c.id = sp.carrier_id
            LEFT JOIN policies p ON p.id = l.policy_id
            WHERE sp.user_id = ? AND sp.period = ?`;
    const [lines, counts] = await Promise.all([
      db.client.execute({
        sql: `SELECT sp.id, l.statement_id, c.name AS carrier_name, COALESCE(p.policy_number, l.policy_number) AS policy,
                     l.member_name, l.kind, sp.level, sp.amount_cents
              ${from} AND ${levelSql}${searchSql}
              ORDER BY sp.level, c.name, l.member_name COLLATE NOCASE, sp.id
              LIMIT ? OFFSET ?`,
        args: [key.userId, key.period, ...searchArgs, paging.perPage, (paging.page - 1) * paging.perPage],
      }),
      db.client.execute({
        sql: `SELECT SUM(sp.level = 0) AS street, SUM(sp.level > 0) AS overrides,
                     SUM(${levelSql}${searchSql}) AS matching ${from}`,
        args: [...searchArgs, key.userId, key.period],
      }),
    ]);
    const lineCounts = {
      street: Number(counts.rows[0]?.street ?? 0),
      overrides: Number(counts.rows[0]?.overrides ?? 0),
    };
    const totals = await loadTotals(db, [key.userId]);
    const total = totals.get(key.userId)?.find((t) => t.period === key.period);
    const body: z.infer<typeof AdminCommissionTotalDetailSchema> = {
      record,
      lines: lines.rows.map((r) => ({
        id: Number(r.id),
        statementId: Number(r.statement_id),
        carrierName: String(r.carrier_name),
        policyNumber: String(r.policy),
        memberName: String(r.member_name),
        kind: String(r.kind) as LineKind,
        level: Number(r.level),
        amountCents: Number(r.amount_cents),
      })),
      level,
      lineCounts,
      meta: pagingMeta(paging, Number(counts.rows[0]?.matching ?? 0)),
      entries: total?.entries ?? [],
      minimumPayoutCents: MINIMUM_PAYOUT_CENTS,
    };
    res.json(body);
  });
}
