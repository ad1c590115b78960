/**
 * Policy production (issue 23 §4; docs/upstream-api.md "Policy production"): GET /api/admin/policy_production and
 * /export, mounted behind requireAdmin by app.ts. Read-only: policies counted per broker over a range of months
 * (default: the last 24 complete ones; carriers report up to about two weeks late), new, plan change and renewal
 * apart, an agency's row rolled up over its whole downline; `agencyId` opens an agency (its direct downline's rows
 * and its own policies' row); the summary carries the chart's monthly series for the same filter.
 */
import type { Express } from "express";
import type { Logger } from "pino";
import type { z } from "zod";
import type { PolicyProductionResponseSchema } from "../../../app/admin/sections/policy_production/contract.server.ts";
import {
  DEFAULT_MONTHS,
  MAX_MONTHS,
  type ProductionMonth,
  type ProductionRow,
  addMonths,
  agencyChoicesOf,
  isMonth,
  longMonth,
  monthsBetween,
  newestCompleteMonth,
} from "../../../app/admin/sections/policy_production/records.ts";
import { pagingMeta } from "../../../app/domain/table.ts";
import { streamCsv } from "../admin/admin-support.ts";
import type { ReferenceDb } from "../core/db.ts";
import { parseTableQuery, scalar } from "../core/paging.ts";
import { QueryError, fail, idFilter, pageOf, readQuery } from "../admin/list-support.ts";
import {
  type ProductionFilter,
  SORTS,
  agenciesQuery,
  orderOf,
  rowsQuery,
  seriesQuery,
  uplinesQuery,
} from "./queries.ts";

export const NOT_AN_AGENCY = "agencyId must be an agency";
export const RANGE_BACKWARDS = "from must not be after to";
export const RANGE_TOO_WIDE = `The range may span at most ${MAX_MONTHS} months`;

function monthFilter(source: Record<string, unknown>, name: string): string | null {
  const raw = scalar(source[name]);
  if (raw === undefined || raw === "") return null;
  if (!isMonth(raw)) throw new QueryError(`${name} must be a month YYYY-MM`);
  return raw;
}

/** The list's query: paging, sort, search, and the filters (a malformed one: QueryError, the route's 422). */
function parseQuery(source: Record<string, unknown>, today: Date) {
  const q = parseTableQuery(source, SORTS);
  const newestComplete = newestCompleteMonth(today);
  const asked = { from: monthFilter(source, "from"), to: monthFilter(source, "to") };
  const to = asked.to ?? (asked.from ? addMonths(asked.from, DEFAULT_MONTHS - 1) : newestComplete);
  const from = asked.from ?? addMonths(to, -(DEFAULT_MONTHS - 1));
  if (monthsBetween(from, to) < 1) throw new QueryError(RANGE_BACKWARDS);
  if (monthsBetween(from, to) > MAX_MONTHS) throw new QueryError(RANGE_TOO_WIDE);
  const filter: ProductionFilter = {
    from,
    to,
    carrierId: idFilter(source, "carrierId"),
    productId: idFilter(source, "productId"),
    agencyId: idFilter(source, "agencyId"),
  };
  const rows = rowsQuery(filter, q.search || null);
  return {
    q,
    filter,
    newestComplete,
    rows: { sql: `${rows.sql} ORDER BY ${orderOf(q.sort, q.order)}`, args: rows.args },
  };
}

const rowOf = (r: Record<string, unknown>): ProductionRow => ({
  id: Number(r.id),
  name: String(r.name),
  npnNumber: r.npn_number == null ? null : String(r.npn_number as string),
  kind: r.kind === "Agency" ? "Agency" : "Agent",
  own: Number(r.own) === 1,
  hasDownline: Number(r.has_downline) === 1,
  newCount: Number(r.new_count),
  planChangeCount: Number(r.plan_change_count),
  renewalCount: Number(r.renewal_count),
  total: Number(r.total),
});

/** Every month of the range, oldest first, zero where no policy took effect. */
function fullSeries(from: string, to: string, rows: Array<Record<string, unknown>>): ProductionMonth[] {
  const found = new Map(rows.map((r) => [String(r.month), r]));
  const series: ProductionMonth[] = [];
  for (let month = from; monthsBetween(month, to) >= 1; month = addMonths(month, 1)) {
    const r = found.get(month);
    series.push({
      month,
      newCount: Number(r?.n ?? 0),
      planChangeCount: Number(r?.pc ?? 0),
      renewalCount: Number(r?.r ?? 0),
    });
  }
  return series;
}

