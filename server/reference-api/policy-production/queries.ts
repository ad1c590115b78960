/**
 * Policy production's queries (issue 23 §4): policies counted per broker over a range of months (a policy's month is
 * its effective date's), new enrolments, plan changes and renewals apart; an agency's figures are its own policies'
 * plus its whole downline's (users.upline_user_id, followed recursively in SQL, so the list, its sort, its paging and
 * the CSV export are one query). Brokers are the users of role Agent or Agency.
 */
import type { InValue } from "@libsql/client";
import { addMonths } from "../../../app/admin/sections/policy_production/records.ts";
import { SEED_AGENCY_NAMES } from "../invitations/seed.ts";

/** The filters every query of the section shares (checked by the route). */
export interface ProductionFilter {
  from: string;
  to: string;
  carrierId: number | null;
  productId: number | null;
  /** The opened agency: its direct downline's rows and its own policies' row; null: the top level. */
  agencyId: number | null;
}

/** The brokers, and each one's subtree (itself and everyone under it, at any depth; UNION stops at a cycle). */
const BROKERS = `brokers AS (SELECT id, upline_user_id, role, first_name, last_name, npn_number FROM users
    WHERE role IN ('Agent', 'Agency')),
  tree(ancestor, member) AS (
    SELECT id, id FROM brokers
    UNION
    SELECT t.ancestor, b.id FROM tree t JOIN brokers b ON b.upline_user_id = t.member
  )`;

/** The policies that count: their effective month within the range, of the carrier and product asked for. */
function policyWhere(f: ProductionFilter): { sql: string; args: InValue[] } {
  const where = ["p.effective_date >= ?", "p.effective_date < ?"];
  const args: InValue[] = [`${f.from}-01`, `${addMonths(f.to, 1)}-01`];
  if (f.carrierId != null) {
    where.push("cp.carrier_id = ?");
    args.push(f.carrierId);
  }
  if (f.productId != null) {
    where.push("cp.product_id = ?");
    args.push(f.productId);
  }
  return { sql: where.join(" AND "), args };
}

const COUNTS = `SUM(p.sale_kind = 'new') AS n, SUM(p.sale_kind = 'plan_change') AS pc, SUM(p.sale_kind = 'renewal') AS r`;

/** A broker's name as every page shows it: the agency's name where it has one, else the user's full name. */
const NAME = "COALESCE(nm.name, b.first_name || ' ' || b.last_name)";
const NAMES = "names AS (SELECT CAST(key AS INTEGER) AS id, value AS name FROM json_each(?))";
const namesArg = () => JSON.stringify(SEED_AGENCY_NAMES);

export const OWN_SUFFIX = " (own policies)";

export const SORTS = {
  name: "name COLLATE NOCASE",
  newCount: "new_count",
  planChangeCount: "plan_change_count",
  renewalCount: "renewal_count",
  total: "total",
} as const;
export type ProductionSort = keyof typeof SORTS;

/** ORDER BY of the rows: the opened agency's own row first, then the sort (default: the most policies first). */
export function orderOf(sort: ProductionSort | null, order: "ASC" | "DESC"): string {
  return sort
    ? `own DESC, ${SORTS[sort]} ${order}, id ${order}`
    : "own DESC, total DESC, name COLLATE NOCASE ASC, id ASC";
}

/**
 * The rows of one level: the top level (brokers under no agency: top-level agencies, and agents writing under none),
 * or an opened agency's direct downline with its own policies' row. Rows without production are left out (the
 * own-policies row never is, so an opened agency's sum is always on the page). Columns: id, name, npn_number, kind,
 * own, has_downline, new_count, plan_change_count, renewal_count, total.
 */
