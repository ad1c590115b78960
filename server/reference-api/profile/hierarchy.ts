/**
 * A broker's agency and upline, from one relationship (users.upline_user_id): the profile (profile-details.ts), the
 * admin area's users (admin-people.ts) and a broker's admin page (admin-contracting.ts) all read them here, so an
 * administrator sees what the broker sees (issue 20).
 *
 * - agency: an agency is its own agency; an agent's is the agency they write under (their upline_user_id).
 * - upline: the agency's own upline agency (its upline_user_id); at the top of every hierarchy, the marketing
 *   organisation that runs the portal.
 */
import { agencyNameOf } from "../invitations/routes.ts";

/** The marketing organisation above every top-level agency (and above an agent who writes under no agency). */
export const MARKETING_UPLINE = "Summit Health Marketing";

/**
 * The joins that add `h_agency_*` and `h_upline_*` columns for the users row aliased `u` (with `u.role`):
 * `SELECT …, ${HIERARCHY_COLUMNS} FROM users u ${hierarchyJoins("u")}`.
 */
export function hierarchyJoins(u: string): string {
  return `LEFT JOIN users h_ag ON h_ag.id = CASE WHEN ${u}.role = 'Agency' THEN ${u}.id ELSE ${u}.upline_user_id END
    LEFT JOIN users h_up ON h_up.id = h_ag.upline_user_id`;
}
export const HIERARCHY_COLUMNS = `h_ag.id AS h_agency_id, h_ag.first_name AS h_agency_first_name,
    h_ag.last_name AS h_agency_last_name, h_up.id AS h_upline_id, h_up.first_name AS h_upline_first_name,
    h_up.last_name AS h_upline_last_name`;

export interface Hierarchy {
  agency: string | null;
  upline: string;
}

/** The names of a row selected with HIERARCHY_COLUMNS. */
export function hierarchyFromRow(r: Record<string, unknown>): Hierarchy {
  const name = (prefix: "h_agency" | "h_upline") =>
    r[`${prefix}_id`] == null
      ? null
      : agencyNameOf(Number(r[`${prefix}_id`]), String(r[`${prefix}_first_name`]), String(r[`${prefix}_last_name`]));
  return { agency: name("h_agency"), upline: name("h_upline") ?? MARKETING_UPLINE };
}