export function registerPolicyProductionRoutes(
  app: Express,
  { db, today = () => new Date() }: { db: ReferenceDb; logger: Logger; today?: () => Date },
) {
  /** The opened agency and its uplines (null when it is no agency: the caller answers 422). */
  const hierarchyOf = async (agencyId: number) => {
    const q = uplinesQuery(agencyId);
    const chain = (await db.client.execute(q)).rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      role: String(r.role),
    }));
    const [agency, ...uplines] = chain;
    if (!agency || agency.id !== agencyId || agency.role !== "Agency") return null;
    return {
      agency: { id: agency.id, name: agency.name },
      path: uplines.reverse().map(({ id, name }) => ({ id, name })),
    };
  };

  /** The filters' choices: carriers and products that have policies, every agency, the months with policies. */
  const facetsOf = async (newestComplete: string) => {
    const [carriers, products, agencies, span] = await Promise.all([
      db.client.execute(`SELECT DISTINCT c.id, c.name FROM policies p
        JOIN carrier_products cp ON cp.id = p.carrier_product_id JOIN carriers c ON c.id = cp.carrier_id
        ORDER BY c.name COLLATE NOCASE, c.id`),
      db.client.execute(`SELECT DISTINCT pr.id, pr.name, pr.position FROM policies p
        JOIN carrier_products cp ON cp.id = p.carrier_product_id JOIN products pr ON pr.id = cp.product_id
        ORDER BY pr.position, pr.id`),
      db.client.execute(agenciesQuery()),
      db.client.execute(
        "SELECT substr(MIN(effective_date), 1, 7) AS first, substr(MAX(effective_date), 1, 7) AS last FROM policies",
      ),
    ]);
    const named = (rows: typeof carriers.rows) => rows.map((r) => ({ value: String(r.id), label: String(r.name) }));
    // Agencies of the same name are told apart by their NPN (agencyChoices).
    const agencyChoices = agencyChoicesOf(
      agencies.rows.map((r) => ({
        id: Number(r.id),
        name: String(r.name),
        npnNumber: r.npn_number == null ? null : String(r.npn_number as string),
      })),
    );
    const first = String(span.rows[0]?.first ?? newestComplete);
    const last = String(span.rows[0]?.last ?? newestComplete);
    const months: Array<{ value: string; label: string }> = [];
    for (let m = last; monthsBetween(first, m) >= 1 && months.length < 240; m = addMonths(m, -1))
      months.push({
        value: m,
        label: monthsBetween(m, newestComplete) < 1 ? `${longMonth(m)} (incomplete)` : longMonth(m),
      });
    return {
      carrierId: named(carriers.rows),
      productId: named(products.rows),
      agencyId: agencyChoices,
      from: months,
      to: months,
    };
  };

  app.get("/api/admin/policy_production", async (req, res) => {
    const parsed = readQuery(req, res, (source) => parseQuery(source, today()));
    if (!parsed) return;
    const { q, filter, newestComplete } = parsed;
    const hierarchy = filter.agencyId == null ? null : await hierarchyOf(filter.agencyId);
    if (filter.agencyId != null && !hierarchy) return fail(res, 422, NOT_AN_AGENCY);
    const counted = await db.client.execute({
      sql: `SELECT COUNT(*) AS n FROM (${rowsQuery(filter, q.search || null).sql})`,
      args: parsed.rows.args,
    });
    const meta = pagingMeta(q, Number(counted.rows[0]?.n ?? 0));
    const [page, series, facets] = await Promise.all([
      pageOf(
        db,
        { count: "SELECT 0 AS n", rows: parsed.rows.sql, args: parsed.rows.args },
        meta.perPage,
        (meta.currentPage - 1) * meta.perPage,
      ),
      db.client.execute(seriesQuery(filter)),
      facetsOf(newestComplete),
    ]);
    const body: z.infer<typeof PolicyProductionResponseSchema> = {
      records: page.rows.map(rowOf),
      meta,
      facets,
      summary: {
        from: filter.from,
        to: filter.to,
        newestComplete,
        agency: hierarchy?.agency ?? null,
        path: hierarchy?.path ?? [],
        series: fullSeries(filter.from, filter.to, series.rows),
      },
    };
    res.json(body);
  });

  app.get("/api/admin/policy_production/export", async (req, res) => {
    const parsed = readQuery(req, res, (source) => parseQuery(source, today()));
    if (!parsed) return;
    const { filter } = parsed;
    if (filter.agencyId != null && !(await hierarchyOf(filter.agencyId))) return fail(res, 422, NOT_AN_AGENCY);
    await streamCsv(
      res,
      db,
      `policy_production_${filter.from}_${filter.to}.csv`,
      ["Agent id", "Agent", "NPN", "Kind", "From", "To", "New", "Plan change", "Renewal", "Total"],
      parsed.rows,
      (r) => {
        const row = rowOf(r);
        return [
          row.id,
          row.name,
          row.npnNumber ?? "",
          row.own ? "Own policies" : row.kind,
          filter.from,
          filter.to,
          row.newCount,
          row.planChangeCount,
          row.renewalCount,
          row.total,
        ];
      },
    );
  });
}