export function rowsQuery(f: ProductionFilter, search: string | null): { sql: string; args: InValue[] } {
  const policies = policyWhere(f);
  const level =
    f.agencyId == null
      ? `(b.upline_user_id IS NULL OR NOT EXISTS (SELECT 1 FROM brokers a WHERE a.id = b.upline_user_id AND a.role = 'Agency'))`
      : "b.upline_user_id = ?";
  const args: InValue[] = [...policies.args, namesArg(), ...(f.agencyId == null ? [] : [f.agencyId])];
  const ownRow =
    f.agencyId == null
      ? ""
      : `UNION ALL
    SELECT b.id, ${NAME} || '${OWN_SUFFIX}', b.npn_number, b.role, 1, 0, COALESCE(o.n, 0), COALESCE(o.pc, 0), COALESCE(o.r, 0)
    FROM brokers b LEFT JOIN own o ON o.user_id = b.id LEFT JOIN names nm ON nm.id = b.id WHERE b.id = ?`;
  if (f.agencyId != null) args.push(f.agencyId);
  const searchSql = search ? "AND instr(lower(name), lower(?)) > 0" : "";
  if (search) args.push(search);
  const sql = `WITH RECURSIVE ${BROKERS},
  own AS (SELECT p.user_id, ${COUNTS} FROM policies p JOIN carrier_products cp ON cp.id = p.carrier_product_id
    WHERE ${policies.sql} GROUP BY p.user_id),
  rolled AS (SELECT t.ancestor AS id, SUM(o.n) AS n, SUM(o.pc) AS pc, SUM(o.r) AS r
    FROM tree t JOIN own o ON o.user_id = t.member GROUP BY t.ancestor),
  ${NAMES},
  level_rows(id, name, npn_number, kind, own, has_downline, new_count, plan_change_count, renewal_count) AS (
    SELECT b.id, ${NAME}, b.npn_number, b.role, 0, EXISTS (SELECT 1 FROM brokers c WHERE c.upline_user_id = b.id),
      COALESCE(ro.n, 0), COALESCE(ro.pc, 0), COALESCE(ro.r, 0)
    FROM brokers b LEFT JOIN rolled ro ON ro.id = b.id LEFT JOIN names nm ON nm.id = b.id WHERE ${level}
    ${ownRow}
  ),
  rows AS (SELECT *, new_count + plan_change_count + renewal_count AS total FROM level_rows)
  SELECT * FROM rows WHERE (total > 0 OR own = 1) ${searchSql}`;
  return { sql, args };
}

/** The policies of the level per month (the chart): the opened agency's whole hierarchy, or every broker's. */
export function seriesQuery(f: ProductionFilter): { sql: string; args: InValue[] } {
  const policies = policyWhere(f);
  const scope =
    f.agencyId == null
      ? "p.user_id IN (SELECT id FROM brokers)"
      : "p.user_id IN (SELECT member FROM tree WHERE ancestor = ?)";
  return {
    sql: `WITH RECURSIVE ${BROKERS}
    SELECT substr(p.effective_date, 1, 7) AS month, ${COUNTS}
    FROM policies p JOIN carrier_products cp ON cp.id = p.carrier_product_id
    WHERE ${policies.sql} AND ${scope} GROUP BY month ORDER BY month`,
    args: [...policies.args, ...(f.agencyId == null ? [] : [f.agencyId])],
  };
}

/** An agency and its uplines, itself first (the breadcrumbs, reversed): id, name, role. */
export function uplinesQuery(agencyId: number): { sql: string; args: InValue[] } {
  return {
    sql: `WITH RECURSIVE ${NAMES},
    chain(id, depth) AS (
      SELECT ?, 0
      UNION
      SELECT u.upline_user_id, c.depth + 1 FROM chain c JOIN users u ON u.id = c.id
      WHERE u.upline_user_id IS NOT NULL AND c.depth < 20
    )
    SELECT b.id, ${NAME} AS name, b.role FROM chain c JOIN users b ON b.id = c.id LEFT JOIN names nm ON nm.id = b.id
    WHERE b.role IN ('Agent', 'Agency') ORDER BY c.depth`,
    args: [namesArg(), agencyId],
  };
}

/** The agencies (the filter's choices), by name: id, name, npn_number. */
export function agenciesQuery(): { sql: string; args: InValue[] } {
  return {
    sql: `WITH ${NAMES} SELECT b.id, ${NAME} AS name, b.npn_number FROM users b LEFT JOIN names nm ON nm.id = b.id
    WHERE b.role = 'Agency' ORDER BY name COLLATE NOCASE, b.id`,
    args: [namesArg()],
  };
}
